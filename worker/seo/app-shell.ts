/**
 * The app's index.html as the worker serves it for pages it knows ahead of the browser: in the
 * page's language (`<html lang dir>`), with the page's code and its language's catalog announced
 * (`<link rel="modulepreload">` from route-chunks.json, written by the web build), its first data
 * inlined as JSON (read by web/lib/boot.ts before the first render), the hero or title image
 * preloaded, and its own tags. The browser then needs no second round trip before it can draw the
 * page: HTML, entry, page chunk, catalog and image all load at once. A page painted from the HTML
 * needs no code to be seen: its code is asked for by a loader at the end of its body once it is
 * painted (CODE_AFTER_PAINT).
 */
import { digestHex } from '../lib/digest'
import type { Bindings } from '../env'
import type { BootData } from './boot'
import { escapeHtml } from '../lib/escape'
import type { PageLocale } from '../lib/i18n'
import { DEFAULT_LOCALE } from '../lib/locales'
import { areasOfModule } from '../../web/i18n/areas'
import { htmlAttributesOf } from './languages'

/**
 * Files each lazily loaded page module needs beyond the entry, keyed by its path under web/; and
 * each locale's catalog chunk, keyed `virtual:i18n/<locale>`, and the page areas' chunks
 * (web/i18n/areas.ts), keyed `virtual:i18n/<locale>/<area>`.
 */
type RouteChunks = Record<string, string[]>

/** The key of a locale's catalog in route-chunks.json. */
export function catalogModule(locale: PageLocale): string {
  return `virtual:i18n/${locale}`
}

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

/** An image the page shows first, preloaded as its <img> will ask for it. */
export interface PreloadImage {
  src: string
  srcSet?: string
  sizes?: string
}

export interface AppPage {
  /** The page module under web/ (for example 'features/home/home-page'), whose code is preloaded. */
  module: string
  /** The page's language: `<html lang dir>` and the catalog preloaded; English when not given. */
  locale?: PageLocale
  boot?: BootData
  /** Images the first screen shows (the hero's or the title's backdrop), fetched at high priority. */
  images?: PreloadImage[]
  /** The document title and description in the page's language, instead of index.html's. */
  title?: string
  description?: string
  /** Extra head tags (a title's social tags), already escaped. */
  headTags?: string
  /**
   * 404 when the address names nothing (the app shows its not-found page), 403 when it names a title
   * above the viewer's profile's maturity ceiling; 200 otherwise.
   */
  status?: 200 | 403 | 404
  /** A page that says what it is missing with a 200 (so the console stays clean) is kept out of search engines. */
  noindex?: boolean
  /** False for a page whose answer depends on who asks: never kept for the next visitor. */
  memo?: boolean
  /** The page's first screen as HTML (worker/seo/ssr.ts), put inside `#root` for the app to hydrate. */
  body?: string
}

/** JSON that can sit inside a script element: `<` never appears raw, so no text can close it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** index.html and the page chunks of this deployment. */
export interface AppShell {
  html: string
  chunks: RouteChunks
  /** A digest of index.html and the loader: names the deployment whose chunks and loader a page rendered from it carries. */
  version: string
  /** index.html's entry script and the modules it announces for it, read once per shell (null without one). */
  entry: EntryCode | null
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
  return { html, chunks, version: await shellVersionOf(html), entry: entryCode(html) }
}

/**
 * A short digest of index.html, which names the deployment's chunks, and of the painted pages'
 * loader: a page kept from before a deployment that changed only the loader would carry a loader
 * the new Content-Security-Policy no longer allows.
 */
export async function shellVersionOf(html: string, loader: string = CODE_AFTER_PAINT): Promise<string> {
  return (await digestHex(html + loader, 'SHA-1')).slice(0, 16)
}

/**
 * The loader of a painted page's code, at the end of its body. The page is whole in the HTML, so
 * its code (the entry, its imports, the page's words and the page's own modules) is asked for once
 * the page is painted: after the browser reports its first contentful paint and, on a page that
 * preloads its first image (a backdrop), once that image is decoded and two frames have passed, so
 * that the code never shares the connection with what that paint waits for. On a slow connection
 * the page shows as soon as HTML, stylesheet and image are here, and React takes it over after. A
 * tab opened in the background, which paints nothing, or a browser without paint timing asks at
 * once; any page asks after 3 s whatever it has seen. All of it is fetched at once, and run one
 * module to a task: the modules the entry and the page import first, the entry last, so that no
 * task of the phone's main thread runs the whole graph (React's DOM alone takes tens of
 * milliseconds there). Buttons pressed before the code runs are kept (`keptTaps`, which
 * web/main.tsx reads, presses again once React answers, and which stops the keeping). Inline, so
 * it costs no request: the Content-Security-Policy allows exactly this text by its hash
 * (PAINTED_CODE_LOADER_HASH in worker/lib/security-headers.ts, which a test checks against it).
 */
