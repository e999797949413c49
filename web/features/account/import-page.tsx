/**
 * /import: bring a watchlist and history over from Letterboxd, IMDb or Trakt. The files are read
 * here, in the browser; their titles are matched on the server 50 at a time; the page lists what
 * matched, what needs a pick between close titles, and what was not found; nothing is added until
 * the person presses Import, and importing the same file twice adds nothing twice.
 */
import { useMemo, useRef, useState, type ChangeEvent } from 'react'
import { Link, Navigate } from 'react-router-dom'
import type { ImportMatch } from '../../../worker/accounts/import'
import { Button } from '../../components/button'
import { PageHeading } from '../../components/page-heading'
import { api, readJson } from '../../lib/api-client'
import { countWithUnit } from '../../lib/format'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { queryKey, readImportFiles, type ImportRow, type ReadResult } from './import-files'

const MATCH_BATCH = 50
const APPLY_BATCH = 500

/** Where the import stands once files are read (before that, `read` is null). */
type Stage = 'read' | 'matching' | 'matched' | 'importing' | 'done'

interface Counts {
  added: number
  existing: number
}

const plural = (n: number, one: string, other: string) => countWithUnit(n, { one, other })

const DESTINATION = { watchlist: 'your watchlist', watched: 'your history', list: 'a list' } as const

export function Component() {
  const session = useSession()
  if (session === undefined) return null
  if (session === null) return <Navigate to={paths.login(paths.importData())} replace />
  return <ImportPage />
}

