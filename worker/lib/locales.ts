/**
 * The site's languages, shared by the worker and the web build: which there are, how each is
 * addressed (English at the root, every other under a path prefix of its own, so each language
 * has URLs a crawler can list), which way each is written, and how a visitor's Accept-Language
 * picks one.
 */

/** Every locale the interface is translated into; `en` is the source of every message. */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'it', 'tr', 'ar', 'hi', 'ja', 'ko', 'zh-CN'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

/** The cookie that keeps a visitor's chosen language; the worker reads it. */
export const LOCALE_COOKIE = 'lang'

/** Each language's name in that language, as the language menu lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  tr: 'Türkçe',
  ar: 'العربية',
  hi: 'हिन्दी',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
}

/** The pseudo-locale of the tests (web/i18n/pseudo.ts): served under its prefix, listed nowhere. */
export const PSEUDO_LOCALE = 'en-XA'
export const PSEUDO_LOCALE_PREFIX = '/en-xa'

/** A locale a page can be shown in: one of ours, or the pseudo-locale. */
export type PageLocale = Locale | typeof PSEUDO_LOCALE

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar'])

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** `rtl` for a language written right to left. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr'
}

/** The path prefix of a locale: none for English, else `/` and the tag in lower case (`/pt-br`). */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale.toLowerCase()}`
}

const BY_PREFIX = new Map<string, Locale>(LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => [l.toLowerCase(), l]))

/**
 * Splits a path into its locale and the path the app knows: `/es/movies` is Spanish `/movies`,
 * `/pt-br` is Portuguese `/`, and a path without a known prefix is English as it stands.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(?=\/|$)/.exec(pathname)
  const locale = match ? BY_PREFIX.get(match[1]!.toLowerCase()) : undefined
  if (!match || !locale) return { locale: DEFAULT_LOCALE, path: pathname || '/' }
  return { locale, path: pathname.slice(match[0].length) || '/' }
}

/** `path` (an app path, with any query) as addressed in `locale`, the pseudo-locale included. */
export function localizedPath(locale: PageLocale, path: string): string {
  const prefix = pagePrefix(locale)
  if (!prefix) return path
  return path === '/' ? prefix : path.startsWith('/?') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`
}

/** A page's address split into its locale (the pseudo-locale's too) and the path the app knows. */
export function splitPagePath(pathname: string): { locale: PageLocale; path: string } {
  if (pathname === PSEUDO_LOCALE_PREFIX || pathname.startsWith(`${PSEUDO_LOCALE_PREFIX}/`)) {
    return { locale: PSEUDO_LOCALE, path: pathname.slice(PSEUDO_LOCALE_PREFIX.length) || '/' }
  }
  return splitLocalePath(pathname)
}

/** The address prefix of a page locale: none for English, `/es`, `/en-xa`. */
export function pagePrefix(locale: PageLocale): string {
  return locale === PSEUDO_LOCALE ? PSEUDO_LOCALE_PREFIX : localePrefix(locale)
}

/**
 * The best locale for an Accept-Language header: the first range, by quality, whose tag or whose
 * language matches one of ours (`pt-PT` finds `pt-BR`, `zh-TW` finds `zh-CN`, `es-419` finds
 * `es`). No match, or no header, is English.
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE
  const ranges = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      const quality = q === undefined ? 1 : Number(q)
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_LOCALE
    const exact = LOCALES.find((l) => l.toLowerCase() === tag)
    if (exact) return exact
    const language = tag.split('-')[0]
    const sameLanguage = LOCALES.find((l) => l.toLowerCase().split('-')[0] === language)
    if (sameLanguage) return sameLanguage
  }
  return DEFAULT_LOCALE
}