export const CODE_AFTER_PAINT = [
  '(function () {',
  // A worker of its own makes the page language's first number, plural and date formatters: the
  // browser loads their data (15 to 50 ms on a fast machine, four times that on a phone) once per
  // process, so the entry's own first formatters (web/main.tsx) then take a tenth of a millisecond
  // on the main thread.
  "  var WARM_FORMATS = \"var l = LANG; try { new Intl.NumberFormat(l).format(1); new Intl.PluralRules(l).select(1); new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }).format(0) } catch (e) {} close()\"",
  "  var d = document, code = JSON.parse(d.getElementById('page-code').textContent), taps = [], asked = false",
  '  function keep(e) {',
  "    var b = e.target instanceof Element ? e.target.closest('button') : null",
  '    if (b) taps.push(b)',
  '  }',
  "  d.addEventListener('click', keep, true)",
  '  window.keptTaps = function () {',
  "    d.removeEventListener('click', keep, true)",
  '    return taps',
  '  }',
  '  function load() {',
  '    if (asked) return',
  '    asked = true',
  '    try {',
  "      new Worker(URL.createObjectURL(new Blob([WARM_FORMATS.replace('LANG', JSON.stringify(d.documentElement.lang))], { type: 'text/javascript' })))",
  '    } catch (e) {}',
  '    var all = [code.entry].concat(code.before), i',
  '    for (i = 0; i < all.length; i++) {',
  "      var l = d.createElement('link')",
  "      l.rel = 'modulepreload'",
  "      l.crossOrigin = ''",
  '      l.href = all[i]',
  '      d.head.appendChild(l)',
  '    }',
  '    i = 0',
  '    function next() {',
  '      if (i === code.before.length) return import(code.entry)',
  '      import(code.before[i++]).then(later, later)',
  '    }',
  '    function later() {',
  '      setTimeout(next, 0)',
  '    }',
  '    next()',
  '  }',
  '  function afterImage() {',
  '    var p = d.querySelector(\'link[rel="preload"][as="image"]\')',
  '    if (!p) return setTimeout(load, 0)',
  '    var img = new Image(), set = p.getAttribute(\'imagesrcset\')',
  '    if (set) {',
  "      img.sizes = p.getAttribute('imagesizes') || ''",
  '      img.srcset = set',
  '    }',
  '    img.src = p.href',
  '    function painted() {',
  '      requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(load, 0) }) })',
  '    }',
  '    img.decode().then(painted, painted)',
  '  }',
  '  setTimeout(load, 3000)',
  "  if (d.visibilityState === 'hidden' || !window.PerformanceObserver) return load()",
  '  try {',
  '    new PerformanceObserver(function (list, seen) {',
  "      if (!list.getEntriesByName('first-contentful-paint').length) return",
  '      seen.disconnect()',
  '      afterImage()',
  "    }).observe({ type: 'paint', buffered: true })",
  '  } catch (e) {',
  '    load()',
  '  }',
  '})()',
].join('\n')

interface EntryCode {
  script: string
  preloads: string[]
}

/** index.html's entry script and the modules it announces for it; null when it has no entry script. */
function entryCode(html: string): EntryCode | null {
  const script = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1]
  if (!script) return null
  return { script, preloads: [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!) }
}

/** The shell with the page's preloads, data and tags in its head. */
export async function renderAppShell(shell: AppShell, page: AppPage): Promise<string> {
  const head: string[] = []
  for (const image of page.images ?? []) {
    // With a srcset the browser preloads the very candidate the page's <img> will pick.
    const set = image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"` : ''
    head.push(`<link rel="preload" as="image" href="${escapeHtml(image.src)}"${set} fetchpriority="high">`)
  }
  const locale = page.locale ?? DEFAULT_LOCALE
  const catalogs = [catalogModule(locale), ...areasOfModule(page.module).map((area) => `${catalogModule(locale)}/${area}`)]
  const words = catalogs.flatMap((catalog) => shell.chunks[catalog] ?? [])
  // The page's module first, then what it imports: its code is asked for after the words.
  const pageCode = shell.chunks[page.module] ?? []
  // The entry's own imports are announced by index.html already.
  const notAnnounced = (files: string[]) => [...new Set(files)].filter((file) => !shell.html.includes(`"${file}"`))
  const entry = page.body ? shell.entry : null
  if (!entry) for (const file of notAnnounced([...pageCode, ...words])) head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`)
  if (page.noindex) head.push('<meta name="robots" content="noindex">')
  if (page.headTags) head.push(page.headTags)
  if (page.boot) head.push(`<script type="application/json" id="boot-data">${inlineJson(page.boot)}</script>`)

  const { lang, dir } = htmlAttributesOf(locale)
  let rewriter = new HTMLRewriter()
    .on('html', {
      element(el) {
        el.setAttribute('lang', lang)
        el.setAttribute('dir', dir)
      },
    })
    .on('head', {
      element(el) {
        el.append(head.join('\n'), { html: true })
      },
    })
  const { title, description, body } = page
  if (body) {
    rewriter = rewriter.on('#root', {
      element(el) {
        el.setInnerContent(body, { html: true })
      },
    })
  }
  if (entry) {
    // The code goes from the head to the loader at the end of the body, which asks for it once the
    // page is painted and runs it in this order: what the entry imports, the words, the page's
    // modules (what each imports before it), the entry.
    const before = [...new Set([...entry.preloads, ...notAnnounced(words), ...notAnnounced(pageCode).reverse()])]
    const code = { entry: entry.script, before }
    rewriter = rewriter
      .on('script[type="module"][src]', {
        element(el) {
          el.remove()
        },
      })
      .on('link[rel="modulepreload"]', {
        element(el) {
          el.remove()
        },
      })
      .on('body', {
        element(el) {
          el.append(`<script type="application/json" id="page-code">${inlineJson(code)}</script><script>${CODE_AFTER_PAINT}</script>`, { html: true })
        },
      })
  }
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
