/**
 * The app's index.html as the worker serves it for pages it knows ahead of the browser: with the
 * page's code announced (`<link rel="modulepreload">` from route-chunks.json, written by the web
 * build), its first data inlined as JSON (read by web/lib/boot.ts before the first render), the
 * hero or title image preloaded, and for a title its own tags. The browser then needs no second
 * round trip before it can draw the page: HTML, entry, page chunk and image all load at once.
 */
import type { Bindings } from '../env'
import type { BootData } from './boot'
import { escapeHtml } from '../lib/escape'

/** Files each lazily loaded page module needs beyond the entry, keyed by its path under web/. */
type RouteChunks = Record<string, string[]>

async function routeChunks(env: Bindings, origin: string): Promise<RouteChunks> {
  const res = await env.ASSETS.fetch(new Request(`${origin}/route-chunks.json`))
  if (!res.ok) {
    await res.body?.cancel()
    return {}
  }
  try {
    return (await res.json()) as RouteChunks
  } catch {
    // an unreadable file only costs the preloads
    return {}
  }
}

export interface AppPage {
  /** The page module under web/ (for example 'features/home/home-page'), whose code is preloaded. */
  module: string
  boot?: BootData
  /** Images the first screen shows (the hero's or the title's backdrop), fetched at high priority. */
  images?: string[]
  /** A document title and description instead of index.html's. */
  title?: string
  description?: string
  /** Extra head tags (a title's social tags), already escaped. */
  headTags?: string
  /** 404 when the address names nothing (the app shows its not-found page); 200 otherwise. */
  status?: 200 | 404
  /** A page that says what it is missing with a 200 (so the console stays clean) is kept out of search engines. */
  noindex?: boolean
}

/** JSON that can sit inside a script element: `<` never appears raw, so no text can close it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** index.html and the page chunks of this deployment. */
export interface AppShell {
  html: string
  chunks: RouteChunks
  /** index.html's own document title and description (the site's, for pages without their own). */
  title: string
  description: string
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}


/**
 * index.html and route-chunks.json as the assets serve them, or null when index.html cannot be read
 * (the caller then lets the assets answer). Both change only with a deployment.
 */
export async function loadAppShell(env: Bindings, requestUrl: string): Promise<AppShell | null> {
  const origin = new URL(requestUrl).origin
  const index = await env.ASSETS.fetch(new Request(`${origin}/`, { headers: { Accept: 'text/html' } }))
  if (!index.ok) {
    await index.body?.cancel()
    return null
  }
  const [html, chunks] = await Promise.all([index.text(), routeChunks(env, origin)])
  const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? '')
  const description = decodeEntities(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')
  return { html, chunks, title, description }
}

/** The shell with the page's preloads, data and tags in its head. */
export async function renderAppShell(shell: AppShell, page: AppPage): Promise<string> {
  const head: string[] = []
  for (const image of page.images ?? []) head.push(`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">`)
  for (const file of shell.chunks[page.module] ?? []) {
    // The entry's own imports are announced by index.html already.
    if (!shell.html.includes(`"${file}"`)) head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`)
  }
  if (page.noindex) head.push('<meta name="robots" content="noindex">')
  if (page.headTags) head.push(page.headTags)
  if (page.boot) head.push(`<script type="application/json" id="boot-data">${inlineJson(page.boot)}</script>`)

  let rewriter = new HTMLRewriter().on('head', {
    element(el) {
      el.append(head.join('\n'), { html: true })
    },
  })
  const { title, description } = page
  if (title !== undefined) {
    rewriter = rewriter.on('title', {
      element(el) {
        el.setInnerContent(title)
      },
    })
  }
  if (description !== undefined) {
    rewriter = rewriter.on('meta[name="description"]', {
      element(el) {
        el.setAttribute('content', description)
      },
    })
  }
  return rewriter.transform(new Response(shell.html)).text()
}
