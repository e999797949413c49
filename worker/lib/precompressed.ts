/**
 * Answers made once and sent many times (composed pages, the pages the worker serves) are
 * compressed once, not on every request: the text and its gzip are kept together, and each
 * request gets the gzip as-is when it accepts gzip, else the text.
 */
export interface Precompressed {
  text: string
  gzip: ArrayBuffer
}

export async function precompress(text: string): Promise<Precompressed> {
  const gzip = await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
  return { text, gzip }
}

/** The answer for a request with this Accept-Encoding; `headers` should include Content-Type. */
export function precompressedResponse(body: Precompressed, acceptEncoding: string | undefined, headers: Record<string, string>, status = 200): Response {
  const vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding'
  if (/\bgzip\b/i.test(acceptEncoding ?? '')) {
    // encodeBody 'manual': the bytes are already gzip, the runtime must not compress them again.
    return new Response(body.gzip.slice(0), { status, headers: { ...headers, Vary: vary, 'Content-Encoding': 'gzip' }, encodeBody: 'manual' })
  }
  return new Response(body.text, { status, headers: { ...headers, Vary: vary } })
}
