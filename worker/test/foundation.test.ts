import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import app from '../index'
import { describe, expect, it } from 'vitest'

describe('GET /api/ping', () => {
  it('answers 200 with no-store', async () => {
    const res = await exports.default.fetch('http://localhost/api/ping')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await res.json()).toMatchObject({ ok: true })
  })

  it('answers HEAD with 200, no-store and no body', async () => {
    const res = await exports.default.fetch('http://localhost/api/ping', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await res.text()).toBe('')
  })
})

describe('unknown /api paths', () => {
  it.each(['/api/nope', '/api', '/api/catalog/definitely-not-a-route'])('%s answers a JSON 404', async (path) => {
    const res = await exports.default.fetch(`http://localhost${path}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  it('carries a request id', async () => {
    const res = await exports.default.fetch('http://localhost/api/nope')
    expect(res.headers.get('X-Request-Id')).toMatch(/.{8,}/)
  })
})

describe('GET /api/config', () => {
  it('names the embedded provider when no TMDB key is set and leaks no secret', async () => {
    const res = await exports.default.fetch('http://localhost/api/config')
    expect(res.status).toBe(200)
    const body = await res.json<Record<string, unknown>>()
    expect(body.provider).toBe('embedded')
    expect(body.imageBase).toMatch(/^\/api\/img\/a\d+$/)
    expect(JSON.stringify(body)).not.toContain('test-secret')
  })

  it('is asked again on every load, so a change of the maintenance switch shows at once', async () => {
    const res = await exports.default.fetch('http://localhost/api/config')
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('names the operator’s social pages the deployment sets, https only, and none by default', async () => {
    const social = async (bindings: Cloudflare.Env) => {
      const ctx = createExecutionContext()
      const res = await app.fetch(new Request('http://localhost/api/config'), bindings, ctx)
      await waitOnExecutionContext(ctx)
      expect(res.status).toBe(200)
      return (await res.json<{ social: Record<string, string> }>()).social
    }
    expect(await social(env)).toEqual({})
    const set = JSON.stringify({
      x: 'https://x.com/reelhouse',
      youtube: 'https://www.youtube.com/@reelhouse',
      facebook: 'http://facebook.com/reelhouse',
      instagram: 'javascript:alert(1)',
      myspace: 'https://myspace.com/reelhouse',
    })
    expect(await social({ ...env, SOCIAL_LINKS: set } as Cloudflare.Env)).toEqual({ x: 'https://x.com/reelhouse', youtube: 'https://www.youtube.com/@reelhouse' })
    for (const broken of ['not json', '["https://x.com/a"]', '"https://x.com/a"', 'null']) {
      expect(await social({ ...env, SOCIAL_LINKS: broken } as Cloudflare.Env), broken).toEqual({})
    }
  })
})

describe('schema', () => {
  it('has the account tables with the unique keys the lists rely on', async () => {
    const { env } = await import('cloudflare:workers')
    const rows = await env.DB.prepare(
      "select name from sqlite_master where type = 'index' and name like '%_unique'",
    ).all<{ name: string }>()
    const names = rows.results.map((r) => r.name)
    expect(names).toEqual(
      expect.arrayContaining(['watchlist_owner_content_unique', 'watch_history_owner_content_unique', 'users_email_unique']),
    )
  })
})

describe('the two databases', () => {
  const tables = async (db: D1Database) =>
    (await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name").all<{ name: string }>()).results.map((r) => r.name)

  it('keeps the catalogue in its own database and none of it in the accounts database', async () => {
    const accounts = await tables(env.DB)
    const catalogue = await tables(env.CATALOG)
    expect(accounts).toContain('users')
    expect(accounts.filter((name) => name.startsWith('catalog_'))).toEqual([])
    expect(catalogue).toEqual(expect.arrayContaining(['catalog_movies', 'catalog_tv_series', 'catalog_search', 'catalog_meta']))
    expect(catalogue.filter((name) => !name.startsWith('catalog_'))).toEqual([])
  })
})
