/**
 * A profile's maturity ceiling: what a profile may be shown, judged by a title's
 * US certification. `kids` takes G and PG films and TV-Y, TV-Y7, TV-G and TV-PG series; `teens` adds
 * PG-13 and TV-14; `all` takes everything. A title without a certification counts as above every
 * ceiling but `all`. Anonymous visitors and crawlers are `all`.
 *
 * The filters below hold a catalogue answer to a ceiling. Lists carry no certification, so each
 * answer asks the catalogue for its titles' in one lookup (CatalogProvider.certifications); under
 * `all` they return the answer itself and ask nothing.
 */
import { type CatalogProvider, certificationKey, type TitleKey } from './provider'
import type { HeroItem, MediaType, PageComposition, PersonDetails, PersonResult, Row } from './types'

export const CEILINGS = ['kids', 'teens', 'all'] as const
export type Ceiling = (typeof CEILINGS)[number]

const ALLOWED: Record<Exclude<Ceiling, 'all'>, Record<MediaType, readonly string[]>> = {
  kids: { movie: ['G', 'PG'], tv: ['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG'] },
  teens: { movie: ['G', 'PG', 'PG-13'], tv: ['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14'] },
}

/** Whether a title of `type` rated `certification` (US) is within `ceiling`. */
export function withinCeiling(ceiling: Ceiling, type: MediaType, certification: string | null | undefined): boolean {
  if (ceiling === 'all') return true
  return !!certification && ALLOWED[ceiling][type].includes(certification)
}

/** The certificationKeys of those of `titles` within the ceiling, from one lookup. */
async function keptKeys(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Exclude<Ceiling, 'all'>, titles: TitleKey[]): Promise<Set<string>> {
  const certifications = await provider.certifications(titles)
  return new Set(titles.filter((title) => withinCeiling(ceiling, title.media_type, certifications.get(certificationKey(title)))).map(certificationKey))
}

/** What a list of anything that names titles keeps under a ceiling: `keyOf` names each item's title. */
export async function withinCeilingOnly<T>(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, items: T[], keyOf: (item: T) => TitleKey): Promise<T[]> {
  if (ceiling === 'all' || items.length === 0) return items
  const kept = await keptKeys(provider, ceiling, items.map(keyOf))
  return items.filter((item) => kept.has(certificationKey(keyOf(item))))
}

/** List items (rows, grids, search results, similar titles) within the ceiling. */
export function ceilingItems<T extends TitleKey>(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, items: T[]): Promise<T[]> {
  return withinCeilingOnly(provider, ceiling, items, (item) => item)
}

/** Whether one title is within the ceiling; its details' own certification is not asked for, the same US one as lists' is. */
export async function titleWithinCeiling(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, title: TitleKey): Promise<boolean> {
  return (await ceilingItems(provider, ceiling, [{ media_type: title.media_type, id: title.id }])).length === 1
}

/** A composed page within the ceiling: its hero and rows without the titles above it, from one lookup; a row left empty goes. */
export async function ceilingComposition(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, page: PageComposition): Promise<PageComposition> {
  if (ceiling === 'all') return page
  const heroKey = (hero: HeroItem): TitleKey => ({ media_type: hero.mediaType, id: hero.id })
  const kept = await keptKeys(provider, ceiling, [...page.hero.map(heroKey), ...page.rows.flatMap((row) => row.items)])
  const within = (title: TitleKey) => kept.has(certificationKey(title))
  return {
    ...page,
    hero: page.hero.filter((hero) => within(heroKey(hero))),
    rows: page.rows.map((row) => ({ ...row, items: row.items.filter(within) })).filter((row) => row.items.length > 0),
  }
}

/** A search's page within the ceiling: its people keep the titles they are known for that are within it. */
export async function ceilingPeople(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, people: PersonResult[]): Promise<PersonResult[]> {
  if (ceiling === 'all' || people.length === 0) return people
  const kept = await keptKeys(provider, ceiling, people.flatMap((person) => person.known_for))
  return people.map((person) => ({ ...person, known_for: person.known_for.filter((title) => kept.has(certificationKey(title))) }))
}

/** A person's filmography within the ceiling, from one lookup. */
export async function ceilingPerson(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, person: PersonDetails): Promise<PersonDetails> {
  if (ceiling === 'all') return person
  const kept = await keptKeys(provider, ceiling, [...person.cast, ...person.crew])
  return { ...person, cast: person.cast.filter((credit) => kept.has(certificationKey(credit))), crew: person.crew.filter((credit) => kept.has(certificationKey(credit))) }
}

/** A viewer's own rows (Continue watching, Up next, a list's entries) within the ceiling: they name titles by content_type and content_id. */
export function ceilingContent<T extends { content_type: MediaType; content_id: number }>(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, items: T[]): Promise<T[]> {
  return withinCeilingOnly(provider, ceiling, items, (item) => ({ media_type: item.content_type, id: item.content_id }))
}

/** Rows of cards (a viewer's recommendation rows) within the ceiling, from one lookup; a row left empty goes. */
export async function ceilingRows<R extends Row>(provider: Pick<CatalogProvider, 'certifications'>, ceiling: Ceiling, rows: R[]): Promise<R[]> {
  if (ceiling === 'all') return rows
  const kept = await keptKeys(provider, ceiling, rows.flatMap((row) => row.items))
  return rows.map((row) => ({ ...row, items: row.items.filter((item) => kept.has(certificationKey(item))) })).filter((row) => row.items.length > 0)
}
