/**
 * Turns an operator's player URL template into the frame URL for one title: fills {type}, {id},
 * {season} and {episode} and appends the connection-quality hint. A film has no season or
 * episode, so path segments and query parameters made only of those placeholders are dropped.
 */
import type { MediaType } from '../../../worker/catalog/types'
import { withQualityQuery, type ConnectionQuality } from './connection-quality'

export interface EmbedTarget {
  type: MediaType
  id: number
  season?: number
  episode?: number
}

export function fillTemplate(template: string, target: EmbedTarget): string {
  const values: Record<string, string> = {
    type: target.type,
    id: String(target.id),
    season: target.type === 'tv' ? String(target.season ?? 1) : '',
    episode: target.type === 'tv' ? String(target.episode ?? 1) : '',
  }
  const filled = template.replace(/\{(type|id|season|episode)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? ''))
  const url = new URL(filled)
  if (target.type === 'movie') {
    url.pathname = url.pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
    for (const [key, value] of [...url.searchParams]) if (value === '') url.searchParams.delete(key)
  }
  return url.toString()
}

export function embedUrl(template: string, target: EmbedTarget, quality: ConnectionQuality): string {
  return withQualityQuery(fillTemplate(template, target), quality)
}
