/**
 * What an administrator may set of a composed page (home, Movies, TV Shows, Kids): the hero's
 * picks, which rows appear in which order, a row's title per language, and rows of their own from
 * a genre, a public list, a search or hand-picked titles. The worker validates a layout with these
 * schemas; the dashboard's editor builds one with these types. A layout names the page's built-in
 * rows by their keys; a built-in row it leaves out is not shown.
 */
import { z } from 'zod'
import { LOCALES } from '../lib/locales'
import { errorMessage } from '../lib/api-errors'
import { LAYOUT_MAX_HERO, LAYOUT_MAX_PICKED, LAYOUT_MAX_PICKS, LAYOUT_MAX_ROWS, LAYOUT_SEARCH_MAX, LAYOUT_TITLE_MAX, type LayoutPage, ROW_KEY_PATTERN } from './layout-rules'

export * from './layout-rules'

const titleRef = z
  .object({
    type: z.enum(['movie', 'tv']),
    id: z.number().int().positive(),
    /** What the editor shows for it (the title as found); the pages use the catalogue's own. */
    label: z.string().trim().max(200).optional(),
  })
  .strict()
export type TitleRef = z.infer<typeof titleRef>

/** A title per language: any of the site's languages; where one is missing, a built-in row keeps its translated title and a row of the administrator's its English one. */
const titles = z.partialRecord(z.enum(LOCALES), z.string().trim().min(1).max(LAYOUT_TITLE_MAX))
export type RowTitles = z.infer<typeof titles>

const key = z.string().regex(ROW_KEY_PATTERN)
/** A row of the administrator's must be titled in English, the language every other falls back to. */
const customTitles = titles.refine((value) => !!value.en, { message: 'an English title is required', path: ['en'] })

export const layoutRowSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('built-in'), key, titles: titles.optional() }).strict(),
  z.object({ kind: z.literal('genre'), key, titles: customTitles, type: z.enum(['movie', 'tv']), genre: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('list'), key, titles: customTitles, slug: z.string().trim().min(1).max(80) }).strict(),
  z.object({ kind: z.literal('search'), key, titles: customTitles, query: z.string().trim().min(1).max(LAYOUT_SEARCH_MAX), type: z.enum(['movie', 'tv']).optional() }).strict(),
  z.object({ kind: z.literal('picks'), key, titles: customTitles, items: z.array(titleRef).min(1).max(LAYOUT_MAX_PICKS) }).strict(),
])
export type LayoutRow = z.infer<typeof layoutRowSchema>
export type CustomRow = Exclude<LayoutRow, { kind: 'built-in' }>

export const pageLayoutSchema = z
  .object({
    /** The hero's titles, in order; empty: the first row's first five, as without a layout. */
    hero: z.array(titleRef).max(LAYOUT_MAX_HERO),
    rows: z.array(layoutRowSchema).min(1).max(LAYOUT_MAX_ROWS),
  })
  .strict()
  .refine((layout) => layout.hero.length + layout.rows.reduce((sum, row) => sum + (row.kind === 'picks' ? row.items.length : 0), 0) <= LAYOUT_MAX_PICKED, {
    message: errorMessage('errors.layoutTooManyPicks', { max: LAYOUT_MAX_PICKED }),
  })
export type PageLayout = z.infer<typeof pageLayoutSchema>

/** A built-in row of a page, as the editor lists it: its key and its title in the administrator's language. */
export interface BuiltInRow {
  key: string
  title: string
}

/** Who did it and when. */
export interface LayoutStamp {
  at: string
  by: string | null
}

/** GET /api/admin/layouts/:page */
export interface LayoutState {
  page: LayoutPage
  /** The page's built-in rows in their built-in order (the layout of a page nobody edited). */
  builtIn: BuiltInRow[]
  /** The built-in layout: every built-in row in order, no picks. */
  defaults: PageLayout
  /** What the site shows, or null while the page shows its built-in rows (never edited, or the built-in rows restored). */
  published: { version: number; layout: PageLayout; published: LayoutStamp } | null
  /** The unpublished changes, or null. */
  draft: { layout: PageLayout; saved: LayoutStamp } | null
  /** The published versions, newest first (at most 20), for restoring one; `builtIn` for a version that restored the built-in rows (`rows` 0). */
  versions: { version: number; published: LayoutStamp; rows: number; builtIn: boolean }[]
}

/** The answer of publishing or restoring: the version the site now shows (`layout` null: the built-in rows). */
export interface PublishedAnswer {
  published: { version: number; layout: PageLayout | null; published: LayoutStamp }
}
