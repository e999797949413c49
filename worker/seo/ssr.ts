/**
 * A signed-out page's first screen painted in the HTML: the web app's server build (web/ssr.tsx)
 * renders the page from the data the HTML inlines, and the browser hydrates it. The build loads on
 * the first page an isolate paints. A page that cannot be painted is served as before, drawn by
 * the browser: a render never costs the page.
 */
import type { BootData } from './boot'
import type { RenderRequest } from './ssr-contract'

let renderer: Promise<typeof import('reelhouse-ssr')> | undefined

/** Whether the inlined data holds a page's first screen (a composed page, a title, a person, a genre, the top rated, a search's results). */
export function paintable(boot: BootData): boolean {
  return boot.signedOut && (boot.page !== undefined || boot.title !== undefined || boot.person !== undefined || boot.genre !== undefined || boot.topRated !== undefined || boot.search !== undefined)
}

export async function paintPage(request: RenderRequest): Promise<string | null> {
  try {
    renderer ??= import('reelhouse-ssr')
    return await (await renderer).renderApp(request)
  } catch (err) {
    renderer = undefined
    console.error(JSON.stringify({ level: 'warn', message: 'page not painted', url: request.url, error: String(err) }))
    return null
  }
}
