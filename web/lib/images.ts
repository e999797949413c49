/**
 * Image URLs: the catalogue answers provider-relative paths (TMDB shape); the base comes from
 * GET /api/config (TMDB's image host, or /api/img for the embedded catalogue's drawn SVGs), and so
 * do the sizes TMDB's /configuration lists, from which each image takes the nearest at or above
 * the width it is shown at, with a srcset (worker/catalog/image-sizes.ts).
 */
import { atom, useAtomValue } from 'jotai'
import { selectAtom, unwrap } from 'jotai/utils'
import { api, readJson } from './api-client'
import { bootedImageBase, bootedImageSizes } from './boot'
import { type ImageKind, type ImageSource, imageSource } from '../../worker/catalog/image-sizes'
import type { ImageSizes } from '../../worker/catalog/types'
import type { SocialLinks } from '../../worker/lib/social-links'
import { SITE_NAME } from './use-document-meta'

export interface SiteConfig {
  siteName: string
  supportEmail: string
  provider: 'tmdb' | 'embedded'
  imageBase: string
  /** TMDB's listed sizes; null for the embedded catalogue's drawn images. */
  imageSizes?: ImageSizes | null
  turnstileSiteKey: string | null
  /** The operator's pages on the social networks this deployment names (SOCIAL_LINKS). */
  social?: SocialLinks
  /** Whether the footer's e-mail box is offered: a mailer is configured (worker/routes/newsletter.ts). */
  newsletter?: boolean
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

/** An image's address (and srcset) on the image host, or null for a path of no image's shape. */
export function imageAddress(path: string | null | undefined, kind: ImageKind, width: number, base: string, sizes: ImageSizes | null): ImageSource | null {
  if (!path || !IMAGE_PATH.test(path)) return null
  return imageSource(base, sizes, path, kind, width)
}

interface ImageSettings {
  base: string
  /** The host's sizes; null for drawn images; undefined while a TMDB host's are not known yet. */
  sizes: ImageSizes | null | undefined
}

function imageSettingsOf(config: SiteConfig | null | undefined): ImageSettings {
  const base = config?.imageBase ?? bootedImageBase() ?? DEFAULT_IMAGE_BASE
  // Every page the worker serves names the host's sizes, and GET /api/config does: until one of
  // them has, a TMDB image waits rather than ask for a size the host may refuse.
  const sizes = base.startsWith('/') ? null : (config?.imageSizes ?? bootedImageSizes() ?? undefined)
  return { base, sizes }
}

function sameImageSettings(a: ImageSettings, b: ImageSettings): boolean {
  return a.base === b.base && (a.sizes === b.sizes || JSON.stringify(a.sizes) === JSON.stringify(b.sizes))
}

/**
 * What images need of the config, kept as the same value while it does not change: GET
 * /api/config answering after the first render (with the host the page's HTML already named)
 * redraws none of the page's images, only the parts that show the rest of the config.
 */
const imageSettingsAtom = selectAtom(siteConfigAtom, imageSettingsOf, sameImageSettings)

/**
 * An image's address (and srcset) for a kind of image shown `width` CSS pixels wide, or null when
 * it has no path (or no image's path).
 */
export function useImage(): (path: string | null | undefined, kind: ImageKind, width: number) => ImageSource | null {
  const { base, sizes } = useAtomValue(imageSettingsAtom)
  return (path, kind, width) => (sizes !== undefined ? imageAddress(path, kind, width, base, sizes) : null)
}
