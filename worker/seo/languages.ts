/**
 * A page's language as the worker serves it: which locale an address is in (its prefix, or none
 * for English; the pseudo-locale's /en-xa too), the same page's address in every other language,
 * and the head tags that tell crawlers about them: a canonical URL in the page's own language,
 * `<link rel="alternate" hreflang>` for each of the twelve languages and `x-default` (English),
 * and Open Graph's og:locale. The pseudo-locale is served but listed nowhere, and kept out of
 * search engines.
 */
import { escapeHtml } from '../lib/escape'
import { type PageLocale } from '../lib/i18n'
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale, LOCALES, localizedPath, splitPagePath } from '../lib/locales'

export interface PageLanguage {
  locale: PageLocale
  /** The address the app's routes know, without the language's prefix (`/movies`). */
  appPath: string
  /** False for an English address at the root, which a visitor's language may send elsewhere. */
  prefixed: boolean
}

/** The language of an address and the app's path within it (`/es/movies` is Spanish `/movies`). */
export function pageLanguageOf(pathname: string): PageLanguage {
  const { locale, path } = splitPagePath(pathname)
  return { locale, appPath: path, prefixed: path !== pathname }
}

/** `lang` and `dir` of the page's `<html>`. */
export function htmlAttributesOf(locale: PageLocale): { lang: string; dir: 'ltr' | 'rtl' } {
  return { lang: locale, dir: isLocale(locale) ? directionOf(locale) : 'ltr' }
}

/** Open Graph's locale of each language (language_TERRITORY, as Facebook lists them). */
export const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  es: 'es_ES',
  'pt-BR': 'pt_BR',
  fr: 'fr_FR',
  de: 'de_DE',
  it: 'it_IT',
  tr: 'tr_TR',
  ar: 'ar_AR',
  hi: 'hi_IN',
  ja: 'ja_JP',
  ko: 'ko_KR',
  'zh-CN': 'zh_CN',
}

/** The page in every language, and `x-default` (English) for visitors whose language is none of them. */
export function alternatesOf(origin: string, appPath: string): { hreflang: string; href: string }[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: origin + localizedPath(locale, appPath) })),
    { hreflang: 'x-default', href: origin + localizedPath(DEFAULT_LOCALE, appPath) },
  ]
}

/** The absolute address of an app path in a language. */
export function urlIn(origin: string, locale: PageLocale, appPath: string): string {
  return origin + localizedPath(locale, appPath)
}

/**
 * The head tags naming the page's language and its other languages: for a page of one of ours,
 * its canonical URL (`canonicalPath` in its own language), the alternates and og:locale with the
 * other languages as og:locale:alternate; for the pseudo-locale, none (its pages are noindex).
 */
export function languageTags(origin: string, locale: PageLocale, canonicalPath: string): string[] {
  if (!isLocale(locale)) return []
  return [
    `<link rel="canonical" href="${escapeHtml(urlIn(origin, locale, canonicalPath))}">`,
    ...alternatesOf(origin, canonicalPath).map(({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`),
    `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
    ...LOCALES.filter((other) => other !== locale).map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}">`),
  ]
}
