// Every kind of answer the worker builds carries the same security headers, set in one place
// (worker/lib/security-headers.ts): API JSON, validation errors, 401s, unknown API paths, the
// rendered app pages and their 404, share pages, sitemap.xml, robots.txt, drawn images and the
// files of the build the worker hands on. HSTS goes to deployed https origins only, and error
// answers are never cacheable.
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../lib/security-headers'
import { loadCatalog } from './catalog-data'

beforeAll(async () => {
  await loadCatalog()
})

const ANSWERS: [kind: string, path: string, accept: string, status: number][] = [
  ['API JSON', '/api/ping', 'application/json', 200],
  ['catalogue JSON', '/api/catalog/movie/238', 'application/json', 200],
  ['validation error', '/api/catalog/movie/abc', 'application/json', 400],
  ['catalogue 404', '/api/catalog/movie/999999999', 'application/json', 404],
  ['signed out', '/api/me/profile', 'application/json', 401],
  ['unknown API path', '/api/no-such-thing', 'application/json', 404],
  ['rendered home page', '/', 'text/html', 200],
  ['rendered title page', '/movie/238', 'text/html', 200],
  ['app not-found page', '/no-such-page', 'text/html', 404],
  ['share page', '/share/movie/238', 'text/html', 200],
  ['sitemap', '/sitemap.xml', 'application/xml', 200],
  ['robots', '/robots.txt', 'text/plain', 200],
  ['drawn image', '/api/img/w300/poster/movie/238.svg', 'image/svg+xml', 200],
  ['file of the build', '/favicon.svg', 'image/svg+xml', 200],
  ['missing file', '/no-such-file.js', '*/*', 404],
]

async function get(origin: string, path: string, accept: string): Promise<Response> {
  const res = await exports.default.fetch(`${origin}${path}`, { headers: { Accept: accept } })
  await res.arrayBuffer()
  return res
}

describe('security headers', () => {
  it.each(ANSWERS)('%s (%s) carries the full set', async (_kind, path, accept, status) => {
    const res = await get('http://localhost', path, accept)
    expect(res.status, path).toBe(status)
    const svg = res.headers.get('Content-Type')?.startsWith('image/svg+xml')
    const expected = { ...SECURITY_HEADERS, ...(svg ? { 'Content-Security-Policy': IMAGE_CONTENT_SECURITY_POLICY } : {}) }
    for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${path} ${name}`).toBe(value)
    if (!svg) expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
    // plain http on loopback: no HSTS (browsers ignore it there, and it must not stick to localhost)
    expect(res.headers.get('Strict-Transport-Security')).toBeNull()
    if (status >= 400) expect(res.headers.get('Cache-Control'), path).toBe('no-store')
  })

  it.each(ANSWERS)('%s (%s) carries HSTS on a deployed https origin', async (_kind, path, accept) => {
    const res = await get('https://reelhouse.example', path, accept)
    expect(res.headers.get('Strict-Transport-Security'), path).toBe(STRICT_TRANSPORT_SECURITY)
    expect(res.headers.get('X-Frame-Options')).toBe('DENY')
  })
})
