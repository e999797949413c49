/**
 * The limits of a composed page's layout (layout-schema.ts validates with them), kept free of the
 * schema library so the dashboard's editor can read them without loading it.
 */
export const LAYOUT_PAGES = ['home', 'movies', 'tv', 'kids'] as const
export type LayoutPage = (typeof LAYOUT_PAGES)[number]

export const LAYOUT_MAX_ROWS = 40
export const LAYOUT_MAX_HERO = 5
export const LAYOUT_MAX_PICKS = 20
/** Hand-picked titles of a whole page (its rows' and the hero's): each is looked up as the page is composed. */
export const LAYOUT_MAX_PICKED = 100
export const LAYOUT_TITLE_MAX = 60
export const LAYOUT_SEARCH_MAX = 100

/** A row's key: a built-in row's own, or `c-` and letters and digits for a row of the administrator's. */
export const ROW_KEY_PATTERN = /^[a-z0-9-]{1,40}$/
export const CUSTOM_ROW_PREFIX = 'c-'
