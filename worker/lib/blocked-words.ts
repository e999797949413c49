/**
 * Blocked words: what users publish (list names and descriptions, usernames) is checked at save
 * time against the operator's list, the BLOCKED_WORDS var (wrangler.toml): words or phrases
 * separated by commas (Latin or Arabic) or new lines.
 *
 * Both the text and the words are first brought to one form, so that a word is found however it
 * is written: Unicode NFKC (full-width and compatibility letters become ordinary ones), case folded,
 * Latin and Arabic diacritics (accents, harakat) and the Arabic tatweel left out, the variants of
 * Arabic letters (alef with hamza or madda, alef maqsura, teh marbuta, Persian kaf and yeh) made one,
 * katakana made hiragana, and invisible joiners dropped.
 *
 * A word in a script written with spaces between words (Latin, Arabic, Cyrillic, Devanagari...) is
 * found only as a whole word (or a whole run of words, for a phrase): "ass" is not found in
 * "class"; an Arabic word is found with the definite article joined to it too. A word in a script written without them (Japanese, Chinese) or whose words take their
 * particles without a space (Korean) is found anywhere in the text.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { apiError, type ErrorId } from './api-errors'

/** Combining marks left out: Latin (and Greek, Cyrillic) diacritics, Arabic harakat and Quranic marks. */
const DIACRITICS = /[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed]/g
/** Tatweel, soft hyphen and the zero-width characters, which change nothing a reader sees. */
const INVISIBLE = /[\u0640\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g
const ARABIC_VARIANTS: Record<string, string> = {
  'أ': 'ا',
  'إ': 'ا',
  'آ': 'ا',
  'ٱ': 'ا',
  'ى': 'ي',
  'ی': 'ي',
  'ئ': 'ي',
  'ؤ': 'و',
  'ة': 'ه',
  'ک': 'ك',
}
const ARABIC_VARIANT = new RegExp(`[${Object.keys(ARABIC_VARIANTS).join('')}]`, 'g')
/** Folds case beyond toLowerCase: German sharp s, Greek final sigma, Turkish dotless i. */
const CASE_FOLDS: Record<string, string> = { 'ß': 'ss', 'ς': 'σ', 'ı': 'i' }
const CASE_FOLD = /[ßςı]/g
const KATAKANA = /[\u30a1-\u30f6]/g

/** The one form text and words are compared in. */
export function normalizeForMatching(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(CASE_FOLD, (ch) => CASE_FOLDS[ch] ?? ch)
      // decomposed, so accents are marks of their own; kana voicing marks (U+3099, U+309A) are kept
      .normalize('NFD')
      .replace(DIACRITICS, '')
      .replace(INVISIBLE, '')
      .normalize('NFC')
      .replace(ARABIC_VARIANT, (ch) => ARABIC_VARIANTS[ch] ?? ch)
      .replace(KATAKANA, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
  )
}

/** Scripts whose words are found anywhere in a text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const WORD = /[\p{L}\p{N}\p{M}]+/gu

function words(text: string): string[] {
  return text.match(WORD) ?? []
}

interface BlockedWord {
  /** Found anywhere (normalised text), or as these whole words in a row. */
  anywhere: string | null
  tokens: string[]
}

const parsed = new Map<string, BlockedWord[]>()

/** The operator's list, parsed once per isolate. */
export function blockedWordList(setting: string | undefined): BlockedWord[] {
  const raw = setting ?? ''
  const known = parsed.get(raw)
  if (known) return known
  const list: BlockedWord[] = []
  for (const entry of raw.split(/[,،\n]/)) {
    const form = normalizeForMatching(entry.trim())
    const tokens = words(form)
    if (tokens.length === 0) continue
    list.push(UNSPACED.test(form) ? { anywhere: tokens.join(''), tokens } : { anywhere: null, tokens })
  }
  parsed.set(raw, list)
  return list
}

/** The Arabic definite article, alone or after a conjunction or preposition, is written joined to its word. */
const ARABIC_ARTICLE = /^(?:وال|بال|فال|كال|لل|ال)(?=\p{Script=Arabic}{2})/u

function sameWord(token: string, word: string): boolean {
  return token === word || token.replace(ARABIC_ARTICLE, '') === word
}

function containsRun(haystack: string[], needle: string[]): boolean {
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((token, j) => sameWord(haystack[i + j]!, token))) return true
  }
  return false
}

/** Whether the text holds one of the blocked words. */
export function hasBlockedWord(text: string | null | undefined, list: BlockedWord[]): boolean {
  if (!text || list.length === 0) return false
  const tokens = words(normalizeForMatching(text))
  // punctuation and spaces between the letters of an unspaced word do not hide it
  const joined = tokens.join('')
  return list.some((word) => (word.anywhere !== null ? joined.includes(word.anywhere) : containsRun(tokens, word.tokens)))
}

export type BlockedField = 'name' | 'description' | 'username'

const FIELD_MESSAGES = {
  name: 'errors.blockedWordName',
  description: 'errors.blockedWordDescription',
  username: 'errors.blockedWordUsername',
} as const satisfies Record<BlockedField, ErrorId>

/**
 * The first of the fields that holds a blocked word, answered as a 400 in the request's language;
 * null when none does.
 */
export function refuseBlockedWords<E extends AppEnv>(c: Context<E>, fields: Partial<Record<BlockedField, string | null | undefined>>) {
  const list = blockedWordList(c.env.BLOCKED_WORDS)
  for (const field of Object.keys(FIELD_MESSAGES) as BlockedField[]) {
    if (hasBlockedWord(fields[field], list)) return apiError(c, 400, FIELD_MESSAGES[field])
  }
  return null
}
