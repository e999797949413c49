/**
 * Numbers, counts and running times as the interface prints them, in the page's language: numbers
 * through `Intl` with the active locale, counts through a catalog message whose plural gives each
 * category the language's rules use (never "1 viewers"), so no caller builds a count from pieces,
 * and running times through catalog messages too.
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

/** A count with its unit: a catalog message id taking `count` (see formatCount). */
export function countWithUnit(count: number, unit: MessageId): string {
  return formatCount(unit, count)
}

/**
 * A running time in minutes: "2h 32m", "2h", "47m" in English, each language its own way; empty
 * when unknown. The units come from the catalogs, not Intl: engines carry different editions of
 * the languages' data ("2h" or "2 Std." in German), and the worker paints pages (web/ssr.tsx) that
 * the browser must write with the very same words when it takes them over.
 */
export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0 || !Number.isFinite(minutes)) return ''
  const hours = Math.floor(minutes / 60)
  const rest = Math.round(minutes % 60)
  if (hours > 0 && rest > 0) return t('common.runtimeHoursMinutes', { hours, minutes: rest })
  return hours > 0 ? t('common.runtimeHours', { hours }) : t('common.runtimeMinutes', { minutes: rest })
}
