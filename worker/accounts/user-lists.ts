/**
 * An account's own lists of titles. Every query that reads or changes a list starts from the
 * session's owner (type and id): a list is first looked up as "this owner's list with this slug",
 * and only the row found that way is touched, so no parameter a client sends can reach another
 * account's list. Anyone may read a list marked public, through `publicList`.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { listReports, userListItems, userLists, users, type UserList, type UserListItem } from '../../drizzle/schema'
import type { Db } from './db'
import type { ContentKey, Owner, WatchlistItem } from './watchlist'

/** At most this many lists per account, and titles per list. */
export const MAX_LISTS = 100
export const MAX_LIST_ITEMS = 1000
/** Posters a list shows in its summary (the lists page, the share card). */
const COVER_POSTERS = 4

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
export const SLUG_PATTERN = /^[a-z0-9]{10}$/

/** Ten random letters and digits (about 52 bits): a list's address that cannot be guessed. */
export function newSlug(): string {
  let slug = ''
  while (slug.length < 10) {
    // Bytes of 252 and above are skipped: 252 is the largest multiple of 36 a byte holds, and
    // keeping the rest would favour the first letters.
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 252 && slug.length < 10) slug += SLUG_ALPHABET[byte % 36]
    }
  }
  return slug
}

export interface ListFields {
  name: string
  description: string | null
  is_public: boolean
}

/** Why a list is hidden from everyone but its owner (worker/accounts/moderation.ts), told to the owner alone. */
export interface ListHidden {
  reason: string
  note: string | null
  at: string | null
}

export interface ListSummary extends ListFields {
  slug: string
  item_count: number
  /** The first titles' posters, in the list's order. */
  posters: (string | null)[]
  created_at: string
  updated_at: string
  /** Whether the title asked about is on the list (only when one was asked about). */
  contains?: boolean
  /** Set when moderation hid the list: only its owner ever reads a hidden list. */
  hidden: ListHidden | null
}

export interface ListEntry extends ContentKey {
  title: string
  poster_path: string | null
  added_at: string
}

export interface ListWithItems extends ListSummary {
  items: ListEntry[]
  /** The owner's username, for "a list by ..." on a public list; null when the account has none. */
  owner_name: string | null
}

/**
 * Which of the account's profiles a list belongs to: the one named, or the session's (an Account's
 * profileId; 0, no list's, while "Who's watching?" is unanswered), else the own.
 */
export function listProfileOf(owner: Owner & { profileId?: number }): number {
  return owner.profile ?? owner.profileId ?? 1
}

function ownedBy(owner: Owner) {
  return and(eq(userLists.owner_type, owner.type), eq(userLists.owner_id, owner.id), eq(userLists.profile, listProfileOf(owner)))
}

function summaryOf(list: UserList, itemCount: number, posters: (string | null)[]): ListSummary {
  return {
    slug: list.slug,
    name: list.name,
    description: list.description,
    is_public: list.is_public,
    item_count: itemCount,
    posters,
    created_at: list.created_at,
    updated_at: list.updated_at,
    hidden: list.hidden_reason ? { reason: list.hidden_reason, note: list.hidden_note, at: list.hidden_at } : null,
  }
}

function entryOf(item: UserListItem): ListEntry {
  return { content_type: item.content_type, content_id: item.content_id, title: item.title, poster_path: item.poster_path, added_at: item.added_at }
}

const keyOf = (k: ContentKey) => `${k.content_type}:${k.content_id}`

const itemOrder = [asc(userListItems.position), asc(userListItems.added_at)] as const

/**
 * The owner's lists in their order, each with its count and first posters; `has` marks the lists
 * holding that title. Each list's titles are counted and ranked in one read (window functions), and
 * the lists are named by their owner rather than by an IN list of ids, which at MAX_LISTS would
 * pass D1's 100 bound values.
 */
