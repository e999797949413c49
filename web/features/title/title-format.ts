/**
 * Numbers, running times, dates, lists and country names on the title pages and in the player, in
 * the page's language (Intl with currentLocale()). The worker's runtimeText stays the English text
 * of its own pages; the web app formats here. Each formatter is made once per locale.
 */
import { createElement, Fragment, type ReactNode } from 'react'
import { currentLocale } from '../../i18n'

function perLocale<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>()
  return () => {
    const locale = currentLocale()
    let formatter = made.get(locale)
    if (formatter === undefined) {
      formatter = make(locale)
      made.set(locale, formatter)
    }
    return formatter
  }
}

/** A running time in minutes as the page prints it: "2h 28m", "2h", "47m"; empty when unknown (one formatter for cards, heroes and title pages). */
export { formatRuntime as runtimeText } from '../../lib/format'

const oneDecimal = perLocale((locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }))

/** A rating out of 10 with one decimal: "8.7", "8,7". */
export function ratingText(value: number): string {
  return oneDecimal().format(value)
}

const wholeNumber = perLocale((locale) => new Intl.NumberFormat(locale))

export function numberText(value: number): string {
  return wholeNumber().format(value)
}

// The catalogue's dates are calendar days: read and printed in UTC so no time zone moves them.
const dayFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }))

/** A catalogue date ("2008-07-16") as the language writes it; the text as it is when it is not a date. */
export function dateText(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat().format(date)
}

const andList = perLocale((locale) => new Intl.ListFormat(locale, { type: 'conjunction' }))

/** "AMC, HBO and Sky" in the page's language. */
export function listText(items: string[]): string {
  return andList().format(items)
}

const orList = perLocale((locale) => new Intl.ListFormat(locale, { type: 'disjunction' }))

/** Alternatives ("Space or K"): each item drawn by `draw`, the language's own "or" between them drawn by `drawBetween`. */
export function eitherOf(items: string[], draw: (item: string) => ReactNode, drawBetween: (text: string) => ReactNode = (text) => text): ReactNode[] {
  let index = 0
  return orList()
    .formatToParts(items)
    .map((part, i) => createElement(Fragment, { key: i }, part.type === 'element' ? draw(items[index++] ?? part.value) : drawBetween(part.value)))
}


const MARK = '\u0001'

/**
 * A translated sentence with elements inside it (a link, emphasis): the message is asked for with a
 * marker in place of each element's placeholder, then cut at the markers, so the translation alone
 * decides the word order. `text` is a function from marker values to the message.
 */
export function withElements(text: (markers: Record<string, string>) => string, elements: Record<string, ReactNode>): ReactNode[] {
  const markers = Object.fromEntries(Object.keys(elements).map((name) => [name, `${MARK}${name}${MARK}`]))
  return text(markers)
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((piece, i) => createElement(Fragment, { key: i }, i % 2 === 1 ? (elements[piece] ?? piece) : piece))
}
