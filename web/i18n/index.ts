/**
 * The interface's words: Lingui's runtime with one catalog per locale, loaded before the first
 * render and only for the page's own language (each catalog is a chunk of its own, so no locale
 * adds to the entry). The locale comes from the address (`/es/...`; English at the root, see
 * worker/lib/locales.ts); changing language is a navigation to the other address.
 *
 * `t(id, values)` takes an id of the English catalog (typed: a missing id is a type error) and
 * ICU values. Numbers, dates and lists go through `Intl` with `currentLocale()`.
 */
import { setupI18n } from '@lingui/core'
import { DEFAULT_LOCALE, directionOf, isLocale, type PageLocale, pagePrefix, splitPagePath } from '../../worker/lib/locales'
import { coreLoaders } from 'virtual:i18n/loaders'
import type { PageArea } from './areas'
import type { MessageId } from './messages'

export type { MessageId }
export type MessageValues = Record<string, string | number | Date | null | undefined>

/** A locale the app can be shown in: one of ours, or the pseudo-locale of the tests. */
export type AppLocale = PageLocale

export const i18n = setupI18n()


/** The locale an address is in, and the path the app's routes know. */
export function localeOfPath(pathname: string): { locale: AppLocale; path: string; basename: string } {
  const { locale, path } = splitPagePath(pathname)
  return { locale, path, basename: pagePrefix(locale) }
}

/** Loads and activates a locale's catalog; `<html lang dir>` follow. */
export async function loadLocale(locale: AppLocale): Promise<void> {
  pageLocale = locale
  const { messages } = await coreLoaders[locale]!()
  // Joined to what is loaded, not put in its place: a page area asked for beside this catalog
  // (loadAreas) may have arrived first.
  i18n.load(locale, messages as never)
  i18n.activate(locale)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale
    document.documentElement.dir = pageDirection(locale)
  }
}

/** The page's locale, known as soon as its catalog is asked for (page areas may load beside it). */
let pageLocale: AppLocale = DEFAULT_LOCALE
const loadedAreas = new Map<string, Promise<void>>()

/**
 * Loads the page areas of the active locale's catalog that a page needs (areas.ts), once each;
 * the router waits for them with the page's code.
 */
export function loadAreas(areas: readonly PageArea[]): Promise<void> {
  const locale = pageLocale
  return Promise.all(
    areas.map((area) => {
      const key = `${locale}/${area}`
      let loading = loadedAreas.get(key)
      if (!loading) {
        // The area's loader comes with the locale's core catalog, which every page loads anyway
        // (the worker announces the area's chunk beside it, so asking after it costs no trip).
        const core = coreLoaders[locale]
        loading = core
          ? core()
              .then(({ areaLoaders }) => areaLoaders[area]?.())
              .then((loaded) => void (loaded && i18n.load(locale, loaded.messages as never)))
          : Promise.resolve()
        loadedAreas.set(key, loading)
      }
      return loading
    }),
  ).then(() => undefined)
}

/** Which way a page in `locale` is written (the pseudo-locale of the tests left to right). */
export function pageDirection(locale: AppLocale): 'ltr' | 'rtl' {
  return isLocale(locale) ? directionOf(locale) : 'ltr'
}

/** The active locale, for `Intl` formatters. */
export function currentLocale(): AppLocale {
  return (i18n.locale as AppLocale | undefined) ?? DEFAULT_LOCALE
}

/** The message `id` in the active locale, with `values` put in. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values as Record<string, unknown> | undefined)
}
