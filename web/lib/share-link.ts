/**
 * The absolute address of a title's share link (SPEC.md section 7) in the page's language: a link
 * shared from /es/... is /es/share/..., so it unfurls in the sharer's language and opens the title
 * page in it (worker/routes/seo.ts).
 */
import type { ContentType } from '../../drizzle/schema'
import { localizedPath } from '../../worker/lib/locales'
import { currentLocale } from '../i18n'
import { paths } from './paths'

export function shareLink(type: ContentType, id: number | string, at?: Parameters<typeof paths.share>[2]): string {
  return `${window.location.origin}${localizedPath(currentLocale(), paths.share(type, id, at))}`
}
