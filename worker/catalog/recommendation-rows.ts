/**
 * A signed-in viewer's "Because you watched {title}" rows (GET /api/me/recommendations, and the
 * home page painted for them): a few titles they watched or rated well, each with the titles most
 * like it (recommend.ts) that they have not seen. Made on demand and kept in the viewer's own store
 * under the catalogue's language and scope, until their taste number changes (a play, a mark or a
 * rating) or another catalogue is loaded; a kept answer costs one store call and no catalogue query.
 */
import type { Taste } from '../accounts/taste'
import type { ContentKey, Owner } from '../accounts/watchlist'
import type { KeptOrTaste } from '../accounts/store'
import type { accountStore } from '../accounts/store-client'
import { directionOf, type Locale } from '../lib/locales'
import { catalogueText } from './messages'
import { cardItem } from './pages'
import { CatalogNotFoundError, type CatalogProvider } from './provider'
import { byScore, likeness, quality, tasteWeight } from './recommend'
import type { MediaType, Neighbourhood, Row } from './types'

/** At most this many rows, each of at most ROW_LENGTH titles; a row that finds fewer than MIN_ROW is left out. */
export const MAX_ROWS = 3
export const ROW_LENGTH = 20
export const MIN_ROW = 4
/** Seeds tried for rows, in turn, when earlier ones find too little. */
const MAX_SEEDS = 5
/** The latest titles rated 2 stars or less whose look-alikes are pushed down. */
const MAX_DISLIKED = 3
/** A title this little alike the row's seed is no reason to show it. */
const MIN_LIKENESS = 0.25
/** How much the viewer's other seeds add to a title alike to them too, and how much one they disliked takes away. */
const SUPPORT = 0.5
const DISLIKE = 0.6
/** A title watched or rated this many days ago counts half as much as one today when seeds are picked. */
const HALF_LIFE_DAYS = 60

interface TasteTitle extends ContentKey {
  title: string
  rating: number | null
  /** When it was last watched or rated. */
  at: string
  weight: number
}

const keyOf = (t: { content_type: MediaType; content_id: number } | { media_type: MediaType; id: number }) =>
  'content_type' in t ? `${t.content_type}:${t.content_id}` : `${t.media_type}:${t.id}`

/** Every title the viewer watched or rated, once, with its weight. */
function tasteTitles(taste: Taste): TasteTitle[] {
  const titles = new Map<string, TasteTitle>()
  for (const w of taste.watched) titles.set(keyOf(w), { content_type: w.content_type, content_id: w.content_id, title: w.title, rating: null, at: w.last_watched_at, weight: tasteWeight(null) })
  for (const r of taste.ratings) {
    const known = titles.get(keyOf(r))
    const at = known && known.at > r.rated_at ? known.at : r.rated_at
    titles.set(keyOf(r), { content_type: r.content_type, content_id: r.content_id, title: known?.title ?? r.title, rating: r.rating, at, weight: tasteWeight(r.rating) })
  }
  return [...titles.values()]
}

function recency(at: string, now: number): number {
  const days = Math.max(0, (now - Date.parse(at)) / 86_400_000)
  return Number.isFinite(days) ? HALF_LIFE_DAYS / (HALF_LIFE_DAYS + days) : 0
}

export interface RecommendationRow extends Row {
  /** The title the row is like, and whether it was its rating or its watching that chose it. */
  seed: ContentKey
  reason: 'watched' | 'rated'
}

/**
 * The row's title: its reason, in the viewer's language. In a language written right to left the
 * name is isolated (FSI … PDI), so a Latin name ending in a stop or a digit keeps its own order.
 */
function rowTitle(locale: Locale, seed: TasteTitle, name: string): string {
  const title = directionOf(locale) === 'rtl' ? `\u2068${name}\u2069` : name
  if (seed.rating === null) return catalogueText(locale, 'catalogue.rowBecauseWatched', { title })
  return catalogueText(locale, 'catalogue.rowBecauseRated', { title, stars: seed.rating / 2 })
}

/** A title's neighbourhood, or null when the catalogue no longer has it. */
async function neighbourhoodOf(provider: CatalogProvider, key: ContentKey): Promise<Neighbourhood | null> {
  try {
    return await provider.neighbours(key.content_type, key.content_id)
  } catch (err) {
    if (err instanceof CatalogNotFoundError) return null
    throw err
  }
}

/**
 * "Because you watched" rows: up to MAX_ROWS seeds (the titles watched or rated well, recent and
 * well rated first), each row the seed's neighbourhood ranked by its likeness to the seed, helped by
 * the likeness to the viewer's other seeds and held back by the likeness to titles they disliked;
 * never a title the viewer watched, rated or has in the history, and none twice.
 */
