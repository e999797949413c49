/**
 * How closely a search term matches a name, by the three-letter runs inside their words: the
 * measure the embedded catalogue's typo-tolerant search and both providers' "titles of the person
 * searched for" share.
 */

/** The three-letter runs inside the words of a text, lower-cased, as the trigram tokenizer folds case. */
export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>()
  for (const word of text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const letters = [...word]
    for (let i = 0; i + 3 <= letters.length; i++) grams.add(letters.slice(i, i + 3).join(''))
  }
  return grams
}

/** The least share of runs term and name have in common, out of all the runs either has. */
const WHOLE_NAME_MATCH = 0.6

/**
 * Whether the whole term names this person, allowing a typo ("cristopher nolan" names Christopher
 * Nolan) but not a part of the name ("shaw" does not name Shawn Levy, nor "nolan" Christopher
 * Nolan): only then does a search add the person's titles to the titles found by name, so a short
 * term is not crowded out by the films of everyone whose name contains it.
 */
export function namesThePerson(term: string, name: string): boolean {
  const asked = trigramsOf(term)
  const own = trigramsOf(name)
  if (!asked.size || !own.size) return false
  let shared = 0
  for (const g of asked) if (own.has(g)) shared++
  return shared / (asked.size + own.size - shared) >= WHOLE_NAME_MATCH
}
