/**
 * /person/{id}: a person's picture (TMDB's photo, or the embedded catalogue's drawn portrait),
 * name and department, the titles they are best known for, their biography where the catalogue
 * has one, and their filmography as a poster grid sorted by popularity, year or rating, the order
 * kept in the address (?sort=year) so a sorted page can be shared and reloaded.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { knownForOf } from '../../../worker/catalog/known-for'
import type { PersonCredit, PersonDetails } from '../../../worker/catalog/types'
import { PosterCard } from '../../components/poster-card'
import { posterGridClass } from '../../components/skeletons'
import { type MessageId, t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { catalogKeys } from '../../lib/catalog'
import { useImage } from '../../lib/images'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { detailsPendingState, isUnknownTitle, UnknownTitle } from '../title/title-states'

const DEPARTMENTS: Record<string, MessageId> = {
  Acting: 'search.department.acting',
  Directing: 'search.department.directing',
  Writing: 'search.department.writing',
}

export const PERSON_SORTS = ['popularity', 'year', 'rating'] as const
export type PersonSort = (typeof PERSON_SORTS)[number]
const SORT_LABELS: Record<PersonSort, MessageId> = { popularity: 'grids.sortPopularity', year: 'grids.sortNewest', rating: 'grids.sortRating' }
/** A title once, with every role the person had in it. */
interface FilmographyEntry extends PersonCredit {
  roles: string[]
}

/** Cast and crew credits merged by title, each title once with its roles. */
export function filmographyOf(person: Pick<PersonDetails, 'cast' | 'crew'>): FilmographyEntry[] {
  const byTitle = new Map<string, FilmographyEntry>()
  for (const credit of [...person.cast, ...person.crew]) {
    const key = `${credit.media_type}:${credit.id}`
    const role = credit.character ? t('person.asCharacter', { character: credit.character }) : (credit.job ?? '')
    const entry = byTitle.get(key) ?? { ...credit, roles: [] }
    if (role && !entry.roles.includes(role)) entry.roles.push(role)
    byTitle.set(key, entry)
  }
  return [...byTitle.values()]
}

