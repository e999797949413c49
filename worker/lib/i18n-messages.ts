/**
 * The worker's words in every language, from the same catalogs the web app uses
 * (web/i18n/catalogs/<locale>/<area>.json, flat `{ "<area>.<id>": "<ICU message>" }`). A module
 * that answers in words gives `messageFormatter` its area's catalogs, one per locale; each
 * locale's messages are compiled with Lingui's compiler the first time that locale is asked for
 * and formatted by Lingui's runtime (plurals by the locale's rules, numbers through `Intl`).
 * A message missing from a locale falls back to English, never to its id.
 */
import { type I18n, setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { DEFAULT_LOCALE, type Locale } from './locales'

export type MessageValues = Record<string, string | number | null | undefined>

/** An area's messages per locale: English complete, the others keyed by the same ids. */
export type AreaCatalogs<Id extends string> = { en: Record<Id, string> } & Record<Locale, Partial<Record<Id, string>>>

export type MessageFormatter<Id extends string> = (locale: Locale, id: Id, values?: MessageValues) => string

export function messageFormatter<Id extends string>(catalogs: AreaCatalogs<Id>): MessageFormatter<Id> {
  const instances = new Map<Locale, I18n>()
  const instance = (locale: Locale): I18n => {
    let i18n = instances.get(locale)
    if (!i18n) {
      const source: Record<string, string> = { ...catalogs[DEFAULT_LOCALE], ...(catalogs[locale] as Record<string, string>) }
      const messages = Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]))
      i18n = setupI18n({ locale, messages: { [locale]: messages } })
      instances.set(locale, i18n)
    }
    return i18n
  }
  return (locale, id, values) => instance(locale)._(id, values)
}

/** A list joined the locale's way ("a, b and c", "a، b و c", "a、b、c"). */
export function listText(locale: string, items: string[], type: 'conjunction' | 'unit' = 'conjunction'): string {
  return new Intl.ListFormat(locale, { style: type === 'unit' ? 'short' : 'long', type }).format(items)
}
