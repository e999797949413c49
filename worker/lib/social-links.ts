/**
 * The operator's own pages on the social networks (the `SOCIAL_LINKS` variable, a JSON object such
 * as {"x": "https://x.com/reelhouse"}), which the footer and the contact page link to. Only the
 * networks the site draws an icon for, and only https addresses, are kept; anything else is left
 * out (and said once in the log), so a mistake in the variable hides a link rather than the page.
 */
import type { Bindings } from '../env'

export const SOCIAL_NETWORKS = ['facebook', 'x', 'instagram', 'youtube'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]
export type SocialLinks = Partial<Record<SocialNetwork, string>>

const MAX_ADDRESS = 300

let parsed: { raw: string; links: SocialLinks } | undefined

function httpsAddress(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_ADDRESS) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null
  } catch {
    return null
  }
}

export function socialLinksOf(env: Pick<Bindings, 'SOCIAL_LINKS'>): SocialLinks {
  const raw = env.SOCIAL_LINKS?.trim() ?? ''
  if (parsed?.raw === raw) return parsed.links
  const links: SocialLinks = {}
  if (raw) {
    let given: unknown
    try {
      given = JSON.parse(raw)
    } catch {
      given = null
    }
    if (given === null || typeof given !== 'object' || Array.isArray(given)) {
      console.error(JSON.stringify({ level: 'warn', message: 'SOCIAL_LINKS is not a JSON object; no social links are shown' }))
    } else {
      for (const [network, value] of Object.entries(given)) {
        const address = (SOCIAL_NETWORKS as readonly string[]).includes(network) ? httpsAddress(value) : null
        if (address) links[network as SocialNetwork] = address
        else console.error(JSON.stringify({ level: 'warn', message: 'SOCIAL_LINKS entry left out', network }))
      }
    }
  }
  parsed = { raw, links }
  return links
}
