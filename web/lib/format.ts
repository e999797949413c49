/**
 * Numbers, counts and running times as the interface prints them, in the page's language: numbers
 * through `Intl` with the active locale, counts through a catalog message whose plural gives each
 * category the language's rules use (never "1 viewers"), so no caller builds a count from pieces.
 */
import { currentLocale, t, type MessageId } from '../i18n'

const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = currentLocale()
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, format)
  }
  return format
}

/** A number as the page's language writes it (1,234 in English, 1.234 in German). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(n)
}

/**
 * A count with its unit from a catalog message taking `count`, for example
 * `{count, plural, one {# viewer} other {# viewers}}`; `#` is the number in the page's language.
 */
export function formatCount(id: MessageId, count: number): string {
  return t(id, { count })
}

/**
 * A count's unit in English only.
 * @deprecated Give `countWithUnit` (or `formatCount`) a catalog message id instead: a unit of two
 * English words cannot follow another language's plural rules.
 */
export interface CountUnit {
  one: string
  other: string
}

const englishPlurals = new Intl.PluralRules('en')

/** A count with its unit: a catalog message id taking `count` (see formatCount), or, deprecated, English words. */
export function countWithUnit(count: number, unit: MessageId | CountUnit): string {
  if (typeof unit === 'string') return formatCount(unit, count)
  return `${formatNumber(count)} ${englishPlurals.select(count) === 'one' ? unit.one : unit.other}`
}

/** A running time: "2h 32m", "2h", "47m" in English, each language its own way; empty when unknown. */
export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0 || !Number.isFinite(minutes)) return ''
  const hours = Math.floor(minutes / 60)
  const rest = Math.round(minutes % 60)
  if (hours === 0) return t('common.runtimeMinutes', { minutes: rest })
  return rest > 0 ? t('common.runtimeHoursMinutes', { hours, minutes: rest }) : t('common.runtimeHours', { hours })
}
