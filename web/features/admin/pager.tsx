/**
 * Pages that follow one another, each starting where the one before ended (the users list, the
 * audit log): the starts of the pages shown so far, kept for one query (a new one starts over at
 * its first page), and the Previous / Next bar under the list.
 */
import { useState, type ReactNode } from 'react'
import { t } from '../../i18n'

export interface CursorPages<C> {
  /** Where the page shown starts; null for the first. */
  after: C | null
  /** Its number, from 1. */
  page: number
  back: () => void
  forward: (next: C) => void
}

/** The pages of the list for `query` (any text naming what is listed): [null] is the first page alone. */
export function useCursorPages<C>(query: string): CursorPages<C> {
  const [paging, setPaging] = useState<{ query: string; starts: (C | null)[] }>({ query, starts: [null] })
  const starts = paging.query === query ? paging.starts : [null]
  return {
    after: starts.at(-1) ?? null,
    page: starts.length,
    back: () => setPaging({ query, starts: starts.slice(0, -1) }),
    forward: (next) => setPaging({ query, starts: [...starts, next] }),
  }
}

const pagerButton = 'rounded-lg border border-neutral-600 px-3 py-1.5 font-semibold hover:bg-neutral-800 disabled:opacity-50'

/** Previous, where the list is, and Next (`next` null on the last page; `waiting` while the page shown is the one before's). */
export function PagerNav<C>({ label, pages, next, waiting, children }: { label: string; pages: CursorPages<C>; next: C | null; waiting: boolean; children: ReactNode }) {
  if (pages.page <= 1 && next === null) return null
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      <button type="button" disabled={pages.page <= 1} onClick={pages.back} className={pagerButton}>
        {t('admin.previous')}
      </button>
      <span className="text-neutral-300">{children}</span>
      <button type="button" disabled={next === null || waiting} onClick={() => next !== null && pages.forward(next)} className={pagerButton}>
        {t('admin.next')}
      </button>
    </nav>
  )
}
