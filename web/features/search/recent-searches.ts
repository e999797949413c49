/**
 * Recent searches (SPEC.md sections 4 and 9): a committed term goes first, a case-insensitive
 * duplicate is dropped, the list keeps 5, and it lives in localStorage through jotai.
 */
import { useAtom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { useCallback } from 'react'

export const RECENT_SEARCHES_MAX = 5

export const recentSearchesAtom = atomWithStorage<string[]>('recent-searches', [], undefined, { getOnInit: true })

/** The list after committing `term`; a term blank after trimming leaves it unchanged. */
export function withRecentSearch(list: readonly string[], term: string): string[] {
  const clean = term.trim()
  if (!clean) return [...list]
  const lower = clean.toLowerCase()
  return [clean, ...list.filter((t) => typeof t === 'string' && t.toLowerCase() !== lower)].slice(0, RECENT_SEARCHES_MAX)
}

export function useRecentSearches() {
  const [stored, setRecent] = useAtom(recentSearchesAtom)
  // Storage is user-editable: anything but a list of strings reads as empty.
  const recent = Array.isArray(stored) ? stored.filter((t): t is string => typeof t === 'string') : []
  const commit = useCallback((term: string) => setRecent((list) => withRecentSearch(Array.isArray(list) ? list : [], term)), [setRecent])
  const clear = useCallback(() => setRecent([]), [setRecent])
  return { recent, commit, clear }
}
