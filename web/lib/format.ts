/**
 * Numbers, counts and running times as the interface prints them, in the page's language: numbers
 * and running times through `Intl` with the active locale, counts through a catalog message whose
 * plural gives each category the language's rules use (never "1 viewers"), so no caller builds a
 * count from pieces.
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

/** Intl.DurationFormat, where the browser has it (not yet typed by TypeScript's ES2023 library). */
type DurationFormatter = { format(duration: { hours?: number; minutes?: number }): string }
const DurationFormat = (Intl as unknown as { DurationFormat?: new (locale: string, options: { style: string }) => DurationFormatter }).DurationFormat

const durationFormats = new Map<string, DurationFormatter>()

/**
 * The running time's units in the page's language: narrow ("2h 28m", "2小时28分钟"), except in
 * Japanese, whose narrow units are Latin letters and whose short ones read as Japanese. Without
 * Intl.DurationFormat, the same units joined as the language joins units.
 */
function durationFormat(): DurationFormatter {
  const locale = currentLocale()
  let format = durationFormats.get(locale)
  if (!format) {
    const style = locale === 'ja' ? 'short' : 'narrow'
    if (DurationFormat) {
      format = new DurationFormat(locale, { style })
    } else {
      const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: style })
      const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: style })
      const units = new Intl.ListFormat(locale, { type: 'unit', style })
      format = { format: (d) => units.format([d.hours ? hours.format(d.hours) : '', d.minutes ? minutes.format(d.minutes) : ''].filter(Boolean)) }
    }
    durationFormats.set(locale, format)
  }
  return format
}

/** A running time in minutes: "2h 32m", "2h", "47m" in English, each language its own way; empty when unknown. */
export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0 || !Number.isFinite(minutes)) return ''
  const hours = Math.floor(minutes / 60)
  const rest = Math.round(minutes % 60)
  return durationFormat().format(hours > 0 && rest > 0 ? { hours, minutes: rest } : hours > 0 ? { hours } : { minutes: rest })
}
