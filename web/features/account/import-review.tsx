/**
 * The import page's review, before anything is saved: every title it will import as it was
 * matched (poster, name, year, film or series), where it goes and the rating the file gives, each
 * with a box to leave it out; and, for a title not found, a search of the catalogue by another
 * name to pick it by hand.
 */
import { useState, type FormEvent } from 'react'
import type { ImportCandidate } from '../../../worker/accounts/import'
import type { ListItem } from '../../../worker/catalog/types'
import { Button } from '../../components/button'
import { StarIcon } from '../../components/icons'
import { currentLocale, t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { useImage } from '../../lib/images'
import { starsText } from '../../lib/my-ratings'
import { titleOf, yearOf } from '../../lib/titles'
import type { ImportRow } from './import-files'

/** How many titles the review shows before "Show all". */
const SHOWN_AT_FIRST = 60
/** How many of the catalogue's answers a search by hand offers. */
const FOUND_AT_MOST = 5

export interface ReviewItem {
  key: string
  candidate: ImportCandidate
  rows: ImportRow[]
}

/** "★ 4.5", read as "your rating 4.5". */
export function RatingMark({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">
      <StarIcon width={10} height={10} />
      <span aria-hidden="true">{starsText(rating)}</span>
      <span className="sr-only">{t('taste.yourRatingCard', { stars: starsText(rating) })}</span>
    </span>
  )
}

/** The file's rating of a title: the latest of its rows'. */
export function ratingOfRows(rows: ImportRow[]): ImportRow | undefined {
  return rows.filter((r) => r.rating !== undefined).sort((a, b) => (b.ratedAt ?? '').localeCompare(a.ratedAt ?? ''))[0]
}

/** Where a title's rows go: "Watchlist, History, List: Rainy films", in the page's language. */
function placesOf(rows: ImportRow[]): string {
  const places = new Set(rows.map((r) => (r.kind === 'watchlist' ? t('taste.importToWatchlist') : r.kind === 'watched' ? t('taste.importToHistory') : t('taste.importToList', { name: r.list ?? '' }))))
  return new Intl.ListFormat(currentLocale(), { type: 'unit' }).format([...places])
}

export function Poster({ path }: { path: string | null }) {
  const image = useImage()
  const src = image(path, 'poster', 92)
  return (
    <span className="block aspect-[2/3] w-10 shrink-0 overflow-hidden rounded bg-neutral-800">
      {src && <img src={src.src} srcSet={src.srcSet} sizes={src.srcSet && '40px'} alt="" loading="lazy" width={92} height={138} className="h-full w-full object-cover" />}
    </span>
  )
}

/** A candidate's name, year and kind as one line: 'Halloween (2007), film'. */
export function candidateText(c: ImportCandidate): string {
  const named = c.year ? t('import.titleWithYear', { title: c.title, year: String(c.year) }) : c.title
  return t(c.media_type === 'movie' ? 'import.candidateFilm' : 'import.candidateSeries', { title: named })
}

export function ImportReview({ items, excluded, onToggle }: { items: ReviewItem[]; excluded: ReadonlySet<string>; onToggle: (key: string) => void }) {
  const [all, setAll] = useState(false)
  const shown = all ? items : items.slice(0, SHOWN_AT_FIRST)
  return (
    <div className="mt-5">
      <h3 className="font-semibold">{t('taste.importReview', { count: items.length - [...excluded].filter((k) => items.some((i) => i.key === k)).length, total: items.length })}</h3>
      <p className="mt-1 text-sm text-neutral-400">{t('taste.importReviewHelp')}</p>
      <ul className="mt-3 divide-y divide-neutral-800 rounded-lg border border-neutral-800" aria-label={t('taste.importReviewList')}>
        {shown.map(({ key, candidate, rows }) => {
          const rated = ratingOfRows(rows)
          const id = `review-${key.replace(/[^a-z0-9]+/gi, '-')}`
          return (
            <li key={key} className="flex items-center gap-3 px-3 py-2">
              <input id={id} type="checkbox" checked={!excluded.has(key)} onChange={() => onToggle(key)} className="h-5 w-5 shrink-0 accent-brand-500" />
              <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                <Poster path={candidate.poster_path} />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-sm font-medium text-neutral-100" data-catalog="">
                    {candidateText(candidate)}
                  </span>
                  <span className="block truncate text-xs text-neutral-400">{placesOf(rows)}</span>
                </span>
                {rated?.rating !== undefined && <RatingMark rating={rated.rating} />}
              </label>
            </li>
          )
        })}
      </ul>
      {!all && items.length > SHOWN_AT_FIRST && (
        <Button variant="secondary" className="mt-3" onClick={() => setAll(true)}>
          {t('taste.importShowAll', { count: items.length })}
        </Button>
      )}
    </div>
  )
}

function candidateOf(item: ListItem): ImportCandidate {
  const year = Number(yearOf(item))
  return { id: item.id, media_type: item.media_type, title: titleOf(item), year: Number.isInteger(year) && year > 0 ? year : null, poster_path: item.poster_path }
}

/**
 * A title the file names that the catalogue did not find: search it by another name (its own, to
 * begin with) and pick one of the answers, or leave it out.
 */
export function FindByHand({ name, row, rating, found, pick, onFound, onPick }: { name: string; row: ImportRow; rating: number | undefined; found: ImportCandidate[] | undefined; pick: string; onFound: (candidates: ImportCandidate[]) => void; onPick: (value: string) => void }) {
  const [query, setQuery] = useState(row.title)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const named = row.year ? t('import.titleWithYear', { title: row.title, year: String(row.year) }) : row.title
  const search = async (event: FormEvent) => {
    event.preventDefault()
    if (!query.trim()) return
    setBusy(true)
    setError(null)
    try {
      const answer = await readJson<{ results: ListItem[] }>(api.catalog.search.$get({ query: { query: query.trim(), page: '1' } }))
      onFound(answer.results.filter((r) => r.media_type === 'movie' || r.media_type === 'tv').slice(0, FOUND_AT_MOST).map(candidateOf))
    } catch (err) {
      setError((err as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="rounded-lg border border-neutral-800 p-3">
      <p className="text-sm text-neutral-200">
        {named}
        {rating !== undefined && (
          <>
            {' '}
            <RatingMark rating={rating} />
          </>
        )}
      </p>
      <form onSubmit={search} className="mt-2 flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={t('taste.importSearchLabel', { title: named })}
          maxLength={100}
          className="min-h-10 min-w-0 flex-[1_1_12rem] rounded-lg border border-neutral-700 bg-neutral-950 px-3 text-sm text-neutral-100"
        />
        <Button type="submit" variant="secondary" busy={busy}>
          {t('taste.importSearch')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
      {found && (
        <fieldset className="mt-2" aria-live="polite">
          <legend className="sr-only">{t('taste.importPickFor', { title: named })}</legend>
          {found.length === 0 && <p className="text-sm text-neutral-400">{t('taste.importSearchNothing', { query })}</p>}
          {[...found.map((c) => ({ value: `${c.media_type}:${c.id}`, label: candidateText(c), poster: c.poster_path as string | null | undefined })), ...(found.length ? [{ value: '', label: t('import.noneOfThese'), poster: undefined }] : [])].map((o) => (
            <label key={o.value || 'none'} className="flex min-h-10 items-center gap-2 py-1 text-sm">
              <input type="radio" name={`by-hand-${name}`} value={o.value} checked={pick === o.value} onChange={() => onPick(o.value)} />
              {o.poster !== undefined && <Poster path={o.poster} />}
              <span>{o.label}</span>
            </label>
          ))}
        </fieldset>
      )}
    </li>
  )
}
