/**
 * Answers made once and sent many times (composed pages, the pages the worker serves) are
 * compressed once, not on every request: the text and its gzip are kept together, and each
 * request gets the gzip as-is when its Accept-Encoding accepts gzip, else the text.
 */
export interface Precompressed {
  text: string
  gzip: ArrayBuffer
}

export async function precompress(text: string): Promise<Precompressed> {
  const gzip = await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
  return { text, gzip }
}

/**
 * Whether an Accept-Encoding header (RFC 9110, 12.5.3) accepts gzip: named as gzip or x-gzip, or
 * covered by `*`, with a weight above 0 (`gzip;q=0` refuses it). No header means identity only.
 */
export function acceptsGzip(acceptEncoding: string | undefined | null): boolean {
  let gzip: number | undefined
  let any: number | undefined
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => /^q\s*=/.test(p))
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''))
    const value = Number.isFinite(weight) ? weight : 0
    if (coding === 'gzip' || coding === 'x-gzip') gzip = Math.max(gzip ?? 0, value)
    else if (coding === '*') any = Math.max(any ?? 0, value)
  }
  return (gzip ?? any ?? 0) > 0
}

/** The answer for a request with this Accept-Encoding; `headers` should include Content-Type. */
export function precompressedResponse(body: Precompressed, acceptEncoding: string | undefined, headers: Record<string, string>, status = 200): Response {
  const vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding'
  if (acceptsGzip(acceptEncoding)) {
    // encodeBody 'manual': the bytes are already gzip, the runtime must not compress them again.
    return new Response(body.gzip.slice(0), { status, headers: { ...headers, Vary: vary, 'Content-Encoding': 'gzip' }, encodeBody: 'manual' })
  }
  return new Response(body.text, { status, headers: { ...headers, Vary: vary } })
}
