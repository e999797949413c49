/**
 * The operator's own pages on the social networks (SOCIAL_LINKS, given by GET /api/config), for
 * the footer and the contact page: apart from the entry's lib/images.ts, as neither of them is in
 * the entry.
 */
import type { SocialNetwork } from '../../worker/lib/social-links'
import { useSiteConfig } from './images'

/** Of `networks`, those this deployment names a page of its own on (SOCIAL_LINKS), each with that page's address. */
export function useSocialLinks<T extends { network: SocialNetwork }>(networks: readonly T[]): (T & { href: string })[] {
  const social = useSiteConfig()?.social
  return networks.flatMap((n) => {
    const href = social?.[n.network]
    return href ? [{ ...n, href }] : []
  })
}
