/**
 * The location's cache of pages rendered for visitors (worker/routes/app-pages.ts): a test that
 * measures what a fresh isolate in a new location pays forgets a page there as well as in the
 * isolate's memos.
 */
import { env } from 'cloudflare:workers'
import { edgePageKey, pageVariant } from '../../routes/app-pages'
import { shellVersionOf } from '../../seo/app-shell'

const ORIGIN = 'http://localhost'

/** The key a visitor's page (signed out, no cookie answer) is kept under in the location's cache. */
export async function keptPageKey(path: string, locale = 'en', signedOut = true): Promise<Request> {
  const index = await (await env.ASSETS.fetch(`${ORIGIN}/`, { headers: { Accept: 'text/html' } })).text()
  return edgePageKey(ORIGIN, await shellVersionOf(index), pageVariant(path, locale, signedOut))
}

/** Forgets visitors' pages in the location's cache, as a location that never served them. */
export async function forgetKeptPages(...paths: string[]): Promise<void> {
  await Promise.all(paths.map(async (path) => caches.default.delete(await keptPageKey(path))))
}
