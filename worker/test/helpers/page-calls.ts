/**
 * What the web app asks for on each of nine pages, signed in (read from the browser): the page's
 * address, then the API calls its code makes. The pages the worker paints for the account (the
 * composed pages and the watchlist) carry who it is and what they show of it, so the browser asks
 * only what goes stale at once or is not inlined. The cost tests replay them; signed out leaves
 * out the account's calls.
 */
export const SIGNED_IN_PAGE_CALLS: readonly (readonly string[])[] = [
  ['/', '/api/config', '/api/me/continue-watching'],
  ['/movies', '/api/config', '/api/me/watchlist/movie/155'],
  ['/tv-shows', '/api/config', '/api/me/watchlist/tv/1399'],
  ['/kids', '/api/config', '/api/me/watchlist/movie/10681'],
  ['/genres', '/api/config'],
  ['/movie/155', '/api/auth/me', '/api/config', '/api/me/watchlist/movie/155', '/api/me/history/movie/155', '/api/catalog/movie/155/watch', '/api/player/stream/movie/155?season=0&episode=0'],
  ['/tv/1399', '/api/auth/me', '/api/config', '/api/me/watchlist/tv/1399', '/api/me/history/tv/1399', '/api/catalog/tv/1399/watch', '/api/player/stream/tv/1399?season=1&episode=1'],
  ['/watchlist', '/api/config', '/api/me/watchlist', '/api/me/continue-watching'],
  ['/last-watched', '/api/auth/me', '/api/config', '/api/me/history?limit=50'],
]
