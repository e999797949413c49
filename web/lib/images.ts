/**
 * Image URLs: the catalogue answers provider-relative paths (TMDB shape); the base comes from
 * GET /api/config (TMDB's image host, or /api/img for the embedded catalogue's drawn SVGs).
 */
import { atom, useAtomValue } from 'jotai'
import { unwrap } from 'jotai/utils'
import { api, readJson } from './api-client'
import { bootedImageBase } from './boot'
import { SITE_NAME } from './use-document-meta'

export type ImageSize = 'w200' | 'w300' | 'w500' | 'original'

export interface SiteConfig {
  siteName: string
  supportEmail: string
  provider: 'tmdb' | 'embedded'
  imageBase: string
  turnstileSiteKey: string | null
  [key: string]: unknown
}

/** Bumped to ask GET /api/config again (the maintenance switch changed); the last answer stays meanwhile. */
export const siteConfigVersionAtom = atom(0)

const configRequestAtom = atom(async (get): Promise<SiteConfig | null> => {
  get(siteConfigVersionAtom)
  try {
    return await readJson<SiteConfig>(api.config.$get())
  } catch {
    return null
  }
})

export const siteConfigAtom = unwrap(configRequestAtom, (prev) => prev ?? undefined)

export function useSiteConfig(): SiteConfig | null | undefined {
  return useAtomValue(siteConfigAtom)
}

/** Whether the operator's maintenance switch is on, as GET /api/config last said. */
export function useMaintenanceOn(): boolean {
  return useSiteConfig()?.maintenance === true
}

const FALLBACK_SUPPORT_EMAIL = 'support@reelhouse.example'

/** The site name and support address of this deployment, with safe fallbacks until (or unless) the config answers. */
export function useSiteFacts(): { siteName: string; supportEmail: string } {
  const config = useSiteConfig()
  return { siteName: config?.siteName || SITE_NAME, supportEmail: config?.supportEmail || FALLBACK_SUPPORT_EMAIL }
}

const DEFAULT_IMAGE_BASE = '/api/img'

/**
 * A provider-relative image path: plain segments (letters, digits, `_`, `-`) ending in an image
 * file. A path of any other shape (a dot segment, a query, an encoded character, another host) is
 * no image of ours and gets no address, so nothing a list's owner stores can point a visitor's
 * browser at another address of the site.
 */
const IMAGE_PATH = /^(?:\/[A-Za-z0-9_-]{1,100}){1,4}\.(?:jpg|jpeg|png|webp|svg)$/

export function imageUrl(path: string | null | undefined, size: ImageSize, base: string = DEFAULT_IMAGE_BASE): string | null {
  if (!path || !IMAGE_PATH.test(path)) return null
  return `${base}/${size}${path}`
}

export function useImageUrl() {
  const config = useSiteConfig()
  const base = config?.imageBase ?? bootedImageBase() ?? DEFAULT_IMAGE_BASE
  return (path: string | null | undefined, size: ImageSize) => imageUrl(path, size, base)
}
