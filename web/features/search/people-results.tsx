/**
 * The People section of the search results: each person the term names with their picture (the
 * embedded catalogue's drawn portrait or TMDB's photo, else their initial in a circle as the cast
 * strip draws one; the lettering stays here so the entry's shared chunk does not grow), their name linking to their page, their department and the
 * titles they are best known for as links, since a title is where a viewer can go next.
 */
import { Link } from 'react-router-dom'
import type { PersonResult } from '../../../worker/catalog/types'
import { type MessageId, t } from '../../i18n'
import { useImage } from '../../lib/images'
import { paths } from '../../lib/paths'

// A name keeps its own direction but lines up with the page's side, as the result cards' titles do.
const pageSide = 'text-left [:root[dir=rtl]_&]:text-right'

/** The departments a person can be named by, as TMDB spells them; others go unnamed. */
export const DEPARTMENTS: Record<string, MessageId> = {
  Acting: 'search.department.acting',
  Directing: 'search.department.directing',
  Writing: 'search.department.writing',
}

export function PeopleResults({ people, onOpen }: { people: PersonResult[]; onOpen?: () => void }) {
  const image = useImage()
  if (people.length === 0) return null
  return (
    <section aria-labelledby="people-heading" className="mb-8">
      <h2 id="people-heading" className="mb-3 text-lg font-semibold">{t('search.people')}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {people.map((person) => {
          const src = image(person.profile_path, 'profile', 64)
          const department = DEPARTMENTS[person.known_for_department]
          return (
            <li key={person.id} className="flex gap-3 rounded-xl bg-neutral-900 p-3">
              <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-neutral-800 text-lg font-semibold text-neutral-300">
                {src ? <img src={src.src} srcSet={src.srcSet} sizes={src.srcSet && '64px'} alt="" loading="lazy" width={64} height={64} className="h-full w-full object-cover" /> : <span aria-hidden="true">{[...person.name.trim()][0]?.toUpperCase()}</span>}
              </div>
              <div className="min-w-0">
                <p className={`font-semibold ${pageSide}`}>
                  <Link to={paths.person(person.id)} onClick={onOpen} dir="auto" data-catalog="" className="hover:underline">
                    {person.name}
                  </Link>
                </p>
                {department && <p className="text-sm text-neutral-400">{t(department)}</p>}
                {person.known_for.length > 0 && (
                  <ul aria-label={t('search.knownFor')} className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                    {person.known_for.map((title) => (
                      <li key={`${title.media_type}-${title.id}`} className="min-w-0">
                        <Link to={paths.title(title.media_type, title.id)} onClick={onOpen} dir="auto" data-catalog="" className="text-brand-400 underline underline-offset-2 hover:text-white">
                          {title.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
