/**
 * How closely a search term matches a name, by the three-letter runs inside their words: the
 * measure the embedded catalogue's typo-tolerant search and both providers' "titles of the person
 * searched for" share.
 */

/** The words of a text, lower-cased, as the trigram tokenizer folds case. */
function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/** The three-letter runs inside the words of a text, lower-cased, as the trigram tokenizer folds case. */
export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>()
  for (const word of wordsOf(text)) {
    const letters = [...word]
    for (let i = 0; i + 3 <= letters.length; i++) grams.add(letters.slice(i, i + 3).join(''))
  }
  return grams
}

/** The least share of runs two words have in common, out of all the runs either has, to be taken for one another. */
const WORD_MATCH = 0.6
/** Shorter words must be spelt out: "shaw" is not "shawn" (it may be "shawn" being typed). */
const TYPO_MIN_LETTERS = 6

function sameWord(asked: string, own: string): boolean {
  if (asked === own) return true
  if ([...asked].length < TYPO_MIN_LETTERS) return false
  const a = trigramsOf(asked)
  const b = trigramsOf(own)
  let shared = 0
  for (const g of a) if (b.has(g)) shared++
  return shared / (a.size + b.size - shared) >= WORD_MATCH
}

/**
 * Whether the term names this person: each of its words is a whole word of the name, spelt out
 * ("nolan" names Christopher and Jonathan Nolan) or, in a longer word, with a typo ("cristopher
 * nolan"), but not a part of one ("shaw" does not name Shawn Levy). Only then does a search add the
 * person's titles to the titles found by name, so a short term is not crowded out by the films of
 * everyone whose name merely contains it.
 */
export function namesThePerson(term: string, name: string): boolean {
  const asked = wordsOf(term)
  const own = wordsOf(name)
  return asked.length > 0 && asked.every((word) => own.some((candidate) => sameWord(word, candidate)))
}
