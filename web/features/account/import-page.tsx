/**
 * /import: bring a watchlist, history, ratings and lists over from Letterboxd, IMDb or Trakt. The
 * files are read here, in the browser; their titles are matched on the server 50 at a time; the
 * page lists what needs a pick between close titles and what was not found (to search for by
 * another name), then every title it will import with its poster, where it goes and its rating,
 * each of which can be left out; nothing is added until the person presses Import, and importing
 * the same file twice adds nothing twice.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef, useState, type ChangeEvent } from 'react'
import { Link, Navigate } from 'react-router-dom'
import type { ImportCandidate, ImportMatch } from '../../../worker/accounts/import'
import { Button } from '../../components/button'
import { PageHeading } from '../../components/page-heading'
import { t, type MessageId } from '../../i18n'
import { watchlistKeys } from '../../lib/account-keys'
import { api, readJson } from '../../lib/api-client'
import { myRatingsKey } from '../../lib/my-ratings'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { queryKey, readImportFiles, type ImportRow, type ReadResult } from './import-files'
import { candidateText, FindByHand, ImportReview, Poster, RatingMark, ratingOfRows, type ReviewItem } from './import-review'
import { AccountSection } from './account-section'

const MATCH_BATCH = 50
const APPLY_BATCH = 500

/** Where the import stands once files are read (before that, `read` is null). */
type Stage = 'read' | 'matching' | 'matched' | 'importing' | 'done'

interface ListCounts {
  added: number
  existing: number
  created: number
  skipped: number
}

interface Counts {
  added: number
  existing: number
}

/** What a read file holds, by where its titles go. */
const FILE_LINE = { watchlist: 'import.fileForWatchlist', watched: 'import.fileForHistory', list: 'import.fileForList' } as const satisfies Record<string, MessageId>

/** A title with its year when it has one: 'Halloween (2010)'. */
function titleWithYear(title: string, year: number | null | undefined): string {
  return year ? t('import.titleWithYear', { title, year: String(year) }) : title
}

export function Component() {
  const session = useSession()
  if (session === undefined) return null
  if (session === null) return <Navigate to={paths.login(paths.importData())} replace />
  return <ImportPage />
}

