/**
 * The worker's words in every language, from the same catalogs the web app uses and translators
 * work on (web/i18n/catalogs/<locale>/<area>.json, flat `{ "<area>.<id>": "<ICU message>" }`).
 * A module that answers in words imports its area's JSON files, one per locale, and gives them to
 * `messageFormatter` (worker/seo/messages.ts does so for the `seo` area). Each locale's messages
 * are compiled with Lingui's compiler the first time the isolate needs that locale and formatted
 * by Lingui's runtime, as in the web app: plurals by the locale's rules, numbers through `Intl`.
 * A message missing from a locale falls back to English, never to its id. The pseudo-locale of
 * the tests is English made visibly foreign (web/i18n/pseudo.ts).
 */
import { type I18n, setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { pseudoText } from '../../web/i18n/pseudo'
import { DEFAULT_LOCALE, isLocale, type Locale, type PageLocale, PSEUDO_LOCALE } from './locales'


export type MessageValues = Record<string, string | number | null | undefined>

/** An area's messages per locale: English complete, the others keyed by the same ids. */
export type AreaCatalogs<Id extends string> = { en: Record<Id, string> } & Record<Locale, Partial<Record<Id, string>>>

/** The message `id` in `locale`, with `values` put in (not escaped: escape where it meets markup). */
export type MessageFormatter<Id extends string> = (locale: PageLocale, id: Id, values?: MessageValues) => string

export function messageFormatter<Id extends string>(catalogs: AreaCatalogs<Id>): MessageFormatter<Id> {
  const instances = new Map<PageLocale, I18n>()
  const instance = (locale: PageLocale): I18n => {
    let i18n = instances.get(locale)
    if (!i18n) {
      const pseudo = !isLocale(locale)
      const source: Record<string, string> = { ...catalogs[DEFAULT_LOCALE], ...(pseudo ? {} : (catalogs[locale] as Record<string, string>)) }
      const messages = Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message, pseudo ? pseudoText : undefined)]))
      i18n = setupI18n({ locale, messages: { [locale]: messages } })
      instances.set(locale, i18n)
    }
    return i18n
  }
  return (locale, id, values) => instance(locale)._(id, values)
}

/** True for a locale a page can be rendered in, the pseudo-locale included. */
export function isPageLocale(value: unknown): value is PageLocale {
  return value === PSEUDO_LOCALE || isLocale(value)
}

export { PSEUDO_LOCALE, type PageLocale }

/** A list joined the way of `locale`, any BCP 47 tag ("a, b and c" in en-GB, "a، b و c", "a、b、c"). */
export function listText(locale: string, items: string[], type: 'conjunction' | 'unit' = 'conjunction'): string {
  return new Intl.ListFormat(locale, { style: type === 'unit' ? 'short' : 'long', type }).format(items)
}
