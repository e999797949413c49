/**
 * The composed pages' layouts in D1 (drizzle/schema.ts `page_layouts`): each page's one draft, and
 * its published versions, which are never changed (restoring one publishes a copy, so the history
 * reads in order). What the site shows is announced to KV after each change (worker/catalog/
 * layouts.ts); D1 is read only by the dashboard and when announcing.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { adminUsers, pageLayouts } from '../../drizzle/schema'
import type { LayoutPage, LayoutStamp, LayoutState, PageLayout, PublishedAnswer } from '../catalog/layout-schema'
import { announceLayouts, type PublishedVersions } from '../catalog/layouts'
import type { Db } from './db'

const VERSIONS_LISTED = 20
/** The layout a version keeps when it restored the built-in rows. */
const BUILT_IN = 'null'

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`

function parsed(layout: string): PageLayout | null {
  return JSON.parse(layout) as PageLayout | null
}

/** The draft, the versions and what the site shows, as the dashboard's editor reads them (one query). */
export async function layoutHistory(db: Db, page: LayoutPage): Promise<Pick<LayoutState, 'published' | 'draft' | 'versions'>> {
  const rows = await db
    .select({ id: pageLayouts.id, layout: pageLayouts.layout, saved_at: pageLayouts.saved_at, published_at: pageLayouts.published_at, by: adminUsers.username })
    .from(pageLayouts)
    .leftJoin(adminUsers, sql`${adminUsers.id} = coalesce(${pageLayouts.published_by}, ${pageLayouts.saved_by})`)
    .where(eq(pageLayouts.page, page))
    // the draft (no published_at) first, then the versions, newest first
    .orderBy(sql`${pageLayouts.published_at} IS NOT NULL`, desc(pageLayouts.id))
    .limit(VERSIONS_LISTED + 1)
    .all()
  const draftRow = rows[0] && rows[0].published_at === null ? rows[0] : undefined
  const versions = rows.filter((row) => row.published_at !== null)
  const newest = versions[0]
  const newestLayout = newest ? parsed(newest.layout) : null
  const stamp = (at: string, by: string | null): LayoutStamp => ({ at, by })
  return {
    draft: draftRow ? { layout: parsed(draftRow.layout) as PageLayout, saved: stamp(draftRow.saved_at, draftRow.by) } : null,
    published: newest && newestLayout ? { version: newest.id, layout: newestLayout, published: stamp(newest.published_at as string, newest.by) } : null,
    versions: versions.map((row) => {
      const layout = parsed(row.layout)
      return { version: row.id, published: stamp(row.published_at as string, row.by), rows: layout?.rows.length ?? 0, builtIn: layout === null }
    }),
  }
}

/** Keeps `layout` as the page's draft, replacing the one there was. */
export async function saveDraft(db: Db, page: LayoutPage, layout: PageLayout, adminId: number): Promise<{ layout: PageLayout; saved: LayoutStamp }> {
  const row = await db
    .insert(pageLayouts)
    .values({ page, layout: JSON.stringify(layout), saved_by: adminId })
    .onConflictDoUpdate({ target: pageLayouts.page, targetWhere: isNull(pageLayouts.published_at), set: { layout: JSON.stringify(layout), saved_by: adminId, saved_at: nowIso } })
    .returning({ saved_at: pageLayouts.saved_at })
    .get()
  const admin = await db.select({ username: adminUsers.username }).from(adminUsers).where(eq(adminUsers.id, adminId)).get()
  return { layout, saved: { at: row.saved_at, by: admin?.username ?? null } }
}

/** Drops the page's draft; false when it had none. */
export async function discardDraft(db: Db, page: LayoutPage): Promise<boolean> {
  const result = await db.delete(pageLayouts).where(and(eq(pageLayouts.page, page), isNull(pageLayouts.published_at))).run()
  return result.meta.changes > 0
}

type Published = { id: number; layout: string; published_at: string | null }

/** Publishes the draft as the page's newest version; null when there is no draft. */
export async function publishDraft(db: Db, kv: KVNamespace, page: LayoutPage, adminId: number): Promise<PublishedAnswer | null> {
  const row = await db
    .update(pageLayouts)
    .set({ published_at: nowIso, published_by: adminId })
    .where(and(eq(pageLayouts.page, page), isNull(pageLayouts.published_at)))
    .returning({ id: pageLayouts.id, layout: pageLayouts.layout, published_at: pageLayouts.published_at })
    .get()
  return row ? announced(db, kv, page, row, adminId) : null
}

/**
 * Publishes a copy of version `version` of the page (0: the built-in rows) as its newest; the
 * draft stays. Null when the page has no such version.
 */
export async function restoreVersion(db: Db, kv: KVNamespace, page: LayoutPage, version: number, adminId: number): Promise<PublishedAnswer | null> {
  let layout = BUILT_IN
  if (version !== 0) {
    const source = await db
      .select({ layout: pageLayouts.layout })
      .from(pageLayouts)
      .where(and(eq(pageLayouts.id, version), eq(pageLayouts.page, page), isNotNull(pageLayouts.published_at)))
      .get()
    if (!source) return null
    layout = source.layout
  }
  const row = await db
    .insert(pageLayouts)
    .values({ page, layout, saved_by: adminId, published_by: adminId, published_at: nowIso })
    .returning({ id: pageLayouts.id, layout: pageLayouts.layout, published_at: pageLayouts.published_at })
    .get()
  return row ? announced(db, kv, page, row, adminId) : null
}

/** Tells every isolate what each page now shows (from D1, so a change made meanwhile to another page is kept), and answers with the new version. */
async function announced(db: Db, kv: KVNamespace, page: LayoutPage, row: Published, adminId: number): Promise<PublishedAnswer> {
  const [versions, admin] = await Promise.all([publishedVersionsIn(db), db.select({ username: adminUsers.username }).from(adminUsers).where(eq(adminUsers.id, adminId)).get()])
  const layout = parsed(row.layout)
  await announceLayouts(kv, versions, layout ? [{ page, version: row.id, layout }] : [])
  return { published: { version: row.id, layout, published: { at: row.published_at as string, by: admin?.username ?? null } } }
}

/** Each page's newest published version as D1 has it (0 for the built-in rows). */
export async function publishedVersionsIn(db: Db): Promise<PublishedVersions> {
  const newest = await db
    .select({ page: pageLayouts.page, id: pageLayouts.id, layout: pageLayouts.layout })
    .from(pageLayouts)
    .where(sql`${pageLayouts.id} IN (SELECT max(id) FROM ${pageLayouts} WHERE ${pageLayouts.published_at} IS NOT NULL GROUP BY ${pageLayouts.page})`)
    .all()
  return Object.fromEntries(newest.map((row) => [row.page, row.layout === BUILT_IN ? 0 : row.id])) as PublishedVersions
}

/** The layout of a published version or of the draft, for the preview; undefined when there is none. */
export async function layoutToPreview(db: Db, page: LayoutPage, version: number | undefined): Promise<PageLayout | null | undefined> {
  if (version === 0) return null
  const where = version === undefined ? and(eq(pageLayouts.page, page)) : and(eq(pageLayouts.page, page), eq(pageLayouts.id, version), isNotNull(pageLayouts.published_at))
  const row = await db
    .select({ layout: pageLayouts.layout })
    .from(pageLayouts)
    .where(where)
    .orderBy(sql`${pageLayouts.published_at} IS NOT NULL`, desc(pageLayouts.id))
    .limit(1)
    .get()
  return row ? parsed(row.layout) : version === undefined ? null : undefined
}
