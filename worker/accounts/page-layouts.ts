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
import { type Db, nowIso } from './db'

const VERSIONS_LISTED = 20
/** The layout a version keeps when it restored the built-in rows. */
const BUILT_IN = 'null'

/** The administrator who makes a change: its id, and the name the dashboard shows for it. */
export interface LayoutAuthor {
  id: number
  name: string | null
}

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
export async function saveDraft(db: Db, page: LayoutPage, layout: PageLayout, author: LayoutAuthor): Promise<{ layout: PageLayout; saved: LayoutStamp }> {
  const at = nowIso()
  await db
    .insert(pageLayouts)
    .values({ page, layout: JSON.stringify(layout), saved_by: author.id, saved_at: at })
    .onConflictDoUpdate({ target: pageLayouts.page, targetWhere: isNull(pageLayouts.published_at), set: { layout: JSON.stringify(layout), saved_by: author.id, saved_at: at } })
    .run()
  return { layout, saved: { at, by: author.name } }
}

/** Drops the page's draft; false when it had none. */
export async function discardDraft(db: Db, page: LayoutPage): Promise<boolean> {
  const result = await db.delete(pageLayouts).where(and(eq(pageLayouts.page, page), isNull(pageLayouts.published_at))).run()
  return result.meta.changes > 0
}

/**
 * Publishes the draft as the page's newest version (a new row, so a version restored since the
 * draft was first saved is not left newer than it), and drops the draft; null when there is none.
 */
export async function publishDraft(db: Db, kv: KVNamespace, page: LayoutPage, author: LayoutAuthor): Promise<PublishedAnswer | null> {
  const draft = await db.select({ id: pageLayouts.id, layout: pageLayouts.layout }).from(pageLayouts).where(and(eq(pageLayouts.page, page), isNull(pageLayouts.published_at))).get()
  if (!draft) return null
  return published(db, kv, page, draft.layout, author, draft.id)
}

/**
 * Publishes a copy of version `version` of the page (0: the built-in rows) as its newest; the
 * draft stays. Null when the page has no such version.
 */
export async function restoreVersion(db: Db, kv: KVNamespace, page: LayoutPage, version: number, author: LayoutAuthor): Promise<PublishedAnswer | null> {
  if (version === 0) return published(db, kv, page, BUILT_IN, author)
  const source = await db
    .select({ layout: pageLayouts.layout })
    .from(pageLayouts)
    .where(and(eq(pageLayouts.id, version), eq(pageLayouts.page, page), isNotNull(pageLayouts.published_at)))
    .get()
  return source ? published(db, kv, page, source.layout, author) : null
}

/**
 * Adds `layout` as the page's newest version (dropping the draft `draftId` in the same batch), then
 * tells every isolate what each page shows: from D1, so a change made meanwhile to another page is
 * kept.
 */
async function published(db: Db, kv: KVNamespace, page: LayoutPage, layout: string, author: LayoutAuthor, draftId?: number): Promise<PublishedAnswer> {
  const at = nowIso()
  const insert = db.insert(pageLayouts).values({ page, layout, saved_by: author.id, saved_at: at, published_by: author.id, published_at: at }).returning({ id: pageLayouts.id })
  const [[row]] = draftId === undefined ? [await insert.all()] : await db.batch([insert, db.delete(pageLayouts).where(eq(pageLayouts.id, draftId))])
  const version = (row as { id: number }).id
  const shown = parsed(layout)
  await announceLayouts(kv, await publishedVersionsIn(db), shown ? [{ page, version, layout: shown }] : [])
  return { published: { version, layout: shown, published: { at, by: author.name } } }
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
