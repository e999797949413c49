/**
 * Query keys and small helpers for catalogue data shared by several features (the page
 * compositions, lists and the infinite poster grid). Requests go through the typed client.
 */
import type { ListItem, MediaType, Paged } from '../../worker/catalog/types'

export type PageName = 'home' | 'movies' | 'tv' | 'kids' | 'genres'

export const catalogKeys = {
  /** A composed page: under a platform (`service`), or narrowed to the visitor's services (`on-8.337-US`). */
  page: (page: PageName, service?: string) => ['catalog', 'page', page, service ?? 'all'] as const,
  list: (...parts: (string | number)[]) => ['catalog', 'list', ...parts] as const,
  /** A title's details (the title pages' key, which the inlined first data fills too). */
  title: (type: MediaType, id: number) => ['title', type, id] as const,
  person: (id: number) => ['person', id] as const,
  season: (id: number, season: number) => ['title', 'tv', id, 'season', season] as const,
  playerConfig: () => ['player', 'config'] as const,
}

/** Items of several pages in order, each title once (providers repeat titles across pages). */
export function uniqueItems(pages: Paged<ListItem>[] | undefined): ListItem[] {
  const seen = new Set<string>()
  const out: ListItem[] = []
  for (const page of pages ?? []) {
    for (const item of page.results) {
      const key = `${item.media_type}-${item.id}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push(item)
    }
  }
  return out
}
