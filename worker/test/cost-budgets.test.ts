/**
 * What each kind of request costs, counted through wrappers on every binding it may use: D1
 * statements and rows read per database (accounts, catalogue), KV reads and writes, and requests to
 * the single-flight Durable Objects. The budgets of an anonymous visitor: no query on the accounts
 * database for any page the worker serves or any call those pages make, in an isolate that has
 * served it before (warm) or in a fresh one (cold, every isolate memo forgotten); and a page whose
 * data is in KV costs a fresh isolate no D1 query at all. The figures are printed as a table
 * (docs/SCALING.md takes them from there).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type CachedEntry, pageCacheKey } from '../cache'
import app from '../index'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { forgetKeptPages, keptPageKey } from './helpers/kept-pages'
import { OG_EDITION } from '../og/card'
import { call, createUser } from './helpers/accounts'
import { countFlights, countKv } from './helpers/bindings'
import { countD1 } from './helpers/d1-counter'
import { loadCatalog, newDataHash } from './catalog-data'

// Dozens of requests, each counted and its reads run again for their rows: past the 5 s default.
const TIMEOUT_MS = 120_000

interface Cost {
  kind: string
  status: number
  accountsQueries: number
  accountsRows: number
  catalogQueries: number
  catalogRows: number
  kvReads: number
  kvWrites: number
  objectRequests: number
}

const table: Cost[] = []

/** One request through the app with every binding counted, returning once its leftover work is done. */
async function measure(kind: string, path: string, headers: Record<string, string> = {}): Promise<Cost> {
  const accounts = countD1(env.DB)
  const catalog = countD1(env.CATALOG)
  const kv = countKv(env.CACHE)
  const flights = countFlights(env.SINGLE_FLIGHT)
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`http://localhost${path}`, { headers }), { ...env, DB: accounts.db, CATALOG: catalog.db, CACHE: kv.kv, SINGLE_FLIGHT: flights.flights }, ctx)
  await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  const cost: Cost = {
    kind,
    status: res.status,
    accountsQueries: accounts.queries(),
    accountsRows: await accounts.rowsRead(),
    catalogQueries: catalog.queries(),
    catalogRows: await catalog.rowsRead(),
    kvReads: kv.reads.length,
    kvWrites: kv.writes.length,
    objectRequests: flights.calls.length,
  }
  table.push(cost)
  return cost
}

