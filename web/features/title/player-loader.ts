/**
 * Our player's code is fetched when the viewer shows they mean to play, not with the title page:
 * hls.js alone weighs more than the rest of the page's JavaScript. Pointing at or focusing Play
 * starts these imports, and the press waits on the same promises, so nothing is fetched twice.
 */

/**
 * One shared import: every caller gets the same promise. A failed fetch (a dropped connection) is
 * forgotten, so the next attempt asks the network again instead of failing forever.
 */
export function sharedImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null
      throw err
    })
    return pending
  }
}

export const loadHls = sharedImport(() => import('hls.js'))

export const loadHlsPlayer = sharedImport(() => import('./hls-player'))

/** Starts fetching our player and hls.js ahead of the press; a failure here shows on the press. */
export function prefetchHlsPlayer(): void {
  loadHlsPlayer().catch(() => undefined)
  loadHls().catch(() => undefined)
}
