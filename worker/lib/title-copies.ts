/**
 * KV copies of what operators attach to titles (streams, markers), so a viewer's lookup never
 * reads D1, which stays the truth: one entry lists every title that has anything, and each such
 * title has an entry with its rows. Both are written through by every edit; a missing one is
 * rebuilt from D1. Lookups are also kept per isolate for up to a minute (cleared at once by an edit
 * made through this isolate; KV shows an edit everywhere within another minute). Titles with
 * nothing, the common case, cost one KV read per isolate and minute, however many there are.
 */
import type { ContentType } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import { isolateMemo } from './isolate-memo'
import { onceMore } from './once-more'

export const TITLE_COPIES_MEMO_MS = 60_000

export interface TitleRef {
  content_type: ContentType
  content_id: number
}

export const titleKeyOf = (title: TitleRef) => `${title.content_type}:${title.content_id}`

export interface TitleCopies<T> {
  /** The KV entry listing every title that has rows. */
  readonly titlesKey: string
  /** A title's rows, from the isolate, else KV, else D1 (and then kept in KV). */
  of(db: Db, kv: KVNamespace, title: TitleRef): Promise<T[]>
  /** Writes the copies after an edit: the list of titles, and the rows of each title it touched. */
  keep(db: Db, kv: KVNamespace, touched: TitleRef[]): Promise<void>
}

/** `prefix` names the KV entries (`v1:streams:`); the two readers ask D1 for the titles that have rows and for a title's rows. */
export function titleCopies<T>(prefix: string, titlesFromD1: (db: Db) => Promise<TitleRef[]>, rowsFromD1: (db: Db, title: TitleRef) => Promise<T[]>): TitleCopies<T> {
  const titlesKey = `${prefix}titles`
  const rowsKey = (key: string) => `${prefix}title:${key}`
  const titles = isolateMemo<Set<string>>(TITLE_COPIES_MEMO_MS, 1)
  const rows = isolateMemo<T[]>(TITLE_COPIES_MEMO_MS, 2000)
  const listed = async (db: Db) => (await titlesFromD1(db)).map(titleKeyOf)
  return {
    titlesKey,
    async of(db, kv, title) {
      const key = titleKeyOf(title)
      const known = await titles.get('all', async () => {
        const copy = await kv.get<string[]>(titlesKey, 'json')
        if (copy) return new Set(copy)
        const fromD1 = await listed(db)
        // Isolates rebuilding the same copy at once may be refused a write: every copy they make is the same.
        await kv.put(titlesKey, JSON.stringify(fromD1)).catch(() => undefined)
        return new Set(fromD1)
      })
      if (!known.has(key)) return []
      return rows.get(key, async () => {
        const copy = await kv.get<T[]>(rowsKey(key), 'json')
        if (copy) return copy
        const fromD1 = await rowsFromD1(db, title)
        if (fromD1.length) await kv.put(rowsKey(key), JSON.stringify(fromD1)).catch(() => undefined)
        return fromD1
      })
    },
    async keep(db, kv, touched) {
      const [all, ...each] = await Promise.all([listed(db), ...touched.map((title) => rowsFromD1(db, title))])
      await Promise.all([
        onceMore(() => kv.put(titlesKey, JSON.stringify(all))),
        ...touched.map((title, index) => {
          const found = each[index] ?? []
          const key = rowsKey(titleKeyOf(title))
          return onceMore(() => (found.length ? kv.put(key, JSON.stringify(found)) : kv.delete(key)))
        }),
      ])
      titles.clear()
      rows.clear()
    },
  }
}
