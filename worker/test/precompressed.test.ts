// Answers compressed once and kept (composed pages, the pages the worker serves) go out as that
// gzip only to clients whose Accept-Encoding accepts gzip; every other client gets the text.
// Through real requests in workerd, against the embedded catalogue.
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { acceptsGzip } from '../lib/precompressed'
import { loadCatalog } from './catalog-data'

vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  await loadCatalog()
})

const GZIP = ['gzip', 'GZIP', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8, *;q=0.1', 'x-gzip', '*', 'identity;q=0.5, *;q=0.2', 'gzip;q=0, gzip;q=0.5']
const IDENTITY = [undefined, '', 'identity', 'br', 'deflate, br, zstd', 'gzip;q=0', 'GZIP; Q=0', 'gzip;q=0.000, *', '*;q=0', 'br, *;q=0', 'gzipped', 'gzip;q=abc']

describe('acceptsGzip', () => {
  it('reads codings, x-gzip, the wildcard and weights', () => {
    for (const header of GZIP) expect(acceptsGzip(header), header).toBe(true)
    for (const header of IDENTITY) expect(acceptsGzip(header), String(header)).toBe(false)
  })
})

async function fetchWith(path: string, acceptEncoding: string | undefined, accept = '*/*') {
  const headers: Record<string, string> = { Accept: accept }
  if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding
  return exports.default.fetch(`http://localhost${path}`, { headers })
}

describe.each([
  ['GET /api/catalog/pages/kids', '/api/catalog/pages/kids', '*/*'],
  ['GET / (the page the worker serves)', '/', 'text/html'],
])('%s', (_name, path, accept) => {
  it('sends the kept gzip to clients that accept gzip, and the same content', async () => {
    const plain = await (await fetchWith(path, undefined, accept)).text()
    expect(plain.length).toBeGreaterThan(500)
    for (const header of GZIP) {
      const res = await fetchWith(path, header, accept)
      expect(res.status, header).toBe(200)
      expect(res.headers.get('content-encoding'), header).toBe('gzip')
      expect(res.headers.get('vary'), header).toContain('Accept-Encoding')
      // The runtime's fetch decodes the body once, as a browser does: the kept gzip was not compressed again.
      expect(await res.text(), header).toBe(plain)
    }
  })

  it('sends identity to every other client', async () => {
    const plain = await (await fetchWith(path, undefined, accept)).text()
    for (const header of IDENTITY) {
      const res = await fetchWith(path, header, accept)
      expect(res.status, String(header)).toBe(200)
      expect(res.headers.get('content-encoding'), String(header)).toBeNull()
      expect(res.headers.get('vary'), String(header)).toContain('Accept-Encoding')
      const bytes = new Uint8Array(await res.arrayBuffer())
      // Not gzip's magic number: the text itself.
      expect([bytes[0], bytes[1]], String(header)).not.toEqual([0x1f, 0x8b])
      expect(new TextDecoder().decode(bytes), String(header)).toBe(plain)
    }
  })
})
