/**
 * The player's sources and the operator's download and ad links. The operator lists embed
 * sources in PLAYER_SOURCES (JSON of { name, url } with {type}, {id}, {season}, {episode}
 * placeholders); nothing third-party is built in. An unset or malformed value falls back to the
 * lawful built-ins: our HLS player and the title's trailer. A bad value is logged and ignored
 * rather than failing every title page.
 */
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

function isHttpsTemplate(template: string): boolean {
  try {
    // Placeholders are filled with digits or a media type, so a sample fill proves the shape.
    const url = new URL(template.replace(placeholder, '1'))
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password
  } catch {
    return false
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
  if (!raw || !raw.trim()) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    console.warn(JSON.stringify({ level: 'warn', message: 'PLAYER_SOURCES is not valid JSON; using the built-in sources' }))
    return null
  }
  const parsed = configuredSources.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'PLAYER_SOURCES is malformed; using the built-in sources',
        issue: issue ? `${issue.path.join('.')}: ${issue.message}` : undefined,
      }),
    )
    return null
  }
  return parsed.data.map((s, i) => ({ id: `source-${i + 1}`, name: s.name, kind: 'embed', template: s.url }))
}

export function playerSources(raw: string | undefined): PlayerSource[] {
  return parsePlayerSources(raw) ?? builtInSources
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