function printTable() {
  const head = ['request', 'status', 'DB queries', 'DB rows', 'CATALOG queries', 'CATALOG rows', 'KV reads', 'KV writes', 'DO requests']
  const rows = table.map((c) => [c.kind, c.status, c.accountsQueries, c.accountsRows, c.catalogQueries, c.catalogRows, c.kvReads, c.kvWrites, c.objectRequests].map(String))
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`
  console.log(['', line(head), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n'))
}

let listSlug = ''

beforeAll(async () => {
  await loadCatalog()
  const owner = await createUser()
  const made = await call('/api/me/lists', { cookie: owner.cookie, body: { name: 'Counted', is_public: true } })
  listSlug = (await made.json<{ list: { slug: string } }>()).list.slug
  await call(`/api/me/lists/${listSlug}/items`, { cookie: owner.cookie, body: { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null } })
})

const HTML = { Accept: 'text/html' }

afterEach(() => {
  vi.useRealTimers()
})

/** Every page the worker serves with its data, and every call those pages make signed out. */
function anonymousRequests(): [string, string, Record<string, string>?][] {
  return [
    ['page /', '/', HTML],
    ['page /movies', '/movies', HTML],
    ['page /tv-shows', '/tv-shows', HTML],
    ['page /tv-shows?service=netflix', '/tv-shows?service=netflix', HTML],
    ['page /kids', '/kids', HTML],
    ['page /genres', '/genres', HTML],
    ['page /genre/28', '/genre/28', HTML],
    ['page /top-imdb', '/top-imdb', HTML],
    ['page /movies/all (sorted, filtered)', '/movies/all?genre=28&sort=newest&from=1990&rating=7', HTML],
    ['page /browse/trending-all', '/browse/trending-all', HTML],
    ['page /search', '/search', HTML],
    ['page /movie/155', '/movie/155', HTML],
    ['page /tv/1399?season=2&episode=1', '/tv/1399?season=2&episode=1', HTML],
    ['page /es', '/es', HTML],
    ['page /ja/movie/155', '/ja/movie/155', HTML],
    ['page /ar/tv/1399', '/ar/tv/1399', HTML],
    ['page /list/{slug}', `/list/${listSlug}`, HTML],
    ['GET /api/config', '/api/config'],
    ['GET /api/auth/me (no cookie)', '/api/auth/me'],
    ['GET /api/player/config', '/api/player/config'],
    ['GET /api/player/stream/movie/155', '/api/player/stream/movie/155'],
    ['GET /api/player/stream/tv/1399 S2E1', '/api/player/stream/tv/1399?season=2&episode=1'],
    ['GET /api/catalog/pages/home', '/api/catalog/pages/home'],
    ['GET /api/catalog/discover/movie (genre)', '/api/catalog/discover/movie?with_genres=28&page=2'],
    [
      'GET /api/catalog/discover/movie (a filtered grid)',
      '/api/catalog/discover/movie?with_genres=28&sort_by=primary_release_date.desc&primary_release_date.gte=1990-01-01&vote_average.gte=7&with_runtime.lte=120&certification=R&page=1',
    ],
    ['GET /api/catalog/top-rated/movie', '/api/catalog/top-rated/movie'],
    ['GET /api/catalog/browse?letter=S', '/api/catalog/browse?letter=S'],
    ['GET /api/catalog/lists/trending-tv', '/api/catalog/lists/trending-tv'],
    ['GET /api/catalog/movie/155', '/api/catalog/movie/155'],
    ['GET /api/catalog/tv/1399/season/1', '/api/catalog/tv/1399/season/1'],
    ['GET /api/catalog/movie/155/similar?page=2', '/api/catalog/movie/155/similar?page=2'],
    ['GET /api/catalog/tv/1399/watch', '/api/catalog/tv/1399/watch'],
    ['GET /api/catalog/search?query=star', '/api/catalog/search?query=star'],
    ['GET /api/lists/{slug}', `/api/lists/${listSlug}`],
    ['GET /api/img poster', '/api/img/a2/w500/poster/movie/155.svg'],
    ['GET /api/og title card', `/api/og/${OG_EDITION}/movie/155.png`],
    ['GET /share/movie/155', '/share/movie/155'],
    ['GET /es/share/tv/1399?season=2&episode=1', '/es/share/tv/1399?season=2&episode=1'],
    ['GET /sitemap.xml', '/sitemap.xml'],
    ['GET /robots.txt', '/robots.txt'],
  ]
}

describe('an anonymous visitor', () => {
  it(
    'costs the accounts database nothing, warm or cold, and a fresh isolate no D1 query at all once the data is in KV',
    async () => {
      const requests = anonymousRequests()
      // The first visit anywhere fills KV (and the edge cache), which is not what is budgeted here.
      for (const [, path, headers] of requests) await measure('(first visit, not counted)', path, headers)
      table.length = 0

      for (const [kind, path, headers] of requests) {
        const warm = await measure(`${kind}, warm`, path, headers)
        expect(warm.status, kind).toBeLessThan(400)
        expect(warm.accountsQueries, `${kind}, warm`).toBe(0)
      }
      for (const [kind, path, headers] of requests) {
        forgetIsolateMemos()
        const cold = await measure(`${kind}, cold`, path, headers)
        expect(cold.accountsQueries, `${kind}, cold`).toBe(0)
        // Only a search, whose words are endless, is asked of D1 by a fresh isolate.
        if (!kind.includes('search?query')) expect(cold.catalogQueries, `${kind}, cold`).toBe(0)
      }
    },
    TIMEOUT_MS,
  )

  it(
    'reaches nothing for a title page a fresh isolate serves where the location has it, and KV, not D1, where it does not',
    async () => {
      for (const path of ['/movie/550', '/tv/1396?season=3&episode=4']) {
        await measure('(first visit, not counted)', path, HTML)
        await vi.waitFor(async () => expect(await caches.default.match(await keptPageKey(path))).toBeDefined())
        forgetIsolateMemos()
        const here = await measure(`title page ${path}, cold, kept in the location`, path, HTML)
        expect(here.status).toBe(200)
        expect(here.catalogQueries + here.accountsQueries + here.objectRequests + here.kvReads).toBe(0)
        forgetIsolateMemos()
        await forgetKeptPages(path)
        const cold = await measure(`title page ${path}, cold`, path, HTML)
        expect(cold.status).toBe(200)
        expect(cold.catalogQueries + cold.accountsQueries).toBe(0)
        expect(cold.objectRequests).toBe(0)
        expect(cold.kvReads).toBeGreaterThan(0)
      }
    },
    TIMEOUT_MS,
  )
})

describe('what making an answer costs', () => {
  it(
    'a title page and a composed page nothing has kept, a composed page past its freshness, the sitemap',
    async () => {
      await newDataHash()
      await forgetKeptPages('/movie/550', '/tv/1396?season=3&episode=4', '/', '/movies', '/tv-shows', '/kids', '/genres')
      await measure('title page /movie/550, nothing kept', '/movie/550', HTML)
      await measure('title page /tv/1396, nothing kept', '/tv/1396?season=3&episode=4', HTML)
      for (const [name, path] of [
        ['home', '/'],
        ['movies', '/movies'],
        ['tv', '/tv-shows'],
        ['kids', '/kids'],
        ['genres', '/genres'],
      ] as const) {
        const hash = await newDataHash()
        const first = await measure(`composed page ${path}, nothing kept`, path, HTML)
        expect(first.accountsQueries).toBe(0)
        // Eleven minutes later, past its ten of freshness, with the catalogue's answers still in KV:
        // served stale, composed again once.
        const key = pageCacheKey(`embedded:${hash}:cards-notes-notice-providers-seeall`, name, 'all')
        vi.useFakeTimers({ toFake: ['Date'] })
        vi.setSystemTime(Date.now() + 11 * 60_000)
        forgetIsolateMemos()
        await forgetKeptPages(path)
        const kv = await measure(`composed page ${path}, stale (composed again)`, path, HTML)
        vi.useRealTimers()
        expect(kv.accountsQueries).toBe(0)
        expect((await env.CACHE.get<CachedEntry<unknown>>(key, 'json'))!.fetchedAt).toBeGreaterThan(Date.now() + 10 * 60_000)
      }
      await env.CACHE.delete('v1:catalog:sitemap:v5:http://localhost')
      forgetIsolateMemos()
      const sitemap = await measure('sitemap.xml, not kept', '/sitemap.xml')
      expect(sitemap.accountsQueries).toBe(1)
      printTable()
    },
    TIMEOUT_MS,
  )
})
