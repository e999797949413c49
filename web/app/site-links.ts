/** The site's own pages, in the footer and, as phones have no footer, in the mobile menu. */
import type { MessageId } from '../i18n'
import { paths } from '../lib/paths'

export interface SiteLink {
  label: MessageId
  href: string
}

export const companyLinks: SiteLink[] = [
  { label: 'nav.aboutUs', href: paths.aboutUs() },
  { label: 'nav.contact', href: paths.contact() },
  { label: 'nav.faq', href: paths.faq() },
  { label: 'nav.terms', href: paths.terms() },
  { label: 'nav.privacy', href: paths.privacy() },
  { label: 'nav.dmca', href: paths.dmca() },
]
