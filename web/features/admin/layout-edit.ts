/**
 * The curated rows editor's changes to a page's layout, apart from how they are drawn: moving an
 * entry, a new row's key, a row's title and kind in words, and the layout as it is sent (titles
 * trimmed, empty languages left out, so an untouched field never counts as a change).
 */
import type { LayoutRow, PageLayout, RowTitles, TitleRef } from '../../../worker/catalog/layout-schema'
import { CUSTOM_ROW_PREFIX } from '../../../worker/catalog/layout-rules'
import { isLocale, type Locale } from '../../../worker/lib/locales'
import { currentLocale, t } from '../../i18n'
import { genreName } from '../../lib/genres'

/** The list with the entry at `from` put at `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [entry] = next.splice(from, 1)
  if (entry !== undefined) next.splice(to, 0, entry)
  return next
}

/** A key no row of `rows` has: `c-` and six random letters and digits. */
export function newRowKey(rows: readonly LayoutRow[]): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(6))
    const key = CUSTOM_ROW_PREFIX + Array.from(bytes, (b) => (b % 36).toString(36)).join('')
    if (!rows.some((row) => row.key === key)) return key
  }
}

export function cleanTitles(titles: RowTitles | undefined): RowTitles {
  const kept: RowTitles = {}
  for (const [locale, text] of Object.entries(titles ?? {})) {
    const trimmed = text?.trim()
    if (trimmed && isLocale(locale)) kept[locale] = trimmed
  }
  return kept
}

/** The layout as the worker takes it. */
export function cleanLayout(layout: PageLayout): PageLayout {
  return {
    hero: layout.hero,
    rows: layout.rows.map((row) => {
      const titles = cleanTitles(row.titles)
      if (row.kind !== 'built-in') return { ...row, titles }
      return Object.keys(titles).length ? { kind: 'built-in', key: row.key, titles } : { kind: 'built-in', key: row.key }
    }),
  }
}

export function sameLayout(a: PageLayout, b: PageLayout): boolean {
  return JSON.stringify(cleanLayout(a)) === JSON.stringify(cleanLayout(b))
}

/** The administrator's language as a site locale (the tests' pseudo-locale is English). */
export function editorLocale(): Locale {
  const locale = currentLocale()
  return isLocale(locale) ? locale : 'en'
}

/** A row's title in the administrator's language: its own, else the built-in row's, else its English one. */
export function rowTitle(row: LayoutRow, builtInTitles: ReadonlyMap<string, string>): string {
  const own = cleanTitles(row.titles)
  return own[editorLocale()] ?? (row.kind === 'built-in' ? builtInTitles.get(row.key) : own.en) ?? row.key
}

/** What a row shows, in words: "Built-in row", "Genre: Comedy, films", "3 hand-picked titles". */
export function rowKind(row: LayoutRow): string {
  switch (row.kind) {
    case 'built-in':
      return t('admin.rowsKindBuiltIn')
    case 'genre':
      return t('admin.rowsKindGenre', { genre: genreName(row.genre) ?? String(row.genre), type: row.type })
    case 'list':
      return t('admin.rowsKindList', { slug: row.slug })
    case 'search':
      return t('admin.rowsKindSearch', { query: row.query, type: row.type ?? 'any' })
    case 'picks':
      return t('admin.rowsKindPicks', { count: row.items.length })
  }
}

/** A picked title's name: as it was found, else "Film 123" / "TV show 123". */
export function refName(ref: TitleRef): string {
  return ref.label || t(ref.type === 'movie' ? 'admin.streamFilm' : 'admin.streamShow', { id: ref.id })
}

/** The code of a public list, from its address (`https://…/es/list/abcdefghij`) or the code itself. */
export function listSlug(text: string): string {
  const trimmed = text.trim()
  return /\/list\/([A-Za-z0-9]+)/.exec(trimmed)?.[1] ?? trimmed
}
