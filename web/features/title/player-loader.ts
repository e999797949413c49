/**
 * Our player's code is fetched when the viewer shows they mean to play, not with the title page:
 * hls.js alone weighs more than the rest of the page's JavaScript. Pointing at or focusing Play
 * starts these imports, and the press waits on the same promises, so nothing is fetched twice.
 * So is a signed-in viewer's rating of the title (on the page and at the end of the title): a
 * visitor never downloads it.
 */
import { lazyPart } from '../../lib/lazy-part'
import { sharedImport } from '../../lib/shared-import'

export const loadHls = sharedImport(() => import('hls.js'))

export const loadHlsPlayer = sharedImport(() => import('./hls-player'))

/** Starts fetching our player and hls.js ahead of the press; a failure here shows on the press. */
export function prefetchHlsPlayer(): void {
  loadHlsPlayer().catch(() => undefined)
  loadHls().catch(() => undefined)
}

/** The viewer's stars, Remove rating and, with `end`, the player's closing card holding them (title-rating.tsx). */
export const TitleRating = lazyPart('title-rating', () => import('./title-rating').then((m) => m.TitleRating))