export async function recommendationRows(provider: CatalogProvider, taste: Taste, now: number = Date.now()): Promise<RecommendationRow[]> {
  const titles = tasteTitles(taste)
  const excluded = new Set([...titles.map(keyOf), ...taste.seen.map(keyOf)])
  const seeds = titles
    .filter((t) => t.weight > 0)
    .map((t) => ({ t, priority: t.weight * recency(t.at, now) }))
    .sort((a, b) => b.priority - a.priority || (a.t.at < b.t.at ? 1 : -1))
    .slice(0, MAX_SEEDS)
    .map((s) => s.t)
  if (!seeds.length) return []
  const disliked = titles
    .filter((t) => t.weight < 0)
    .sort((a, b) => (a.at < b.at ? 1 : -1))
    .slice(0, MAX_DISLIKED)

  // The first rows' seeds and the disliked titles at once; a later seed only when a row came out short.
  const asked = [...seeds.slice(0, MAX_ROWS), ...disliked]
  const hoods = new Map<string, Neighbourhood | null>(await Promise.all(asked.map(async (t) => [keyOf(t), await neighbourhoodOf(provider, t)] as const)))
  const against = disliked.flatMap((d) => {
    const hood = hoods.get(keyOf(d))
    return hood ? [{ traits: hood.title, weight: -d.weight }] : []
  })

  const rows: RecommendationRow[] = []
  const used = new Set<string>()
  for (const seed of seeds) {
    if (rows.length >= MAX_ROWS) break
    if (!hoods.has(keyOf(seed))) hoods.set(keyOf(seed), await neighbourhoodOf(provider, seed))
    const hood = hoods.get(keyOf(seed))
    if (!hood) continue
    const others = seeds.flatMap((s) => {
      const other = s === seed ? null : hoods.get(keyOf(s))
      return other ? [{ traits: other.title, weight: s.weight }] : []
    })
    const scored = hood.near
      .filter(({ item }) => !excluded.has(keyOf(item)) && !used.has(keyOf(item)))
      .map(({ item, traits }) => {
        const base = likeness(hood.title, traits)
        const support = others.length ? others.reduce((sum, o) => sum + o.weight * likeness(o.traits, traits), 0) / others.length : 0
        const penalty = against.reduce((sum, d) => sum + d.weight * likeness(d.traits, traits), 0)
        return { item, base, score: base + SUPPORT * support - DISLIKE * penalty + quality(item) }
      })
      .filter((c) => c.base >= MIN_LIKENESS && c.score > 0)
      .sort(byScore)
      .slice(0, ROW_LENGTH)
    if (scored.length < MIN_ROW) continue
    for (const c of scored) used.add(keyOf(c.item))
    rows.push({
      key: `because-${seed.content_type}-${seed.content_id}`,
      title: rowTitle(provider.locale, seed, hood.title.name || seed.title),
      items: scored.map((c) => cardItem(c.item)),
      seed: { content_type: seed.content_type, content_id: seed.content_id },
      reason: seed.rating === null ? 'watched' : 'rated',
    })
  }
  return rows
}

// Kept for the viewer

/** The rows as the viewer's store keeps them, with the catalogue data they were made from. */
export interface KeptRecommendations {
  version: string
  rows: RecommendationRow[]
}

/** The name the rows are kept under in the viewer's store: one per catalogue, language and region. */
export function recommendationsName(provider: CatalogProvider): string {
  return `recommendations:${provider.name}:${provider.scope}`
}

/** Kept rows without the titles started since they were made; a row left with too few goes. */
function unseen(rows: RecommendationRow[], seen: ContentKey[]): RecommendationRow[] {
  const started = new Set(seen.map(keyOf))
  return rows.flatMap((row) => {
    const items = row.items.filter((item) => !started.has(keyOf(item)))
    if (items.length === row.items.length) return [row]
    return items.length >= MIN_ROW ? [{ ...row, items }] : []
  })
}

/**
 * The viewer's rows: those kept for their taste as it is, else made now and kept (after the answer,
 * through `waitUntil`). `known` is the store's answer when the caller has it already (a painted page
 * asks for it with the rest of its first screen). Null when the account is gone.
 */
export async function viewerRecommendations(
  store: ReturnType<typeof accountStore>,
  owner: Owner,
  provider: CatalogProvider,
  waitUntil: (promise: Promise<unknown>) => void,
  known?: KeptOrTaste | null,
): Promise<RecommendationRow[] | null> {
  const name = recommendationsName(provider)
  const state = known === undefined ? await store.recommendationsOrTaste(owner, name) : known
  if (!state) return null
  const version = await provider.version()
  if ('kept' in state && state.kept.version === version) return unseen(state.kept.rows, state.seen)
  const taste = 'taste' in state ? state.taste : await store.taste(owner)
  if (!taste) return null
  // Nothing watched or rated: nothing to make, nor to keep.
  if (!taste.watched.length && !taste.ratings.length) return []
  const rows = await recommendationRows(provider, taste)
  const value: KeptRecommendations = { version, rows }
  waitUntil(store.keepTasteCache(owner, name, taste.seq, value))
  return rows
}