export async function listsOf(db: Db, owner: Owner, has?: ContentKey): Promise<ListSummary[]> {
  const owned = sql`SELECT id FROM user_lists WHERE owner_type = ${owner.type} AND owner_id = ${owner.id} AND profile = ${listProfileOf(owner)}`
  const [lists, covers, holding] = await Promise.all([
    db.select().from(userLists).where(ownedBy(owner)).orderBy(asc(userLists.position), desc(userLists.id)).all(),
    db.all<{ list_id: number; poster_path: string | null; n: number }>(
      sql`SELECT list_id, poster_path, n FROM (
            SELECT list_id, poster_path,
                   ROW_NUMBER() OVER (PARTITION BY list_id ORDER BY position, added_at) AS rank,
                   COUNT(*) OVER (PARTITION BY list_id) AS n
            FROM user_list_items WHERE list_id IN (${owned})
          ) WHERE rank <= ${COVER_POSTERS} ORDER BY list_id, rank`,
    ),
    has
      ? db.all<{ list_id: number }>(
          sql`SELECT list_id FROM user_list_items WHERE list_id IN (${owned}) AND content_type = ${has.content_type} AND content_id = ${has.content_id}`,
        )
      : Promise.resolve([]),
  ])
  const holdingIds = new Set(holding.map((h) => h.list_id))
  return lists.map((list) => {
    const first = covers.filter((c) => c.list_id === list.id)
    const summary = summaryOf(
      list,
      first[0]?.n ?? 0,
      first.map((c) => c.poster_path),
    )
    return has ? { ...summary, contains: holdingIds.has(list.id) } : summary
  })
}

/** The owner's list with that slug, or undefined (also when it is somebody else's). */
export async function ownList(db: Db, owner: Owner, slug: string): Promise<UserList | undefined> {
  return db.select().from(userLists).where(and(ownedBy(owner), eq(userLists.slug, slug))).get()
}

async function itemsOf(db: Db, listId: number): Promise<UserListItem[]> {
  return db.select().from(userListItems).where(eq(userListItems.list_id, listId)).orderBy(...itemOrder).all()
}

async function withItems(db: Db, list: UserList): Promise<ListWithItems> {
  const [items, owner] = await Promise.all([
    itemsOf(db, list.id),
    list.owner_type === 'user' ? db.select({ username: users.username }).from(users).where(eq(users.id, list.owner_id)).get() : Promise.resolve(undefined),
  ])
  const summary = summaryOf(
    list,
    items.length,
    items.slice(0, COVER_POSTERS).map((i) => i.poster_path),
  )
  return { ...summary, items: items.map(entryOf), owner_name: owner?.username ?? null }
}

/** A list with its titles, for its owner. */
export async function ownListWithItems(db: Db, owner: Owner, slug: string): Promise<ListWithItems | undefined> {
  const list = await ownList(db, owner, slug)
  return list && withItems(db, list)
}

/**
 * A list as someone may read it: a public one for anyone, a private or hidden one for its owner only;
 * undefined otherwise, as if it did not exist. `reader` (the session's account, null for nobody)
 * is asked for only where its answer matters: for a private list, and for a public one when the
 * caller wants to know whether it is the reader's own (`ownOfPublic`).
 */
export async function readableList(
  db: Db,
  slug: string,
  reader: () => Promise<Owner | null>,
  { ownOfPublic = true } = {},
): Promise<{ list: ListWithItems; own: boolean; listId: number } | undefined> {
  const list = await db.select().from(userLists).where(eq(userLists.slug, slug)).get()
  if (!list) return undefined
  // a list moderation hid is, like a private one, its owner's alone
  const shown = list.is_public && !list.hidden_reason
  const account = shown && !ownOfPublic ? null : await reader()
  const own = account !== null && account.type === list.owner_type && account.id === list.owner_id && listProfileOf(account) === list.profile
  if (!shown && !own) return undefined
  return { list: await withItems(db, list), own, listId: list.id }
}

export type ListRefusal = 'tooManyLists' | 'listFull'

/**
 * Inserts a list at the top of the owner's lists in one statement that counts the owner's lists
 * as it inserts, so parallel requests cannot pass MAX_LISTS between a count and an insert. With
 * `unlessNamed`, neither when the owner has a list of that name (case set aside), in the same
 * statement, so parallel imports of one file make one list.
 */
async function insertList(db: Db, owner: Owner, fields: ListFields, unlessNamed?: string): Promise<UserList | undefined> {
  const named = unlessNamed === undefined ? sql`` : sql` AND coalesce(sum(lower(${userLists.name}) = lower(${unlessNamed})), 0) = 0`
  const [row] = await db.all<UserList>(sql`
    INSERT INTO ${userLists} (slug, owner_type, owner_id, profile, name, description, is_public, position)
    SELECT ${newSlug()}, ${owner.type}, ${owner.id}, ${listProfileOf(owner)}, ${fields.name}, ${fields.description}, ${fields.is_public ? 1 : 0}, coalesce(min(${userLists.position}), 1) - 1
    FROM ${userLists} WHERE ${userLists.owner_type} = ${owner.type} AND ${userLists.owner_id} = ${owner.id} AND ${userLists.profile} = ${listProfileOf(owner)}
    HAVING count(*) < ${MAX_LISTS}${named}
    RETURNING *`)
  return row && { ...row, is_public: Boolean(row.is_public) }
}

