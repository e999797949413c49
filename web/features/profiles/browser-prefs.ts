/**
 * What this browser keeps of a viewer's own choices (captions, autoplay of the next episode, the
 * shows whose intros are skipped, markers said to be wrong, theatre mode, the services switch,
 * recent searches) belongs to the profile that made them. On a switch the outgoing profile's
 * values are put aside under its name and the incoming one's are brought back (none: the
 * defaults), so a child's profile neither sees nor changes a grown-up's recent searches. The
 * pages this browser kept for offline use go too: they were kept for whoever watched before, and
 * may show titles above the incoming profile's ceiling. The page is then loaded afresh, so every
 * part of the app reads the incoming profile's values and the server's answers for it.
 */
import { FIRST_SCREEN_KEYS, PAGE_FIRST_SCREEN_LISTS } from '../../lib/hydration'
import { PAGES_CACHE } from '../../lib/saved-pages'

/** localStorage keys whose values are a profile's own. */
export const PROFILE_KEYS: readonly string[] = [
  FIRST_SCREEN_KEYS.theatreMode,
  FIRST_SCREEN_KEYS.servicesSwitch,
  ...Object.values(PAGE_FIRST_SCREEN_LISTS),
  'player-captions',
  'reelhouse:autoplay-next',
  'reelhouse:auto-skip-shows',
  'reelhouse:hidden-markers',
]

/** Whose values the keys above hold now: `{account}:{profile}`. */
const HOLDER_KEY = 'reelhouse:prefs-holder'
const SET_ASIDE_PREFIX = 'reelhouse:prefs:'

/**
 * Puts `from`'s values aside and brings `to`'s back. `from` is whose the browser's values are
 * taken to be when it has not recorded it (the session's profile before the switch).
 */
export function switchProfilePrefs(storage: Storage, accountId: number, from: number | null, to: number): void {
  const incoming = `${accountId}:${to}`
  const holder = storage.getItem(HOLDER_KEY) ?? (from === null ? null : `${accountId}:${from}`)
  if (holder === incoming) return
  if (holder !== null) {
    const values: Record<string, string> = {}
    for (const key of PROFILE_KEYS) {
      const value = storage.getItem(key)
      if (value !== null) values[key] = value
    }
    storage.setItem(SET_ASIDE_PREFIX + holder, JSON.stringify(values))
  }
  let kept: Record<string, unknown> = {}
  try {
    kept = JSON.parse(storage.getItem(SET_ASIDE_PREFIX + incoming) ?? '{}') as Record<string, unknown>
  } catch {
    kept = {}
  }
  for (const key of PROFILE_KEYS) {
    const value = kept[key]
    if (typeof value === 'string') storage.setItem(key, value)
    else storage.removeItem(key)
  }
  storage.removeItem(SET_ASIDE_PREFIX + incoming)
  storage.setItem(HOLDER_KEY, incoming)
}

/** Drops the pages kept for offline use (the service worker's copies). */
export async function dropKeptPages(): Promise<void> {
  if (typeof caches === 'undefined') return
  await caches.delete(PAGES_CACHE).catch(() => false)
}

/** Loads `path` afresh (its own module so tests can watch it). */
export function loadAfresh(path: string): void {
  window.location.assign(path)
}
