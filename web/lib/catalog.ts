/**
 * Query keys and small helpers for catalogue data shared by several features (the page
 * compositions, lists and the infinite poster grid).
 */
import type { ListItem, Paged } from '../../worker/catalog/types'
import { readJson } from './api-client'

export type PageName = 'home' | 'movies' | 'tv' | 'kids' | 'genres'

export const catalogKeys = {
  page: (page: PageName, service?: string) => ['catalog', 'page', page, service ?? 'all'] as const,
  list: (...parts: (string | number)[]) => ['catalog', 'list', ...parts] as const,
}

/** GET a catalogue path with query parameters, skipping the empty ones. */
export function getCatalog<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query.set(k, String(v))
  const qs = query.toString()
  return readJson<T>(fetch(`/api/catalog/${path}${qs ? `?${qs}` : ''}`, { credentials: 'same-origin' }))
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