/** A new list at the top of the owner's lists; refused past MAX_LISTS. */
export async function createList(db: Db, owner: Owner, fields: ListFields): Promise<ListSummary | ListRefusal> {
  const list = await insertList(db, owner, fields)
  return list ? summaryOf(list, 0, []) : 'tooManyLists'
}

/** The owner's list of that name (case set aside), made private when there is none; `made` tells which. */
export async function listNamed(db: Db, owner: Owner, name: string): Promise<{ list: UserList; made: boolean } | ListRefusal> {
  const wanted = name.toLowerCase()
  const find = async () => (await db.select().from(userLists).where(ownedBy(owner)).all()).find((l) => l.name.toLowerCase() === wanted)
  const found = await find()
  if (found) return { list: found, made: false }
  const made = await insertList(db, owner, { name, description: null, is_public: false }, name)
  if (made) return { list: made, made: true }
  // made meanwhile by a parallel request, or no room left
  const raced = await find()
  return raced ? { list: raced, made: false } : 'tooManyLists'
}

const stamp = () => new Date().toISOString()

export async function updateList(db: Db, list: UserList, changes: Partial<ListFields>): Promise<UserList> {
  return db
    .update(userLists)
    .set({ ...changes, updated_at: stamp() })
    .where(eq(userLists.id, list.id))
    .returning()
    .get()
}

export async function deleteList(db: Db, list: UserList): Promise<void> {
  await db.batch([db.delete(userListItems).where(eq(userListItems.list_id, list.id)), db.delete(userLists).where(eq(userLists.id, list.id))])
}

export interface AppendCounts {
  added: number
  /** Titles the list held already: they stay where they are. */
  existing: number
  /** Titles left out because the list was full. */
  skipped: number
}

/**
 * Adds titles at the end of the list in the order given, each once; titles already on it stay where
 * they are, and what would take it past MAX_LIST_ITEMS is left out. The titles go in as one JSON
 * value and one statement, which skips those on the list and counts the list as it inserts, so
 * parallel additions (two imports at once) cannot take a list past its limit or add a title twice.
 */
export async function appendToList(db: Db, list: UserList, items: WatchlistItem[]): Promise<AppendCounts> {
  const held = await db
    .select({ content_type: userListItems.content_type, content_id: userListItems.content_id })
    .from(userListItems)
    .where(eq(userListItems.list_id, list.id))
    .all()
  const there = new Set(held.map(keyOf))
  const fresh = [...new Map(items.filter((i) => !there.has(keyOf(i))).map((i) => [keyOf(i), i])).values()]
  if (fresh.length === 0) return { added: 0, existing: items.length, skipped: 0 }
  const titles = JSON.stringify(fresh.map((i) => ({ type: i.content_type, id: i.content_id, title: i.title, poster: i.poster_path })))
  const title = (field: string) => sql.raw(`json_extract(t.value, '$.${field}')`)
  const onList = sql`SELECT count(*) FROM ${userListItems} WHERE ${userListItems.list_id} = ${list.id}`
  const rows = await db.all<{ content_id: number }>(sql`
    INSERT INTO ${userListItems} (list_id, content_type, content_id, title, poster_path, position)
    SELECT ${list.id}, ${title('type')}, ${title('id')}, ${title('title')}, ${title('poster')},
           (SELECT coalesce(max(${userListItems.position}) + 1, 0) FROM ${userListItems} WHERE ${userListItems.list_id} = ${list.id}) + t.key
    FROM json_each(${titles}) AS t
    WHERE NOT EXISTS (SELECT 1 FROM ${userListItems} WHERE ${userListItems.list_id} = ${list.id} AND ${userListItems.content_type} = ${title('type')} AND ${userListItems.content_id} = ${title('id')})
    ORDER BY t.key
    LIMIT max(0, ${MAX_LIST_ITEMS} - (${onList}))
    RETURNING content_id`)
  const added = rows.length
  if (added > 0) await db.update(userLists).set({ updated_at: stamp() }).where(eq(userLists.id, list.id))
  return { added, existing: items.length - fresh.length, skipped: fresh.length - added }
}

