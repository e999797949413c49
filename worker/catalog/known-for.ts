/**
 * The titles a person is best known for, the same on their page and in the description the
 * worker writes for it: their credits' titles, each once, the most voted first.
 */
import type { PersonCredit, PersonDetails } from './types'

/** How many titles "Known for" names. */
export const KNOWN_FOR_SHOWN = 4

export function knownForOf(person: Pick<PersonDetails, 'cast' | 'crew'>, count = KNOWN_FOR_SHOWN): PersonCredit[] {
  const seen = new Set<string>()
  return [...person.cast, ...person.crew]
    .sort((a, b) => b.vote_count - a.vote_count || b.popularity - a.popularity)
    .filter((credit) => {
      const key = `${credit.media_type}:${credit.id}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .slice(0, count)
}
