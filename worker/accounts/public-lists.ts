/**
 * Public lists as visitors who are not signed in read them (a list's page, its API answer, its
 * share card): a copy in KV per list, so a visitor's view usually costs the accounts database
 * nothing. The copy says either "this list, with its titles" or "not to be shown" (a private or
 * deleted list). It is fresh for five minutes, then served while one worker reads the list again
 * (lib/single-flight.ts); every change an owner makes through the lists API, and the deletion of
 * an account, writes it through at once, so a list made private or deleted stops showing as soon
 * as KV shows the change (within a minute everywhere). Changes made elsewhere (an import adding
 * titles, an owner's new username) show within the five minutes. A signed-in reader, who may be
 * the owner, reads D1 as before.
 */
import { and, eq } from 'drizzle-orm'
import { userLists } from '../../drizzle/schema'
import type { Bindings } from '../env'
import { sharedAnswer, writeThrough } from '../lib/single-flight'
import { database, type Db } from './db'
import { type ListWithItems, readableList } from './user-lists'
import type { Owner } from './watchlist'

type ListStore = Pick<Bindings, 'DB' | 'CACHE' | 'SINGLE_FLIGHT'>

/** The list to show, or null (private, deleted, or never made). */
type PublicView = { list: ListWithItems } | { list: null }

export const PUBLIC_LIST_FRESH_MS = 5 * 60_000
const SERVABLE_MS = 60 * 60_000
const TTL_SECONDS = 24 * 60 * 60

export function publicListKey(slug: string): string {
  return `v1:list:${slug}`
}

/** Reads the list from D1; `known` says whether there is such a list at all (shown or not). */
async function viewOf(db: Db, slug: string): Promise<{ view: PublicView; known: boolean }> {
  const found = await readableList(db, slug, async () => null)
  if (found) return { view: { list: found.list }, known: true }
  const row = await db.select({ id: userLists.id }).from(userLists).where(eq(userLists.slug, slug)).get()
  return { view: { list: null }, known: row !== undefined }
}

/** The public list with this slug as anyone may see it, or null. */
export async function publicListView(store: ListStore, slug: string, waitUntil: (promise: Promise<unknown>) => void): Promise<ListWithItems | null> {
  const entry = await sharedAnswer<PublicView>({
    kv: store.CACHE,
    flights: store.SINGLE_FLIGHT,
    key: publicListKey(slug),
    freshMs: PUBLIC_LIST_FRESH_MS,
    servableMs: SERVABLE_MS,
    ttlSeconds: TTL_SECONDS,
    waitUntil,
    make: async () => {
      const { view, known } = await viewOf(database(store.DB), slug)
      // A slug no list ever had is not kept: guessing addresses must not fill KV.
      return { value: view, keep: known }
    },
  })
  return entry.data.list
}

/** Writes the copy of each list through after its owner changed it (or it went). */
export async function keepPublicListCopies(store: ListStore, slugs: string[]): Promise<void> {
  const db = database(store.DB)
  await Promise.all(
    slugs.map(async (slug) => {
      const { view } = await viewOf(db, slug)
      await writeThrough({ kv: store.CACHE, flights: store.SINGLE_FLIGHT, key: publicListKey(slug), ttlSeconds: TTL_SECONDS }, view)
    }),
  )
}

/**
 * The slugs of an account's public lists (every profile's, or only the profile `owner` names), to
 * write through once they change or go.
 */
export async function publicSlugsOf(db: Db, owner: Owner): Promise<string[]> {
  const ofProfile = owner.profile === undefined ? undefined : eq(userLists.profile, owner.profile)
  const rows = await db
    .select({ slug: userLists.slug })
    .from(userLists)
    .where(and(eq(userLists.owner_type, owner.type), eq(userLists.owner_id, owner.id), eq(userLists.is_public, true), ofProfile))
    .all()
  return rows.map((r) => r.slug)
}
