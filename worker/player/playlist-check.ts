/**
 * Checks an HLS address before an administrator maps it to a title, by loading it as the player
 * would: the master playlist (a same-site /media/ path from the site's own files, an https address
 * from the network, 5 s and 1 MB at most), the renditions and captions it names, and its first
 * rendition's media playlist, which must list segments. A thumbnails track must be WebVTT. Every
 * address a playlist names must itself be one the player may load (https or same-site /media/).
 */
import type { Bindings } from '../env'
import type { ErrorId } from '../lib/api-errors'
import type { MessageValues } from '../lib/i18n'
import { readWithin } from '../lib/read-within'
import { isAllowedMasterUrl } from './streams'

export const PLAYLIST_TIMEOUT_MS = 5000
export const PLAYLIST_MAX_BYTES = 1024 * 1024
const SAME_SITE = 'https://same-site.invalid'

export interface Rendition {
  resolution: string | null
  bandwidth: number | null
  codecs: string | null
  uri: string
}

export interface MediaTrack {
  name: string
  language: string | null
}

export interface PlaylistReport {
  /** A master playlist names renditions; a media playlist is the one rendition itself. */
  kind: 'master' | 'media'
  renditions: Rendition[]
  captions: MediaTrack[]
  audio: MediaTrack[]
  /** The length of the first rendition, in seconds. */
  duration_seconds: number
  thumbnails: boolean
}

export type PlaylistCheck = { ok: true; report: PlaylistReport } | { ok: false; error: ErrorId; values?: MessageValues }

class CheckFailed extends Error {
  constructor(
    readonly error: ErrorId,
    readonly values?: MessageValues,
  ) {
    super(error)
  }
}

/** An HLS attribute list (`BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1,mp4a"`) as a map. */
export function attributes(list: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    const value = match[2] ?? ''
    found.set(match[1]!, value.startsWith('"') ? value.slice(1, -1) : value)
  }
  return found
}

/** Where `uri`, named by the playlist at `base`, points: an https address or a same-site path, else null. */
function resolve(uri: string, base: string): string | null {
  let url: URL
  try {
    url = new URL(uri, base.startsWith('/') ? `${SAME_SITE}${base}` : base)
  } catch {
    return null
  }
  const address = url.origin === SAME_SITE ? `${url.pathname}${url.search}` : url.href
  return isAllowedMasterUrl(address) ? address : null
}

async function readCapped(res: Response): Promise<string> {
  const declared = Number(res.headers.get('Content-Length') ?? '0')
  if (declared > PLAYLIST_MAX_BYTES) throw new CheckFailed('errors.playlistTooLarge', { max: '1 MB' })
  const reader = res.body?.getReader()
  if (!reader) return ''
  const read = await readWithin(reader, PLAYLIST_MAX_BYTES)
  if ('over' in read) {
    await reader.cancel()
    throw new CheckFailed('errors.playlistTooLarge', { max: '1 MB' })
  }
  return new TextDecoder().decode(read.bytes)
}

const MAX_REDIRECTS = 5

/** An https fetch whose redirects are followed only to addresses the player may load, each checked before it is asked. */
async function fetchFollowingHttps(address: string): Promise<{ res: Response; url: string }> {
  const signal = AbortSignal.timeout(PLAYLIST_TIMEOUT_MS)
  let next = address
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = await fetch(next, { signal, redirect: 'manual', headers: { Accept: 'application/vnd.apple.mpegurl, text/vtt, */*' } })
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('Location') : null
    if (!location) return { res, url: next }
    await res.body?.cancel()
    const target = new URL(location, next).href
    if (!target.startsWith('https://') || !isAllowedMasterUrl(target)) throw new CheckFailed('errors.playlistUnreachable', { address, reason: 'redirected away from https' })
    next = target
  }
  throw new CheckFailed('errors.playlistUnreachable', { address, reason: 'too many redirects' })
}

