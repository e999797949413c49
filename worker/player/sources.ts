/**
 * The player's sources, the trailer embeds and the operator's download and ad links. The operator
 * lists embed sources in PLAYER_SOURCES (JSON of { name, url } with {type}, {id}, {season},
 * {episode} placeholders); nothing third-party is built in. An unset or malformed value falls
 * back to the lawful built-ins: our HLS player and the title's trailer. Catalogue videos hosted
 * on a video site (TMDB gives a site name and a key) play through TRAILER_EMBEDS, a JSON map from
 * the site name to an embed URL template with {key}. A bad value is logged and ignored rather
 * than failing every title page.
 */
import type { Bindings } from '../env'
import { z } from 'zod'

export type PlayerSource =
  | { id: string; name: string; kind: 'hls' }
  | { id: string; name: string; kind: 'trailer' }
  | { id: string; name: string; kind: 'embed'; template: string }

export const builtInSources: PlayerSource[] = [
  { id: 'reelhouse', name: 'Reelhouse Player', kind: 'hls' },
  { id: 'trailer', name: 'Trailer', kind: 'trailer' },
]

const placeholder = /\{(type|id|season|episode)\}/g
const keyPlaceholder = /\{key\}/g

/** Whether a template, with its placeholders filled by a sample value, is an https:// URL. */
function isHttpsWhenFilled(template: string, fill: RegExp): boolean {
  try {
    const url = new URL(template.replace(fill, '1'))
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password
  } catch {
    return false
  }
}

// Placeholders are filled with digits or a media type, so a sample fill proves the shape.
const isHttpsTemplate = (template: string) => isHttpsWhenFilled(template, placeholder)

function warnConfig(message: string, issue?: z.core.$ZodIssue) {
  console.warn(JSON.stringify({ level: 'warn', message, issue: issue ? `${issue.path.join('.')}: ${issue.message}` : undefined }))
}

/** Parses a JSON setting; a value that is not JSON is logged and read as unset. */
function parseJsonSetting(raw: string | undefined, name: string, fallback: string): unknown {
  if (!raw || !raw.trim()) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    warnConfig(`${name} is not valid JSON; ${fallback}`)
    return undefined
  }
}

const configuredSources = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(60),
      url: z.string().trim().max(2000).refine(isHttpsTemplate, 'must be an https:// URL template'),
    }),
  )
  .min(1)
  .max(12)

/** The operator's sources, or null (with a logged warning) when the value is not a valid list. */
export function parsePlayerSources(raw: string | undefined): PlayerSource[] | null {
  const json = parseJsonSetting(raw, 'PLAYER_SOURCES', 'using the built-in sources')
  if (json === undefined) return null
  const parsed = configuredSources.safeParse(json)
  if (!parsed.success) {
    warnConfig('PLAYER_SOURCES is malformed; using the built-in sources', parsed.error.issues[0])
    return null
  }
  return parsed.data.map((s, i) => ({ id: `source-${i + 1}`, name: s.name, kind: 'embed', template: s.url }))
}

export function playerSources(raw: string | undefined): PlayerSource[] {
  return parsePlayerSources(raw) ?? builtInSources
}

const trailerEmbeds = z
  .record(
    z.string().trim().min(1).max(40),
    z
      .string()
      .trim()
      .max(2000)
      .refine((t) => t.includes('{key}') && isHttpsWhenFilled(t, keyPlaceholder), 'must be an https:// URL template with {key}'),
  )
  .refine((map) => Object.keys(map).length <= 12, 'at most 12 sites')

/**
 * The operator's trailer embeds, keyed by the video site's name in lower case ('youtube'), or an
 * empty map (with a logged warning when the value is malformed): then only directly playable
 * trailers play.
 */
export function parseTrailerEmbeds(raw: string | undefined): Record<string, string> {
  const json = parseJsonSetting(raw, 'TRAILER_EMBEDS', 'no hosted trailers will play')
  if (json === undefined) return {}
  const parsed = trailerEmbeds.safeParse(json)
  if (!parsed.success) {
    warnConfig('TRAILER_EMBEDS is malformed; no hosted trailers will play', parsed.error.issues[0])
    return {}
  }
  return Object.fromEntries(Object.entries(parsed.data).map(([site, template]) => [site.toLowerCase(), template]))
}

/** An operator link (download or ad target): an https:// URL, else treated as unset. */
export function operatorLink(raw: string | undefined, name: string): string | null {
  if (!raw || !raw.trim()) return null
  try {
    const url = new URL(raw.trim())
    if (url.protocol === 'https:') return url.toString()
  } catch {
    // fall through to the warning
  }
  console.warn(JSON.stringify({ level: 'warn', message: `${name} is not an https:// URL; ignoring it` }))
  return null
}

/** What GET /api/player/config answers, and what title pages carry in their first data. */
export function playerConfig(env: Pick<Bindings, 'PLAYER_SOURCES' | 'TRAILER_EMBEDS' | 'DOWNLOAD_URL' | 'AD_URL'>) {
  return {
    sources: playerSources(env.PLAYER_SOURCES),
    trailerEmbeds: parseTrailerEmbeds(env.TRAILER_EMBEDS),
    downloadUrl: operatorLink(env.DOWNLOAD_URL, 'DOWNLOAD_URL'),
    adUrl: operatorLink(env.AD_URL, 'AD_URL'),
  }
}

export type PlayerConfig = ReturnType<typeof playerConfig>
