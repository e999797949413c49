/**
 * A stream host faked at the network boundary: the isolate's fetch answers https://media.example
 * with HLS playlists as a packager writes them (a `master.m3u8` names two renditions and English
 * captions; any other `.m3u8` is a media playlist of three 6 s segments; a `.vtt` is a WebVTT
 * track; `/missing/` answers 404, `/html/` a web page, `/mixed/` a master naming an http://
 * rendition, `/empty/` a master naming none, `/to-http/` a redirect to http://, `/moved/` a
 * redirect to the same path under `/kept/`, `/cut/` an answer whose body breaks off, `/huge/` 1.2 MB
 * in pieces), notes each address asked in `asked`, and
 * refuses any other host. Undone by vi.restoreAllMocks().
 */
import { vi } from 'vitest'

export const MEDIA_HOST = 'https://media.example'

const MASTER = ['#EXTM3U', '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subs/en.m3u8"', '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=854x480,SUBTITLES="subs"', '480p/index.m3u8', '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=426x240,SUBTITLES="subs"', '240p/index.m3u8', ''].join('\n')
const MEDIA = ['#EXTM3U', '#EXT-X-TARGETDURATION:6', '#EXTINF:6.0,', 's0.ts', '#EXTINF:6.0,', 's1.ts', '#EXTINF:6.0,', 's2.ts', '#EXT-X-ENDLIST', ''].join('\n')

export function serveMediaHost(asked: URL[] = []): URL[] {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.origin !== MEDIA_HOST) throw new Error(`unexpected fetch to ${url.hostname}`)
    asked.push(url)
    if (url.pathname.includes('/missing/')) return new Response('not here', { status: 404 })
    if (url.pathname.includes('/to-http/')) return new Response(null, { status: 302, headers: { Location: 'http://media.example/plain/master.m3u8' } })
    if (url.pathname.includes('/moved/')) return new Response(null, { status: 301, headers: { Location: url.pathname.replace('/moved/', '/kept/') } })
    if (url.pathname.includes('/huge/')) {
      // sent in pieces, with no length declared: the cap holds while reading
      const piece = new TextEncoder().encode(`#EXTM3U\n${'#'.repeat(600 * 1024)}\n`)
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(piece)
          controller.enqueue(piece)
          controller.close()
        },
      })
      return new Response(body)
    }
    if (url.pathname.includes('/cut/')) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('#EXTM3U\n'))
          controller.error(new Error('connection reset'))
        },
      })
      return new Response(body)
    }
    if (url.pathname.includes('/mixed/')) return new Response(['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=400000', 'http://media.example/plain/index.m3u8', ''].join('\n'))
    if (url.pathname.includes('/empty/')) return new Response(['#EXTM3U', '#EXT-X-VERSION:3', ''].join('\n'))
    if (url.pathname.includes('/html/')) return new Response('<!doctype html><title>A page</title>', { headers: { 'Content-Type': 'text/html' } })
    if (url.pathname.endsWith('/master.m3u8')) return new Response(MASTER, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } })
    if (url.pathname.endsWith('.m3u8')) return new Response(MEDIA, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } })
    if (url.pathname.endsWith('.vtt')) return new Response('WEBVTT\n\n00:00.000 --> 00:06.000\nsprite.jpg#xywh=0,0,160,90\n', { headers: { 'Content-Type': 'text/vtt' } })
    return new Response('not here', { status: 404 })
  })
  return asked
}