/** Adds the title at the end of the list once; a second add leaves it where it is (`created: false`). */
export async function addToList(db: Db, list: UserList, item: WatchlistItem): Promise<{ created: boolean } | ListRefusal> {
  const { added, skipped } = await appendToList(db, list, [item])
  return skipped > 0 ? 'listFull' : { created: added > 0 }
}

export async function removeFromList(db: Db, list: UserList, key: ContentKey): Promise<boolean> {
  const removed = await db
    .delete(userListItems)
    .where(and(eq(userListItems.list_id, list.id), eq(userListItems.content_type, key.content_type), eq(userListItems.content_id, key.content_id)))
    .returning({ list_id: userListItems.list_id })
    .all()
  if (removed.length > 0) await db.update(userLists).set({ updated_at: stamp() }).where(eq(userLists.id, list.id))
  return removed.length > 0
}

/** Puts the list's titles in the order given, which must name each of them exactly once. */
export async function reorderList(db: Db, list: UserList, order: ContentKey[]): Promise<boolean> {
  const items = await itemsOf(db, list.id)
  const given = order.map(keyOf)
  if (given.length !== items.length || new Set(given).size !== given.length || !items.every((i) => given.includes(keyOf(i)))) return false
  const moves = order.map((k, position) =>
    db
      .update(userListItems)
      .set({ position })
      .where(and(eq(userListItems.list_id, list.id), eq(userListItems.content_type, k.content_type), eq(userListItems.content_id, k.content_id))),
  )
  const touch = db.update(userLists).set({ updated_at: stamp() }).where(eq(userLists.id, list.id))
  await db.batch([touch, ...moves])
  return true
}

/** Puts the owner's lists in the order given (slugs), which must name each of them exactly once. */
export async function reorderLists(db: Db, owner: Owner, slugs: string[]): Promise<boolean> {
  const lists = await db.select({ id: userLists.id, slug: userLists.slug }).from(userLists).where(ownedBy(owner)).all()
  if (slugs.length !== lists.length || new Set(slugs).size !== slugs.length || !lists.every((l) => slugs.includes(l.slug))) return false
  if (lists.length === 0) return true
  const [first, ...rest] = slugs.map((slug, position) => db.update(userLists).set({ position }).where(and(ownedBy(owner), eq(userLists.slug, slug))))
  await db.batch([first!, ...rest])
  return true
}

/** Public lists for the sitemap: the most recently changed first. */
export async function publicListSlugs(db: Db, limit: number): Promise<string[]> {
  const rows = await db.select({ slug: userLists.slug }).from(userLists).where(and(eq(userLists.is_public, true), isNull(userLists.hidden_reason))).orderBy(desc(userLists.updated_at)).limit(limit).all()
  return rows.map((r) => r.slug)
}

/** Every list of the account with its titles, for "download my data" and the exports. */
export async function allListsWithItems(db: Db, owner: Owner): Promise<ListWithItems[]> {
  const lists = await db.select().from(userLists).where(ownedBy(owner)).orderBy(asc(userLists.position), desc(userLists.id)).all()
  return Promise.all(lists.map((list) => withItems(db, list)))
}

/** Removes every list the account owns, every profile's, with their titles and reports, and the reports it made (account deletion). */
export function deleteListsOf(db: Db, owner: Owner) {
  const everyProfile = and(eq(userLists.owner_type, owner.type), eq(userLists.owner_id, owner.id))
  return [
    db.delete(listReports).where(and(eq(listReports.reporter_type, owner.type), eq(listReports.reporter_id, owner.id))),
    ...listsGone(db, everyProfile),
  ] as const
}

/** Removes one profile's lists, with their titles and reports (the profile's deletion). */
export function deleteProfileListsOf(db: Db, owner: Owner) {
  return listsGone(db, ownedBy(owner))
}

function listsGone(db: Db, which: ReturnType<typeof ownedBy>) {
  return [
    db.delete(listReports).where(inArray(listReports.list_id, db.select({ id: userLists.id }).from(userLists).where(which))),
    db.delete(userListItems).where(inArray(userListItems.list_id, db.select({ id: userLists.id }).from(userLists).where(which))),
    db.delete(userLists).where(which),
  ] as const
}
