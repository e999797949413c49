// Curated rows: an administrator past the second factor drafts a page's layout (rows in an order,
// titles per language, rows of a genre, a public list, a search, hand-picked titles, the hero's
// picks), previews it, publishes it (the site's API and painted page show it at once in this
// isolate) and restores an earlier version or the built-in rows; bad layouts are refused with a
// 400 that names the problem and keep nothing; the Kids page's rule holds for every row put on it.
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LayoutState, PageLayout, PublishedAnswer } from '../catalog/layout-schema'
import { PUBLISHED_LAYOUTS_KEY } from '../catalog/layouts'
import { isKidsCertification } from '../catalog/rules'
import type { MovieDetails, PageComposition, TvDetails } from '../catalog/types'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { loadCatalog } from './catalog-data'
import { call, createAdmin, createUser, makeList, type TestAccount } from './helpers/accounts'

vi.setConfig({ testTimeout: 60_000 })

let admin: TestAccount

beforeAll(async () => {
  await loadCatalog()
  admin = await createAdmin()
})

afterEach(async () => {
  await env.DB.prepare('DELETE FROM page_layouts').run()
  await env.CACHE.delete(PUBLISHED_LAYOUTS_KEY)
  forgetIsolateMemos()
})

const HOME_KEYS = ['trending', 'popular-movies', 'top-rated', 'now-playing', 'coming-soon', 'action', 'comedy', 'drama', 'horror', 'documentary', 'animation', 'family', 'popular-tv', 'top-rated-tv', 'on-the-air', 'trending-tv', 'trending-movies']

async function page(name: string, headers: Record<string, string> = {}): Promise<PageComposition> {
  const res = await call(`/api/catalog/pages/${name}`, { headers })
  expect(res.status).toBe(200)
  return res.json<PageComposition>()
}

async function state(name: string, headers: Record<string, string> = {}): Promise<LayoutState> {
  const res = await call(`/api/admin/layouts/${name}`, { cookie: admin.cookie, headers })
  expect(res.status, await res.clone().text()).toBe(200)
  return res.json<LayoutState>()
}

function saveDraft(name: string, layout: unknown) {
  return call(`/api/admin/layouts/${name}/draft`, { method: 'PUT', cookie: admin.cookie, body: layout })
}

