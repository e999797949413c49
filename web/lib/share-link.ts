/**
 * The absolute address of a title's share link (SPEC.md section 7) in the page's language: a link
 * shared from /es/... is /es/share/..., so it unfurls in the sharer's language and opens the title
 * page in it (worker/routes/seo.ts).
 */
import type { ContentType } from '../../drizzle/schema'
import { isLocale, localizedPath, PSEUDO_LOCALE_PREFIX } from '../../worker/lib/locales'
import { currentLocale } from '../i18n'
import { paths } from './paths'

export function shareLink(type: ContentType, id: number | string, at?: { season: number; episode: number } | null): string {
  const path = paths.share(type, id, at)
  const locale = currentLocale()
  return `${window.location.origin}${isLocale(locale) ? localizedPath(locale, path) : `${PSEUDO_LOCALE_PREFIX}${path}`}`
}
