/**
 * The pages this device can open without a connection: those the service worker kept, with their
 * first data, as they were last served (web/public/service-worker.js writes them, newest last,
 * each with its document title in a header). Offline states list them as links.
 */
import { useEffect, useState } from 'react'

/** The service worker's cache of pages; the same name is written there. */
export const PAGES_CACHE = 'reelhouse-pages-v1'
export const PAGE_TITLE_HEADER = 'X-Reelhouse-Title'

export interface SavedPage {
  /** The address, path and query, as a link takes it. */
  href: string
  title: string
}

/** The kept pages, newest first; none where the browser has no cache storage or none was kept. */
export async function savedPages(): Promise<SavedPage[]> {
  if (typeof caches === 'undefined' || !(await caches.has(PAGES_CACHE))) return []
  const cache = await caches.open(PAGES_CACHE)
  const pages = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const url = new URL(request.url)
      const title = (await cache.match(request))?.headers.get(PAGE_TITLE_HEADER)
      return { href: `${url.pathname}${url.search}`, title: title ? decodeURIComponent(title) : url.pathname }
    }),
  )
  return pages.reverse()
}

export function useSavedPages(): SavedPage[] | null {
  const [pages, setPages] = useState<SavedPage[] | null>(null)
  useEffect(() => {
    let current = true
    savedPages().then(
      (found) => current && setPages(found),
      () => current && setPages([]),
    )
    return () => {
      current = false
    }
  }, [])
  return pages
}