async function publish(name: string): Promise<PublishedAnswer> {
  const res = await call(`/api/admin/layouts/${name}/publish`, { method: 'POST', cookie: admin.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return res.json<PublishedAnswer>()
}

async function restore(name: string, version: number): Promise<PublishedAnswer> {
  const res = await call(`/api/admin/layouts/${name}/restore`, { cookie: admin.cookie, body: { version } })
  expect(res.status, await res.clone().text()).toBe(200)
  return res.json<PublishedAnswer>()
}

async function details(type: 'movie' | 'tv', id: number): Promise<MovieDetails | TvDetails> {
  const res = await call(`/api/catalog/${type}/${id}`)
  expect(res.status).toBe(200)
  return res.json<MovieDetails | TvDetails>()
}

/** Two films of the Popular Movies row, and a title of the Kids page's and one no child may see. */
async function someTitles() {
  const home = await page('home')
  const films = home.rows.find((row) => row.key === 'popular-movies')!.items.slice(0, 2).map((item) => ({ type: 'movie' as const, id: item.id }))
  const kidsFilm = (await page('kids')).rows[0]!.items[0]!
  let adultFilm: MovieDetails | null = null
  for (const item of home.rows.find((row) => row.key === 'horror')!.items) {
    const found = (await details('movie', item.id)) as MovieDetails
    if (!isKidsCertification('movie', found.certification)) {
      adultFilm = found
      break
    }
  }
  return { films, kidsFilm: { type: kidsFilm.media_type, id: kidsFilm.id }, adultFilm: adultFilm! }
}

describe('who may edit the rows', () => {
  it('is an administrator past the second factor: 401 signed out, 403 for a user or an administrator without it', async () => {
    const user = await createUser()
    const halfway = await createAdmin({ secondFactor: false })
    const layout = { hero: [], rows: [{ kind: 'built-in', key: 'trending' }] }
    const attempts = [
      ['GET', '/api/admin/layouts/home', undefined],
      ['PUT', '/api/admin/layouts/home/draft', layout],
      ['DELETE', '/api/admin/layouts/home/draft', undefined],
      ['GET', '/api/admin/layouts/home/preview', undefined],
      ['POST', '/api/admin/layouts/home/publish', undefined],
      ['POST', '/api/admin/layouts/home/restore', { version: 0 }],
    ] as const
    for (const [method, path, body] of attempts) {
      expect((await call(path, { method, body })).status, `${method} ${path} signed out`).toBe(401)
      expect((await call(path, { method, body, cookie: user.cookie })).status, `${method} ${path} user`).toBe(403)
      expect((await call(path, { method, body, cookie: halfway.cookie })).status, `${method} ${path} no second factor`).toBe(403)
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM page_layouts').first('n')).toBe(0)
  })
})

describe('a page nobody edited', () => {
  it('lists its built-in rows in their order, titled in the administrator’s language, with nothing drafted or published', async () => {
    const english = await state('home')
    expect(english.builtIn.map((row) => row.key)).toEqual(HOME_KEYS)
    expect(english.builtIn[0]!.title).toBe('Trending Now')
    expect(english.defaults).toEqual({ hero: [], rows: HOME_KEYS.map((key) => ({ kind: 'built-in', key })) })
    expect(english).toMatchObject({ page: 'home', published: null, draft: null, versions: [] })
    const spanish = await state('home', { 'Accept-Language': 'es' })
    expect(spanish.builtIn[0]!.title).toBe((await page('home', { 'Accept-Language': 'es' })).rows[0]!.title)
    expect(spanish.builtIn[0]!.title).not.toBe('Trending Now')
    expect((await call('/api/admin/layouts/genres', { cookie: admin.cookie })).status).toBe(400)
  })
})

describe('drafting, previewing, publishing and restoring', () => {
  it('shows a published layout on the site at once, in each language, and restores the built-in rows and the earlier version', async () => {
    const { films } = await someTitles()
    const before = await page('home')
    const layout: PageLayout = {
      hero: [films[1]!],
      rows: [
        { kind: 'built-in', key: 'action' },
        { kind: 'picks', key: 'c-staff', titles: { en: 'Staff picks', ja: 'スタッフのおすすめ' }, items: films },
        { kind: 'built-in', key: 'trending' },
        { kind: 'built-in', key: 'comedy', titles: { en: 'Laughs', es: 'Risas' } },
        { kind: 'genre', key: 'c-war', titles: { en: 'War films' }, type: 'movie', genre: 10752 },
        { kind: 'search', key: 'c-star', titles: { en: 'Stars' }, query: 'star', type: 'movie' },
        // horror and the others are left out
      ],
    }
    const saved = await saveDraft('home', layout)
    expect(saved.status, await saved.clone().text()).toBe(200)
    expect((await saved.json<{ draft: { layout: PageLayout; saved: { by: string } } }>()).draft).toMatchObject({ layout, saved: { by: admin.username } })

    // a draft changes nothing on the site, and previews as it would show
    expect((await page('home')).rows.map((row) => row.key)).toEqual(before.rows.map((row) => row.key))
    const preview = await call('/api/admin/layouts/home/preview', { cookie: admin.cookie })
    expect(preview.status).toBe(200)
    expect(preview.headers.get('Cache-Control')).toBe('private, no-store')
    const previewed = await preview.json<PageComposition>()
    expect(previewed.rows.map((row) => row.key)).toEqual(['action', 'c-staff', 'trending', 'comedy', 'c-war', 'c-star'])
    const drafted = await state('home')
    expect(drafted.draft?.layout).toEqual(layout)
    expect(drafted.published).toBeNull()

    const { published } = await publish('home')
    expect(published.layout).toEqual(layout)
    const shown = await page('home')
    expect(shown.rows.map((row) => row.key)).toEqual(['action', 'c-staff', 'trending', 'comedy', 'c-war', 'c-star'])
    expect(shown.rows.map((row) => row.title)).toEqual(['Action', 'Staff picks', 'Trending Now', 'Laughs', 'War films', 'Stars'])
    expect(shown.rows[1]!.items.map((item) => item.id)).toEqual(films.map((film) => film.id))
    expect(shown.rows[1]!.seeAll).toBeUndefined()
    expect(shown.rows[4]!.seeAll).toBe('/movies/all?genre=10752')
    expect(shown.rows[5]!.seeAll).toBe('/search-results?q=star')
    expect(shown.rows[5]!.items.length).toBeGreaterThan(0)
    expect(shown.rows[5]!.items.every((item) => item.media_type === 'movie')).toBe(true)
    expect(shown.hero.map((item) => item.id)).toEqual([films[1]!.id])
    const spanish = await page('home', { 'Accept-Language': 'es' })
    expect(spanish.rows[3]!.title).toBe('Risas')
    // no Spanish title given: the English one; a built-in row keeps its translation
    expect(spanish.rows[1]!.title).toBe('Staff picks')
    const spanishAction = (await page('movies', { 'Accept-Language': 'es' })).rows.find((row) => row.key === 'action')!.title
    expect(spanishAction).not.toBe('Action')
    expect(spanish.rows[0]!.title).toBe(spanishAction)
    expect((await page('home', { 'Accept-Language': 'ja' })).rows[1]!.title).toBe('スタッフのおすすめ')

    // the painted page shows it too
    const html = await (await call('/', { headers: { Accept: 'text/html' } })).text()
    expect(html).toContain('Staff picks')
    expect(html).not.toContain('>Horror<')

    const history = await state('home')
    expect(history.draft).toBeNull()
    expect(history.published).toMatchObject({ version: published.version, layout, published: { by: admin.username } })

    // the built-in rows, then the version before
    const builtIn = await restore('home', 0)
    expect(builtIn.published.layout).toBeNull()
    expect((await page('home')).rows.map((row) => row.key)).toEqual(HOME_KEYS)
    expect(await (await call('/', { headers: { Accept: 'text/html' } })).text()).not.toContain('Staff picks')
    const again = await restore('home', published.version)
    expect(again.published.version).toBeGreaterThan(builtIn.published.version)
    expect((await page('home')).rows.map((row) => row.title)).toContain('Staff picks')
    const versions = (await state('home')).versions
    expect(versions.map((v) => [v.version, v.builtIn, v.rows])).toEqual([
      [again.published.version, false, 6],
      [builtIn.published.version, true, 0],
      [published.version, false, 6],
    ])
    // preview a version, or the built-in rows
    const previewOld = await call(`/api/admin/layouts/home/preview?version=${builtIn.published.version}`, { cookie: admin.cookie })
    expect((await previewOld.json<PageComposition>()).rows.map((row) => row.key)).toEqual(HOME_KEYS)
    expect((await call('/api/admin/layouts/home/preview?version=999999', { cookie: admin.cookie })).status).toBe(404)
  })

  it('keeps a draft until it is published or discarded, and says when there is none', async () => {
    const layout = { hero: [], rows: [{ kind: 'built-in', key: 'comedy' }, { kind: 'built-in', key: 'popular' }] }
    expect((await saveDraft('movies', layout)).status).toBe(200)
    // saving again replaces the draft
    const second = { hero: [], rows: [{ kind: 'built-in', key: 'drama' }] }
    expect((await saveDraft('movies', second)).status).toBe(200)
    expect((await state('movies')).draft?.layout).toEqual(second)
    expect(await env.DB.prepare("SELECT count(*) AS n FROM page_layouts WHERE page = 'movies'").first('n')).toBe(1)
    const discarded = await call('/api/admin/layouts/movies/draft', { method: 'DELETE', cookie: admin.cookie })
    expect(discarded.status).toBe(200)
    expect((await state('movies')).draft).toBeNull()
    expect((await call('/api/admin/layouts/movies/draft', { method: 'DELETE', cookie: admin.cookie })).status).toBe(404)
    const nothing = await call('/api/admin/layouts/movies/publish', { method: 'POST', cookie: admin.cookie })
    expect(nothing.status).toBe(409)
    expect(await nothing.json()).toEqual({ error: 'There are no unpublished changes to publish' })
    expect((await call('/api/admin/layouts/movies/restore', { cookie: admin.cookie, body: { version: 424242 } })).status).toBe(404)
    // the site never changed
    expect((await page('movies')).rows[0]!.key).toBe('popular')
  })
})

describe('a draft saved before a restore', () => {
  it('is what the site shows once published, as the newest version', async () => {
    const first = { hero: [], rows: [{ kind: 'built-in', key: 'drama' }, { kind: 'built-in', key: 'popular' }] }
    expect((await saveDraft('movies', first)).status).toBe(200)
    const { published: one } = await publish('movies')
    const draft = { hero: [], rows: [{ kind: 'built-in', key: 'comedy' }] }
    expect((await saveDraft('movies', draft)).status).toBe(200)
    // a restore while the draft waits: the draft is kept
    await restore('movies', 0)
    expect((await state('movies')).draft?.layout).toEqual(draft)
    const { published: shown } = await publish('movies')
    expect(shown.version).toBeGreaterThan(one.version)
    expect((await page('movies')).rows.map((row) => row.key)).toEqual(['comedy'])
    const after = await state('movies')
    expect(after.draft).toBeNull()
    expect(after.published?.version).toBe(shown.version)
    expect(after.versions.map((v) => v.version)).toEqual([...after.versions.map((v) => v.version)].sort((a, b) => b - a))
  })
})

describe('a layout the worker refuses', () => {
  it('answers 400 naming the problem, in the administrator’s language, and keeps nothing', async () => {
    const { films } = await someTitles()
    const owner = await createUser()
    const privateList = await makeList(owner, { name: 'Weekend films', is_public: false }, films)
    const row = (extra: Record<string, unknown>) => ({ hero: [], rows: [{ kind: 'built-in', key: 'trending' }, extra] })
    const cases: [unknown, string][] = [
      [row({ kind: 'built-in', key: 'no-such-row' }), 'This page has no built-in row "no-such-row"'],
      [row({ kind: 'built-in', key: 'trending' }), 'The row "trending" appears twice'],
      [row({ kind: 'genre', key: 'war', titles: { en: 'War' }, type: 'movie', genre: 10752 }), 'A new row\'s key must start with "c-" (got "war")'],
      [row({ kind: 'genre', key: 'c-x', titles: { en: 'Kids TV' }, type: 'movie', genre: 10762 }), 'There is no genre 10762 for this kind of title'],
      [row({ kind: 'list', key: 'c-list', titles: { en: 'A list' }, slug: privateList }), `No public list has the address "${privateList}"`],
      [row({ kind: 'picks', key: 'c-p', titles: { en: 'Picks' }, items: [{ type: 'movie', id: 987654321 }] }), 'The catalogue has no film with the id 987654321'],
      [{ hero: [{ type: 'tv', id: 987654321 }], rows: [{ kind: 'built-in', key: 'trending' }] }, 'The catalogue has no series with the id 987654321'],
    ]
    for (const [layout, message] of cases) {
      const res = await saveDraft('home', layout)
      expect(res.status, message).toBe(400)
      expect(await res.json(), message).toEqual({ error: message })
    }
    // the shape itself: an English title, the limits, known kinds
    for (const layout of [
      row({ kind: 'search', key: 'c-s', titles: { es: 'Estrellas' }, query: 'star' }),
      row({ kind: 'search', key: 'c-s', titles: { en: 'x'.repeat(61) }, query: 'star' }),
      row({ kind: 'picks', key: 'c-p', titles: { en: 'Picks' }, items: [] }),
      row({ kind: 'weather', key: 'c-w', titles: { en: 'Weather' } }),
      { hero: [], rows: [] },
      { hero: Array.from({ length: 6 }, () => films[0]), rows: [{ kind: 'built-in', key: 'trending' }] },
      ['rows'],
    ]) {
      const res = await saveDraft('home', layout)
      expect(res.status, JSON.stringify(layout)).toBe(400)
      expect(typeof (await res.json<{ error: string }>()).error).toBe('string')
    }
    // every row within its own 20 picks, yet more than 100 hand-picked titles on the page
    const picks = (n: number) => ({ kind: 'picks', key: `c-p${n}`, titles: { en: `Picks ${n}` }, items: Array.from({ length: 20 }, () => films[0]) })
    const crowded = await saveDraft('home', { hero: [films[0]], rows: [1, 2, 3, 4, 5].map(picks) })
    expect(crowded.status).toBe(400)
    expect(await crowded.json()).toEqual({ error: 'A page may have at most 100 hand-picked titles in all' })
    const malformed = await call('/api/admin/layouts/home/draft', { method: 'PUT', cookie: admin.cookie, body: '{"rows": [', contentType: 'application/json' })
    expect(malformed.status).toBe(400)
    const spanish = await call('/api/admin/layouts/home/draft', { method: 'PUT', cookie: admin.cookie, headers: { 'Accept-Language': 'es' }, body: row({ kind: 'built-in', key: 'nada' }) })
    expect(await spanish.json()).toEqual({ error: 'Esta página no tiene una fila integrada "nada"' })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM page_layouts').first('n')).toBe(0)
    expect((await call('/api/admin/layouts/weather', { cookie: admin.cookie })).status).toBe(400)
  })
})

describe('the Kids page', () => {
  it('refuses a title picked that is not for children, and leaves out such titles from a list or a search put on it', async () => {
    const { kidsFilm, adultFilm } = await someTitles()
    const refused = await saveDraft('kids', { hero: [], rows: [{ kind: 'built-in', key: 'family' }, { kind: 'picks', key: 'c-p', titles: { en: 'Picks' }, items: [kidsFilm, { type: 'movie', id: adultFilm.id }] }] })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: `"${adultFilm.title}" is not rated for children, so it cannot go on the Kids page` })
    const heroRefused = await saveDraft('kids', { hero: [{ type: 'movie', id: adultFilm.id }], rows: [{ kind: 'built-in', key: 'family' }] })
    expect(heroRefused.status).toBe(400)

    // a list's titles can change after it is put on the page: the rule is applied as the page is composed
    const slug = await makeList(await createUser(), { name: 'Weekend films' }, [{ type: 'movie', id: adultFilm.id }, kidsFilm])
    const saved = await saveDraft('kids', {
      hero: [kidsFilm],
      rows: [
        { kind: 'list', key: 'c-list', titles: { en: 'From a list' }, slug },
        { kind: 'search', key: 'c-search', titles: { en: 'Found' }, query: 'the' },
        { kind: 'genre', key: 'c-animation', titles: { en: 'Cartoons' }, type: 'movie', genre: 16 },
        { kind: 'built-in', key: 'family' },
      ],
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    await publish('kids')
    const kids = await page('kids')
    expect(kids.rows.find((row) => row.key === 'c-list')!.items.map((item) => item.id)).toEqual([kidsFilm.id])
    expect(kids.rows.find((row) => row.key === 'c-list')!.seeAll).toBe(`/list/${slug}`)
    expect(kids.hero.map((item) => item.id)).toEqual([kidsFilm.id])
    for (const key of ['c-search', 'c-animation']) {
      const row = kids.rows.find((r) => r.key === key)
      expect(row?.items.length, key).toBeGreaterThan(0)
      for (const item of row!.items) {
        const found = await details(item.media_type, item.id)
        expect(isKidsCertification(item.media_type, found.certification), `${key}: ${item.id} ${found.certification}`).toBe(true)
        expect(found.vote_average).toBeGreaterThanOrEqual(6)
      }
    }
  })
})

describe('other views of an edited page', () => {
  it('narrowed to the visitor’s services keeps what can be narrowed; a TV platform keeps a genre row, not picks', async () => {
    const { films } = await someTitles()
    expect(
      (
        await saveDraft('tv', {
          hero: [],
          rows: [
            { kind: 'genre', key: 'c-crime', titles: { en: 'Crime series' }, type: 'tv', genre: 80 },
            { kind: 'picks', key: 'c-picks', titles: { en: 'Picked' }, items: films },
            { kind: 'built-in', key: 'popular' },
          ],
        })
      ).status,
    ).toBe(200)
    await publish('tv')
    expect((await page('tv')).rows.map((row) => row.key)).toEqual(['c-crime', 'c-picks', 'popular'])
    const netflix = await page('tv?service=netflix')
    expect(netflix.rows.map((row) => row.key)).toEqual(['c-crime', 'popular'])
    const on = await page('tv?on=8')
    expect(on.rows.map((row) => row.key)).not.toContain('c-picks')
    // an unpublished page's variants are untouched
    expect((await page('movies')).rows[0]!.key).toBe('popular')
  })

  it('leaves out a list row whose list is no longer public', async () => {
    const { films } = await someTitles()
    const owner = await createUser()
    const slug = await makeList(owner, { name: 'Weekend films' }, films)
    expect((await saveDraft('movies', { hero: [], rows: [{ kind: 'list', key: 'c-list', titles: { en: 'Listed' }, slug }, { kind: 'built-in', key: 'popular' }] })).status).toBe(200)
    expect((await call(`/api/me/lists/${slug}`, { method: 'PATCH', cookie: owner.cookie, body: { is_public: false } })).status).toBe(200)
    await publish('movies')
    expect((await page('movies')).rows.map((row) => row.key)).toEqual(['popular'])
  })
})