export function sortFilmography(entries: FilmographyEntry[], sort: PersonSort): FilmographyEntry[] {
  const order: Record<PersonSort, (a: FilmographyEntry, b: FilmographyEntry) => number> = {
    popularity: (a, b) => b.popularity - a.popularity,
    // Titles without a year (not yet released) go last either way.
    year: (a, b) => (b.year ?? -1) - (a.year ?? -1),
    rating: (a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count,
  }
  return [...entries].sort((a, b) => order[sort](a, b) || a.id - b.id)
}

function usePerson(id: number) {
  return useQuery({
    queryKey: catalogKeys.person(id),
    queryFn: () => readJson<PersonDetails>(api.catalog.person[':id'].$get({ param: { id: String(id) }, query: {} })),
    enabled: id > 0,
    refetchOnWindowFocus: false,
  })
}

export function Component() {
  const id = Number(useParams().id)
  return <PersonPage key={id} id={id} />
}

function PersonPage({ id }: { id: number }) {
  const validId = Number.isInteger(id) && id > 0
  const query = usePerson(validId ? id : 0)
  const person = query.data
  const [params, setParams] = useSearchParams()
  const asked = params.get('sort')
  const sort: PersonSort = (PERSON_SORTS as readonly string[]).includes(asked ?? '') ? (asked as PersonSort) : 'popularity'
  const entries = useMemo(() => (person ? filmographyOf(person) : []), [person])
  const sorted = useMemo(() => sortFilmography(entries, sort), [entries, sort])
  const knownFor = useMemo(() => (person ? knownForOf(person) : []), [person])
  const image = useImage()
  const unknown = isUnknownTitle(query, validId)
  useDocumentMeta(person?.name ?? (unknown ? t('person.notFound') : undefined), person?.biography || undefined)

  if (unknown) return <UnknownTitle type="movie" heading={t('person.notFound')} text={t('person.unknownText')} />
  const pending = detailsPendingState(query, validId, 'movie')
  if (pending || !person) return pending

  const picture = image(person.profile_path, 'profile', 185)
  const department = DEPARTMENTS[person.known_for_department]
  const setSort = (next: PersonSort) => {
    const nextParams = new URLSearchParams(params)
    if (next === 'popularity') nextParams.delete('sort')
    else nextParams.set('sort', next)
    setParams(nextParams, { replace: true })
  }

  return (
    <article className="mx-auto max-w-7xl px-4 pt-6 pb-10 md:px-8">
      <header className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-start">
        <div className="flex h-40 w-40 shrink-0 items-center justify-center overflow-hidden rounded-full bg-neutral-800 text-4xl font-semibold text-neutral-300">
          {picture ? (
            <img src={picture.src} srcSet={picture.srcSet} sizes={picture.srcSet && '160px'} alt="" width={160} height={160} className="h-full w-full object-cover" />
          ) : (
            <span aria-hidden="true">{[...person.name.trim()][0]?.toUpperCase()}</span>
          )}
        </div>
        <div className="min-w-0">
          {/* A name keeps its own direction but lines up with the page's side. */}
          <h1 className="text-3xl font-bold sm:text-left sm:rtl:text-right md:text-4xl" dir="auto" data-catalog="">
            {person.name}
          </h1>
          {department && <p className="mt-1 text-neutral-400">{t(department)}</p>}
          {knownFor.length > 0 && (
            <section aria-labelledby="known-for-heading" className="mt-4">
              <h2 id="known-for-heading" className="text-sm font-semibold text-neutral-300">
                {t('search.knownFor')}
              </h2>
              <ul className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1 sm:justify-start">
                {knownFor.map((title) => (
                  <li key={`${title.media_type}-${title.id}`}>
                    <Link to={paths.title(title.media_type, title.id)} dir="auto" data-catalog="" className="text-brand-400 underline underline-offset-2 hover:text-white">
                      {title.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </header>
      {person.biography && (
        <section aria-labelledby="biography-heading" className="mt-8 max-w-3xl">
          <h2 id="biography-heading" className="text-lg font-semibold md:text-xl">
            {t('person.biography')}
          </h2>
          <p className="mt-2 whitespace-pre-line text-left text-neutral-300 rtl:text-right" dir="auto" data-catalog="">
            {person.biography}
          </p>
        </section>
      )}
      <section aria-labelledby="filmography-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="filmography-heading" className="text-lg font-semibold md:text-xl">
            {t('person.filmography')}
          </h2>
          <div role="group" aria-label={t('grids.sortBy')} className="flex gap-1 rounded-lg bg-neutral-900 p-1">
            {PERSON_SORTS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={sort === option}
                onClick={() => setSort(option)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${sort === option ? 'bg-brand-600 text-white' : 'text-neutral-300 hover:bg-neutral-800'}`}
              >
                {t(SORT_LABELS[option])}
              </button>
            ))}
          </div>
        </div>
        <ul aria-labelledby="filmography-heading" data-testid="filmography" className={`mt-4 ${posterGridClass}`}>
          {sorted.map((entry) => (
            <li key={`${entry.media_type}-${entry.id}`} className="min-w-0">
              <PosterCard
                item={{
                  id: entry.id,
                  media_type: entry.media_type,
                  ...(entry.media_type === 'movie' ? { title: entry.title, release_date: entry.year ? String(entry.year) : '' } : { name: entry.title, first_air_date: entry.year ? String(entry.year) : '' }),
                  poster_path: entry.poster_path,
                  vote_average: entry.vote_average,
                }}
              />
              {entry.roles.length > 0 && (
                <p className="line-clamp-2 text-xs text-neutral-400" dir="auto" data-catalog="">
                  {entry.roles.join(', ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
