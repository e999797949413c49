/**
 * A page's first screen painted in the HTML: the web app's server build (web/ssr.tsx)
 * renders the page from the data the HTML inlines, and the browser hydrates it. The build loads on
 * the first page an isolate paints. A page that cannot be painted is served as before, drawn by
 * the browser: a render never costs the page.
 */
import type { BootData } from './boot'
import { type PaintedPage, type RenderRequest, withinTime } from './ssr-contract'

let renderer: Promise<typeof import('reelhouse-ssr')> | undefined

/**
 * Whether the inlined data holds a page's first screen (a composed page, a title, a person, a
 * genre, the top rated, a search's results, a grid, or nothing for a page that needs none; a page
 * that is only the account's, its part of the account), for a visitor or for the account it names.
 */
export function paintable(boot: BootData): boolean {
  const forWhom = boot.signedOut || (boot.account !== undefined && boot.personal !== undefined)
  const data = boot.page !== undefined || boot.title !== undefined || boot.person !== undefined || boot.genre !== undefined || boot.topRated !== undefined || boot.search !== undefined || boot.grid !== undefined || boot.plain === 'anyone'
  return forWhom && (data || (boot.plain === 'account' && boot.account !== undefined))
}

export async function paintPage(request: RenderRequest): Promise<PaintedPage | null> {
  try {
    renderer ??= import('reelhouse-ssr')
    const { renderApp } = await renderer
    // A page whose render does not end in time goes out as the browser would draw it.
    return await withinTime(renderApp(request))
  } catch (err) {
    renderer = undefined
    console.error(JSON.stringify({ level: 'warn', message: 'page not painted', url: request.url, error: String(err) }))
    return null
  }
}
