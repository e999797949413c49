/** Small facts derived from a catalogue item, shared by cards, rows, heroes and title pages. */
import type { ListItem } from '../../worker/catalog/types'
import { t } from '../i18n'
import { formatNumber, formatRuntime } from './format'

export function titleOf(item: Pick<ListItem, 'title' | 'name'>): string {
  return item.title || item.name || t('cards.unknownTitle')
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

/** A rating with one decimal, as the page's language writes numbers ("8.9", "8,9"). */
export function ratingOf(value: number | null | undefined): string {
  return formatNumber(typeof value === 'number' && Number.isFinite(value) ? value : 0, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

/** A running time in the page's language ("2h 32m" in English); empty when unknown. */
export const runtimeText = formatRuntime
