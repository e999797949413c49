/**
 * What the web app asks for on each of nine pages, signed in (read from the browser): the page's
 * address, then the API calls its code makes. The cost tests replay them; signed out leaves out
 * the account's calls.
 */
export const SIGNED_IN_PAGE_CALLS: readonly (readonly string[])[] = [
  ['/', '/api/auth/me', '/api/config', '/api/me/continue-watching', '/api/me/watchlist/movie/155', '/api/me/watchlist', '/api/me/history?limit=20', '/api/me/services'],
  ['/movies', '/api/auth/me', '/api/config', '/api/me/watchlist/movie/155', '/api/me/services'],
  ['/tv-shows', '/api/auth/me', '/api/config', '/api/me/watchlist/tv/1399', '/api/me/services'],
  ['/kids', '/api/auth/me', '/api/config', '/api/me/watchlist/movie/10681'],
  ['/genres', '/api/auth/me', '/api/config'],
  ['/movie/155', '/api/auth/me', '/api/config', '/api/me/watchlist/movie/155', '/api/me/history/movie/155', '/api/catalog/movie/155/watch', '/api/player/stream/movie/155?season=0&episode=0'],
  ['/tv/1399', '/api/auth/me', '/api/config', '/api/me/watchlist/tv/1399', '/api/me/history/tv/1399', '/api/catalog/tv/1399/watch', '/api/player/stream/tv/1399?season=1&episode=1'],
  ['/watchlist', '/api/auth/me', '/api/config', '/api/me/watchlist'],
  ['/last-watched', '/api/auth/me', '/api/config', '/api/me/history?limit=50'],
]
