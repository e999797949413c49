/**
 * Which layout each composed page shows (worker/catalog/layout-schema.ts), as every isolate reads
 * it without touching D1: publishing writes the layout to KV under its version (never changed
 * afterwards) and then one small entry naming each page's published version. An isolate reads that
 * entry at most every 15 s (KV keeps it at the location for 30 s), so a layout published anywhere
 * shows everywhere within a minute; the isolate that published it shows it at once. The composed
 * pages' and rendered pages' keys carry their page's version, so nothing composed from an older
 * layout is served once the new one is known.
 */
import { isolateMemo } from '../lib/isolate-memo'
import { onceMore } from '../lib/once-more'
import { LAYOUT_PAGES, type LayoutPage, type PageLayout } from './layout-schema'

/** Each page's published version; a page absent (or 0) shows its built-in rows. */
export type PublishedVersions = Partial<Record<LayoutPage, number>>

export const PUBLISHED_LAYOUTS_KEY = 'v1:layouts:published'

export function layoutKey(page: LayoutPage, version: number): string {
  return `v1:layout:${page}:${version}`
}

const VERSIONS_MEMO_MS = 15_000
/** How long a location's KV keeps the versions entry before asking the central store (KV's least). */
const VERSIONS_KV_CACHE_SECONDS = 30
/** A published version never changes: an isolate may keep it as long as it lives. */
const LAYOUT_KV_CACHE_SECONDS = 3600

const versionsMemo = isolateMemo<PublishedVersions>(VERSIONS_MEMO_MS, 1)
const layoutsMemo = isolateMemo<PageLayout | null>(24 * 60 * 60_000, 64, (layout) => layout !== null)

export function publishedVersions(kv: KVNamespace): Promise<PublishedVersions> {
  return versionsMemo.get('versions', async () => (await kv.get<PublishedVersions>(PUBLISHED_LAYOUTS_KEY, { type: 'json', cacheTtl: VERSIONS_KV_CACHE_SECONDS })) ?? {})
}

/** The published version a page shows: null for its built-in rows, or for a page no layout applies to (Genres). */
export async function layoutVersionOf(kv: KVNamespace, page: string): Promise<number | null> {
  if (!(LAYOUT_PAGES as readonly string[]).includes(page)) return null
  return (await publishedVersions(kv))[page as LayoutPage] || null
}

/** The layout a page shows, with its version, or null for its built-in rows (or a page no layout applies to). */
export async function publishedLayout(kv: KVNamespace, page: string): Promise<{ version: number; layout: PageLayout } | null> {
  const version = await layoutVersionOf(kv, page)
  if (!version) return null
  const layout = await layoutsMemo.get(`${page}:${version}`, () => kv.get<PageLayout>(layoutKey(page as LayoutPage, version), { type: 'json', cacheTtl: LAYOUT_KV_CACHE_SECONDS }))
  return layout ? { version, layout } : null
}

/**
 * Makes `versions` what the site shows: the layouts first (so no isolate learns of a version whose
 * layout it cannot read), then the versions entry; this isolate forgets what it had at once.
 */
export async function announceLayouts(kv: KVNamespace, versions: PublishedVersions, layouts: { page: LayoutPage; version: number; layout: PageLayout }[]): Promise<void> {
  await Promise.all(layouts.map(({ page, version, layout }) => onceMore(() => kv.put(layoutKey(page, version), JSON.stringify(layout)))))
  await onceMore(() => kv.put(PUBLISHED_LAYOUTS_KEY, JSON.stringify(versions)))
  versionsMemo.clear()
}