/** The text at `address`: the site's own file for a /media/ path, else an https fetch that must stay https. */
async function load(env: Bindings, origin: string, address: string): Promise<{ text: string; url: string }> {
  let res: Response
  // where the answer came from, after redirects: what the addresses it names are relative to
  let url = address
  try {
    if (address.startsWith('/')) res = await env.ASSETS.fetch(new Request(new URL(address, origin)))
    else ({ res, url } = await fetchFollowingHttps(address))
  } catch (err) {
    if (err instanceof CheckFailed) throw err
    throw new CheckFailed('errors.playlistUnreachable', { address, reason: 'no answer' })
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new CheckFailed('errors.playlistUnreachable', { address, reason: `HTTP ${res.status}` })
  }
  try {
    return { text: await readCapped(res), url }
  } catch (err) {
    // a body cut off or trickling past the time limit is the host's failure, not ours
    if (err instanceof CheckFailed) throw err
    throw new CheckFailed('errors.playlistUnreachable', { address, reason: 'the answer was cut off or too slow' })
  }
}

function lines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
}

function mediaDuration(text: string): number {
  let total = 0
  for (const line of lines(text)) {
    const match = /^#EXTINF:([0-9.]+)/.exec(line)
    if (match) total += Number(match[1])
  }
  return Math.round(total * 10) / 10
}

export async function checkPlaylist(env: Bindings, origin: string, masterUrl: string, thumbnailsUrl?: string | null): Promise<PlaylistCheck> {
  try {
    const { text, url: base } = await load(env, origin, masterUrl)
    const all = lines(text)
    if (all[0] !== '#EXTM3U') throw new CheckFailed('errors.playlistNotHls')
    const renditions: Rendition[] = []
    const captions: MediaTrack[] = []
    const audio: MediaTrack[] = []
    let kind: PlaylistReport['kind'] = 'master'
    let firstMedia: string
    if (all.some((line) => line.startsWith('#EXTINF'))) {
      kind = 'media'
      renditions.push({ resolution: null, bandwidth: null, codecs: null, uri: masterUrl })
      firstMedia = text
    } else {
      for (let i = 0; i < all.length; i++) {
        const line = all[i]!
        if (line.startsWith('#EXT-X-STREAM-INF:')) {
          const attrs = attributes(line.slice('#EXT-X-STREAM-INF:'.length))
          const uri = all[i + 1]
          if (!uri || uri.startsWith('#')) continue
          const address = resolve(uri, base)
          if (!address) throw new CheckFailed('errors.playlistBadAddress', { uri })
          const bandwidth = Number(attrs.get('BANDWIDTH'))
          renditions.push({ resolution: attrs.get('RESOLUTION') ?? null, bandwidth: Number.isFinite(bandwidth) ? bandwidth : null, codecs: attrs.get('CODECS') ?? null, uri: address })
        } else if (line.startsWith('#EXT-X-MEDIA:')) {
          const attrs = attributes(line.slice('#EXT-X-MEDIA:'.length))
          const track = { name: attrs.get('NAME') ?? '', language: attrs.get('LANGUAGE') ?? null }
          const uri = attrs.get('URI')
          if (uri && !resolve(uri, base)) throw new CheckFailed('errors.playlistBadAddress', { uri })
          if (attrs.get('TYPE') === 'SUBTITLES' || attrs.get('TYPE') === 'CLOSED-CAPTIONS') captions.push(track)
          else if (attrs.get('TYPE') === 'AUDIO') audio.push(track)
        }
      }
      if (renditions.length === 0) throw new CheckFailed('errors.playlistNoRenditions')
      renditions.sort((a, b) => (a.bandwidth ?? 0) - (b.bandwidth ?? 0))
      firstMedia = (await load(env, origin, renditions[0]!.uri)).text
      if (lines(firstMedia)[0] !== '#EXTM3U' || !firstMedia.includes('#EXTINF')) throw new CheckFailed('errors.playlistRenditionBroken', { uri: renditions[0]!.uri })
    }
    if (thumbnailsUrl) {
      const { text: track } = await load(env, origin, thumbnailsUrl)
      if (!track.replace(/^\uFEFF/, '').startsWith('WEBVTT')) throw new CheckFailed('errors.thumbnailsNotVtt')
    }
    return { ok: true, report: { kind, renditions, captions, audio, duration_seconds: mediaDuration(firstMedia), thumbnails: !!thumbnailsUrl } }
  } catch (err) {
    if (err instanceof CheckFailed) return { ok: false, error: err.error, values: err.values }
    throw err
  }
}