function ImportPage() {
  const client = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [stage, setStage] = useState<Stage>('read')
  const [read, setRead] = useState<ReadResult | null>(null)
  const [matches, setMatches] = useState<Map<string, ImportMatch>>(new Map())
  const [picks, setPicks] = useState<Map<string, string>>(new Map())
  const [progress, setProgress] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<{ watchlist: Counts; watched: Counts; ratings: Counts; lists: ListCounts } | null>(null)
  // titles the person unticked in the review, and what a search by hand found for a title not found
  const [excluded, setExcluded] = useState<Set<string>>(new Set())
  const [found, setFound] = useState<Map<string, ImportCandidate[]>>(new Map())

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])]
    if (files.length === 0) return
    setError(null)
    setResult(null)
    setMatches(new Map())
    setPicks(new Map())
    setExcluded(new Set())
    setFound(new Map())
    setRead(await readImportFiles(files))
    setStage('read')
  }

  // Each distinct question once, however many rows ask it.
  const queries = useMemo(() => (read ? [...new Map(read.rows.map((r) => [queryKey(r), r])).values()] : []), [read])

  const findMatches = async () => {
    setStage('matching')
    setError(null)
    // After a stop, what was answered already is not asked again.
    const found = new Map(matches)
    const open = queries.filter((q) => !found.has(queryKey(q)))
    try {
      for (let i = 0; i < open.length; i += MATCH_BATCH) {
        const batch = open.slice(i, i + MATCH_BATCH)
        const answer = await readJson<{ results: ImportMatch[] }>(
          api.me.import.match.$post({ json: { items: batch.map((r) => ({ title: r.title, year: r.year, type: r.type, tmdb_id: r.tmdbId, imdb_id: r.imdbId })) } }),
        )
        batch.forEach((r, j) => found.set(queryKey(r), answer.results[j] ?? { status: 'missing' }))
        setProgress(found.size)
      }
      setMatches(found)
      setStage('matched')
    } catch (err) {
      setMatches(found)
      setError(t('import.matchingStopped', { error: (err as Error).message }))
      setStage('read')
    }
  }

  /** The title a row ends up as: its match, or the pick made for it; null when left out or not found. */
  const chosen = (row: ImportRow) => {
    const key = queryKey(row)
    const match = matches.get(key)
    if (excluded.has(key) || !match) return null
    if (match.status === 'matched') return match.match
    const pick = picks.get(key)
    return (match.status === 'ambiguous' ? match.candidates : (found.get(key) ?? [])).find((c) => `${c.media_type}:${c.id}` === pick) ?? null
  }

  const runImport = async () => {
    if (!read) return
    setStage('importing')
    setError(null)
    const entry = (row: ImportRow) => {
      const c = chosen(row)
      return c && { content_type: c.media_type, content_id: c.id, title: c.title, poster_path: c.poster_path }
    }
    const watchlist = read.rows.filter((r) => r.kind === 'watchlist').flatMap((r) => entry(r) ?? [])
    const watched = read.rows.filter((r) => r.kind === 'watched').flatMap((r) => {
      const e = entry(r)
      return e ? [{ ...e, watched_at: r.watchedAt }] : []
    })
    // one rating a title, the latest the files give
    const ratings = [
      ...new Map(
        read.rows
          .filter((r) => r.rating !== undefined)
          .sort((a, b) => (a.ratedAt ?? '').localeCompare(b.ratedAt ?? ''))
          .flatMap((r) => {
            const e = entry(r)
            return e ? [[`${e.content_type}:${e.content_id}`, { ...e, rating: r.rating!, rated_at: r.ratedAt ?? null }] as const] : []
          }),
      ).values(),
    ]
    // Each list's titles under its name, once each; a list is sent in pieces when it is long.
    const lists = new Map<string, Map<string, NonNullable<ReturnType<typeof entry>>>>()
    for (const row of read.rows) {
      const e = row.kind === 'list' && row.list ? entry(row) : null
      if (!e || !row.list) continue
      const items = lists.get(row.list) ?? new Map()
      items.set(`${e.content_type}:${e.content_id}`, e)
      lists.set(row.list, items)
    }
    const total = { watchlist: { added: 0, existing: 0 }, watched: { added: 0, existing: 0 }, ratings: { added: 0, existing: 0 }, lists: { added: 0, existing: 0, created: 0, skipped: 0 } }
    const add = (answer: typeof total) => {
      for (const kind of ['watchlist', 'watched', 'ratings'] as const) {
        total[kind].added += answer[kind].added
        total[kind].existing += answer[kind].existing
      }
      for (const count of ['added', 'existing', 'created', 'skipped'] as const) total.lists[count] += answer.lists[count]
    }
    try {
      for (let i = 0; i < Math.max(watchlist.length, watched.length, ratings.length); i += APPLY_BATCH) {
        const batch = { watchlist: watchlist.slice(i, i + APPLY_BATCH), watched: watched.slice(i, i + APPLY_BATCH), ratings: ratings.slice(i, i + APPLY_BATCH) }
        add(await readJson<typeof total>(api.me.import.apply.$post({ json: batch })))
      }
      for (const [name, items] of lists) {
        const all = [...items.values()]
        for (let i = 0; i < all.length; i += APPLY_BATCH) {
          add(await readJson<typeof total>(api.me.import.apply.$post({ json: { lists: [{ name: name.slice(0, 100), items: all.slice(i, i + APPLY_BATCH) }] } })))
        }
      }
      setResult(total)
      setStage('done')
    } catch (err) {
      setError(t('import.importStopped', { error: (err as Error).message }))
      setStage('matched')
    } finally {
      // what the saved batches changed; the ratings are otherwise kept for the whole visit
      for (const queryKey of [watchlistKeys.all, ['history'], ['me', 'watched'], myRatingsKey]) void client.invalidateQueries({ queryKey })
    }
  }

  const { counts, ambiguous, missing } = useMemo(() => {
    const counts = { matched: 0, ambiguous: 0, missing: 0 }
    const ambiguous: ImportRow[] = []
    const missing: ImportRow[] = []
    for (const q of queries) {
      const status = matches.get(queryKey(q))?.status
      if (!status) continue
      counts[status] += 1
      if (status === 'ambiguous') ambiguous.push(q)
      if (status === 'missing') missing.push(q)
    }
    return { counts, ambiguous, missing }
  }, [queries, matches])

  // Every title the import would bring, once, with the rows that name it.
  const review = useMemo(() => {
    const items = new Map<string, ReviewItem>()
    if (!read) return []
    for (const row of read.rows) {
      const key = queryKey(row)
      const match = matches.get(key)
      const candidate = match?.status === 'matched' ? match.match : (match?.status === 'ambiguous' ? match.candidates : (found.get(key) ?? [])).find((c) => `${c.media_type}:${c.id}` === picks.get(key))
      if (!candidate) continue
      const item = items.get(key) ?? { key, candidate, rows: [] }
      item.rows.push(row)
      items.set(key, item)
    }
    return [...items.values()]
  }, [read, matches, picks, found])
  const toggle = (key: string) => {
    const next = new Set(excluded)
    if (!next.delete(key)) next.add(key)
    setExcluded(next)
  }
  const rated = (key: string) => {
    const rating = ratingOf(key)
    return rating !== undefined && (
      <>
        {' '}
        <RatingMark rating={rating} />
      </>
    )
  }

  // The file's rating of each title asked about (a title's rows may come from several files).
  const ratingOf = useMemo(() => {
    const rows = new Map<string, ImportRow[]>()
    for (const row of read?.rows ?? []) rows.set(queryKey(row), [...(rows.get(queryKey(row)) ?? []), row])
    return (key: string) => ratingOfRows(rows.get(key) ?? [])?.rating
  }, [read])

  return (
    <div className="pb-12">
      <PageHeading title={t('import.title')} description={t('import.description')} />
      <div className="max-w-3xl space-y-6 px-4 md:px-8">
        <AccountSection id="import-files" title={t('import.stepChoose')}>
          <p className="mt-2 text-sm text-neutral-300">
            {t('import.filesHelp')}
          </p>
          <input ref={input} type="file" multiple accept=".zip,.csv,.json" onChange={onFiles} className="sr-only" aria-label={t('import.filesToImport')} id="import-input" />
          <Button variant="secondary" className="mt-4" onClick={() => input.current?.click()} disabled={stage === 'matching' || stage === 'importing'}>
            {t('import.chooseFiles')}
          </Button>
          {read && (
            <div className="mt-4 space-y-2 text-sm">
              <ul aria-label={t('import.filesRead')} className="space-y-1 text-neutral-200">
                {read.files.map((f) => (
                  <li key={f.name}>
                    {t(FILE_LINE[f.kind], { name: f.name, source: f.source, count: f.count })}
                    {f.rated > 0 && ` ${t('taste.importFileRatings', { count: f.rated })}`}
                  </li>
                ))}
              </ul>
              {read.problems.map((p) => (
                <p key={p} role="alert" className="text-amber-300">
                  {p}
                </p>
              ))}
            </div>
          )}
        </AccountSection>

        {read && queries.length > 0 && (
          <AccountSection id="import-match" title={t('import.stepMatch')}>
            {stage === 'read' && (
              <Button className="mt-4" onClick={findMatches}>
                {t('import.matchTitles', { count: queries.length })}
              </Button>
            )}
            <p aria-live="polite" className="mt-3 text-sm text-neutral-300">
              {stage === 'matching'
                ? t('import.matchingProgress', { done: progress, total: queries.length })
                : matches.size > 0
                  ? t('import.matchSummary', { matched: counts.matched, ambiguous: counts.ambiguous, missing: counts.missing })
                  : ''}
            </p>
            {error && (
              <p role="alert" className="mt-2 text-sm text-red-300">
                {error}
              </p>
            )}
            {ambiguous.length > 0 && (
              <div className="mt-4 space-y-4">
                <h3 className="font-semibold">{t('import.pickTitle')}</h3>
                {ambiguous.map((q) => {
                  const key = queryKey(q)
                  const m = matches.get(key)
                  if (m?.status !== 'ambiguous') return null
                  return (
                    <fieldset key={key} className="rounded-lg border border-neutral-800 p-3">
                      <legend className="px-1 text-sm text-neutral-200">
                        {titleWithYear(q.title, q.year)}
                        {rated(key)}
                      </legend>
                      {[...m.candidates.map((c) => ({ value: `${c.media_type}:${c.id}`, label: candidateText(c), poster: c.poster_path })), { value: '', label: t('import.noneOfThese'), poster: undefined }].map((o) => (
                        <label key={o.value || 'none'} className="flex min-h-9 items-center gap-2 py-1 text-sm">
                          <input type="radio" name={key} value={o.value} checked={(picks.get(key) ?? '') === o.value} onChange={() => setPicks(new Map(picks).set(key, o.value))} />
                          {o.poster !== undefined && <Poster path={o.poster} />}
                          <span>{o.label}</span>
                        </label>
                      ))}
                    </fieldset>
                  )
                })}
              </div>
            )}
            {missing.length > 0 && (
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer text-neutral-200">{t('import.notFound', { count: missing.length })}</summary>
                <p className="mt-2 text-neutral-400">{t('taste.importSettle')}</p>
                <ul className="mt-2 space-y-2">
                  {missing.map((q) => {
                    const key = queryKey(q)
                    return (
                      <FindByHand
                        key={key}
                        name={key}
                        row={q}
                        rating={ratingOf(key)}
                        found={found.get(key)}
                        pick={picks.get(key) ?? ''}
                        onFound={(candidates) => setFound(new Map(found).set(key, candidates))}
                        onPick={(value) => setPicks(new Map(picks).set(key, value))}
                      />
                    )
                  })}
                </ul>
              </details>
            )}
          </AccountSection>
        )}

        {(stage === 'matched' || stage === 'importing' || stage === 'done') && (
          <AccountSection id="import-apply" title={t('import.stepImport')}>
            {stage !== 'done' ? (
              <>
                {review.length > 0 && <ImportReview items={review} excluded={excluded} onToggle={toggle} />}
                <Button className="mt-4" onClick={runImport} busy={stage === 'importing'} busyLabel={t('import.importing')}>
                  {t('import.importButton')}
                </Button>
              </>
            ) : (
              result && (
                <p role="status" className="mt-3 text-sm text-neutral-200">
                  {t('import.added', { watchlist: result.watchlist.added, watched: result.watched.added })}
                  {result.lists.added > 0 && ` ${t('import.addedToLists', { count: result.lists.added, created: result.lists.created })}`}
                  {result.watchlist.existing + result.watched.existing + result.lists.existing > 0 &&
                    ` ${t('import.alreadyThere', { count: result.watchlist.existing + result.watched.existing + result.lists.existing })}`}
                  {result.lists.skipped > 0 && ` ${t('import.listsSkipped', { count: result.lists.skipped })}`}
                  {result.ratings.added > 0 && ` ${t('taste.importRatingsSaved', { count: result.ratings.added })}`}{' '}
                  <Link to={paths.profile()} className="underline">
                    {t('import.seeProfile')}
                  </Link>
                  {result.lists.added + result.lists.existing > 0 && (
                    <>
                      {' '}
                      <Link to={paths.myLists()} className="underline">
                        {t('import.seeLists')}
                      </Link>
                    </>
                  )}
                </p>
              )
            )}
          </AccountSection>
        )}
      </div>
    </div>
  )
}