function ImportPage() {
  const input = useRef<HTMLInputElement>(null)
  const [stage, setStage] = useState<Stage>('read')
  const [read, setRead] = useState<ReadResult | null>(null)
  const [matches, setMatches] = useState<Map<string, ImportMatch>>(new Map())
  const [picks, setPicks] = useState<Map<string, string>>(new Map())
  const [progress, setProgress] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<{ watchlist: Counts; watched: Counts } | null>(null)

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])]
    if (files.length === 0) return
    setError(null)
    setResult(null)
    setMatches(new Map())
    setPicks(new Map())
    setRead(await readImportFiles(files))
    setStage('read')
  }

  // Each distinct question once, however many rows ask it.
  const queries = useMemo(() => (read ? [...new Map(read.rows.filter((r) => r.kind !== 'list').map((r) => [queryKey(r), r])).values()] : []), [read])

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
          api.me.import.match.$post({ json: { items: batch.map((r) => ({ title: r.title, year: r.year, type: r.type, tmdb_id: r.tmdbId })) } }),
        )
        batch.forEach((r, j) => found.set(queryKey(r), answer.results[j] ?? { status: 'missing' }))
        setProgress(found.size)
      }
      setMatches(found)
      setStage('matched')
    } catch (err) {
      setMatches(found)
      setError(`Matching stopped: ${(err as Error).message}`)
      setStage('read')
    }
  }

  /** The title a row ends up as: its match, or the pick made for it; null when skipped or not found. */
  const chosen = (row: ImportRow) => {
    const key = queryKey(row)
    const match = matches.get(key)
    if (match?.status === 'matched') return match.match
    if (match?.status === 'ambiguous') {
      const pick = picks.get(key)
      return match.candidates.find((c) => `${c.media_type}:${c.id}` === pick) ?? null
    }
    return null
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
    const total = { watchlist: { added: 0, existing: 0 }, watched: { added: 0, existing: 0 } }
    try {
      for (let i = 0; i < Math.max(watchlist.length, watched.length); i += APPLY_BATCH) {
        const answer = await readJson<typeof total>(api.me.import.apply.$post({ json: { watchlist: watchlist.slice(i, i + APPLY_BATCH), watched: watched.slice(i, i + APPLY_BATCH) } }))
        for (const kind of ['watchlist', 'watched'] as const) {
          total[kind].added += answer[kind].added
          total[kind].existing += answer[kind].existing
        }
      }
      setResult(total)
      setStage('done')
    } catch (err) {
      setError(`The import stopped: ${(err as Error).message}. What was added stays; importing again adds the rest.`)
      setStage('matched')
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
  const listRows = read?.rows.filter((r) => r.kind === 'list').length ?? 0

  return (
    <div className="pb-12">
      <PageHeading title="Import" description="Bring your watchlist and history over from Letterboxd, IMDb or Trakt." />
      <div className="max-w-3xl space-y-6 px-4 md:px-8">
        <section aria-labelledby="import-files" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
          <h2 id="import-files" className="text-xl font-semibold">
            1. Choose your files
          </h2>
          <p className="mt-2 text-sm text-neutral-300">
            Letterboxd: the export zip (Settings, Data) or its watchlist.csv, watched.csv, ratings.csv and diary.csv. IMDb: a list, watchlist or ratings CSV.
            Trakt: its JSON export or the zip holding it. Files are read on this device; only titles and years are sent to be matched.
          </p>
          <input ref={input} type="file" multiple accept=".zip,.csv,.json" onChange={onFiles} className="sr-only" aria-label="Files to import" id="import-input" />
          <Button variant="secondary" className="mt-4" onClick={() => input.current?.click()} disabled={stage === 'matching' || stage === 'importing'}>
            Choose Files
          </Button>
          {read && (
            <div className="mt-4 space-y-2 text-sm">
              <ul aria-label="Files read" className="space-y-1 text-neutral-200">
                {read.files.map((f) => (
                  <li key={f.name}>
                    {f.name} ({f.source}): {plural(f.count, 'title', 'titles')} for {DESTINATION[f.kind]}
                  </li>
                ))}
              </ul>
              {read.problems.map((p) => (
                <p key={p} role="alert" className="text-amber-300">
                  {p}
                </p>
              ))}
              {listRows > 0 && <p className="text-neutral-400">{plural(listRows, 'title', 'titles')} in lists are not imported: lists are not part of this site yet.</p>}
            </div>
          )}
        </section>

        {read && queries.length > 0 && (
          <section aria-labelledby="import-match" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
            <h2 id="import-match" className="text-xl font-semibold">
              2. Match them
            </h2>
            {stage === 'read' && (
              <Button className="mt-4" onClick={findMatches}>
                Match {plural(queries.length, 'Title', 'Titles')}
              </Button>
            )}
            <p aria-live="polite" className="mt-3 text-sm text-neutral-300">
              {stage === 'matching' ? `Matching… ${progress} of ${queries.length}` : matches.size > 0 ? `${counts.matched} matched, ${counts.ambiguous} to pick, ${counts.missing} not found.` : ''}
            </p>
            {error && (
              <p role="alert" className="mt-2 text-sm text-red-300">
                {error}
              </p>
            )}
            {ambiguous.length > 0 && (
              <div className="mt-4 space-y-4">
                <h3 className="font-semibold">Pick the right title</h3>
                {ambiguous.map((q) => {
                  const key = queryKey(q)
                  const m = matches.get(key)
                  if (m?.status !== 'ambiguous') return null
                  return (
                    <fieldset key={key} className="rounded-lg border border-neutral-800 p-3">
                      <legend className="px-1 text-sm text-neutral-200">
                        {q.title}
                        {q.year ? ` (${q.year})` : ''}
                      </legend>
                      {[...m.candidates.map((c) => ({ value: `${c.media_type}:${c.id}`, label: `${c.title}${c.year ? ` (${c.year})` : ''}, ${c.media_type === 'movie' ? 'film' : 'series'}` })), { value: '', label: 'None of these' }].map((o) => (
                        <label key={o.value || 'none'} className="flex min-h-9 items-center gap-2 text-sm">
                          <input type="radio" name={key} value={o.value} checked={(picks.get(key) ?? '') === o.value} onChange={() => setPicks(new Map(picks).set(key, o.value))} />
                          {o.label}
                        </label>
                      ))}
                    </fieldset>
                  )
                })}
              </div>
            )}
            {missing.length > 0 && (
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer text-neutral-200">Not found ({missing.length})</summary>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-neutral-400">
                  {missing.map((q) => (
                    <li key={queryKey(q)}>
                      {q.title}
                      {q.year ? ` (${q.year})` : ''}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </section>
        )}

        {(stage === 'matched' || stage === 'importing' || stage === 'done') && (
          <section aria-labelledby="import-apply" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
            <h2 id="import-apply" className="text-xl font-semibold">
              3. Import
            </h2>
            {stage !== 'done' ? (
              <Button className="mt-4" onClick={runImport} busy={stage === 'importing'} busyLabel="Importing...">
                Import
              </Button>
            ) : (
              result && (
                <p role="status" className="mt-3 text-sm text-neutral-200">
                  Added {plural(result.watchlist.added, 'title', 'titles')} to your watchlist and {plural(result.watched.added, 'title', 'titles')} to your history.
                  {result.watchlist.existing + result.watched.existing > 0 && ` ${plural(result.watchlist.existing + result.watched.existing, 'was', 'were')} already there.`}{' '}
                  <Link to={paths.profile()} className="underline">
                    See your profile
                  </Link>
                </p>
              )
            )}
          </section>
        )}
      </div>
    </div>
  )
}
