/** Small facts derived from a catalogue item, shared by cards, rows, heroes and title pages. */
import type { ListItem } from '../../worker/catalog/types'

export function titleOf(item: Pick<ListItem, 'title' | 'name'>): string {
  return item.title || item.name || 'Unknown'
}

export function yearOf(item: Pick<ListItem, 'release_date' | 'first_air_date'>): string {
  const date = item.release_date || item.first_air_date
  return date ? date.slice(0, 4) : ''
}

/**
 * Whether a title has a rating to show: a title nobody has rated yet (a film before its release)
 * answers 0, which is not a rating of zero.
 */
export function hasRating(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
}

export function ratingOf(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : '0.0'
}

export { runtimeText } from '../../worker/catalog/title-facts'
