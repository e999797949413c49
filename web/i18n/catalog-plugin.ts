/**
 * Vite plugin serving each locale's catalogs as modules, each ICU message compiled ahead of time
 * with Lingui's compiler, so the browser parses no ICU syntax and carries no compiler:
 * `virtual:i18n/<locale>` is the locale's core (its `web/i18n/catalogs/<locale>/*.json` merged,
 * but for the page areas and the worker's own, see areas.ts) with the dynamic imports of its page
 * areas, `virtual:i18n/<locale>/<area>` one page area, and `virtual:i18n/loaders` the dynamic
 * imports of the cores, one per locale of worker/lib/locales.ts (and the pseudo-locale), so a new
 * locale needs no loader written by hand. The areas' imports travel with their locale's core, not
 * in the entry: a page needs its own language's nine, not every language's.
 *
 * `virtual:i18n/en-XA` is the pseudo-locale: the English messages with accented, lengthened text
 * and brackets around each, placeholders untouched. It is for tests and translators' previews and
 * is listed nowhere.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'
import { LOCALES } from '../../worker/lib/locales.ts'
import { coreAreas, PAGE_AREAS } from './areas.ts'
import { pseudoText, PSEUDO_LOCALE } from './pseudo.ts'

const PREFIX = 'virtual:i18n/'
export const catalogsDir = join(import.meta.dirname, 'catalogs')

/** The areas a locale's directory holds. */
function areasOf(locale: string): string[] {
  return readdirSync(join(catalogsDir, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort()
}

/** The messages of one locale (of `areas`, else all) as its catalog files hold them: id to ICU message. */
export function readCatalog(locale: string, areas: readonly string[] = areasOf(locale)): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const area of areas) {
    Object.assign(messages, JSON.parse(readFileSync(join(catalogsDir, locale, `${area}.json`), 'utf8')) as Record<string, string>)
  }
  return messages
}

function compiledModule(locale: string, area: string | null): string {
  const pseudo = locale === PSEUDO_LOCALE
  const from = pseudo ? 'en' : locale
  const source = readCatalog(from, area ? [area] : coreAreas(areasOf(from)))
  const compiled: Record<string, unknown> = {}
  for (const [id, message] of Object.entries(source)) {
    try {
      compiled[id] = compileMessageOrThrow(message, pseudo ? pseudoText : undefined)
    } catch (error) {
      throw new Error(`catalog ${locale}: message ${id} is not valid ICU: ${(error as Error).message}`)
    }
  }
  const messages = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))})`
  if (area) return messages
  const areas = PAGE_AREAS.map((a) => `${JSON.stringify(a)}: ${loader(`${locale}/${a}`)}`)
  return `${messages}\nexport const areaLoaders = {${areas.join(', ')}}`
}

/** A dynamic import of one catalog module, as the loader tables hold it. */
const loader = (module: string) => `() => import(${JSON.stringify(`${PREFIX}${module}`)})`

export function i18nCatalogs(): Plugin {
  return {
    name: 'reelhouse-i18n-catalogs',
    resolveId(id) {
      if (id.startsWith(PREFIX)) return `\0${id}`
      return undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const [locale = '', area = null, extra] = id.slice(PREFIX.length + 1).split('/')
      const locales: string[] = [...LOCALES, PSEUDO_LOCALE]
      if (locale === 'loaders' && area === null) {
        return `export const coreLoaders = {${locales.map((l) => `${JSON.stringify(l)}: ${loader(l)}`).join(',\n')}}`
      }
      if (!locales.includes(locale) || extra !== undefined || (area !== null && !(PAGE_AREAS as readonly string[]).includes(area))) throw new Error(`no catalog ${id.slice(1)}`)
      const dir = join(catalogsDir, locale === PSEUDO_LOCALE ? 'en' : locale)
      for (const file of readdirSync(dir)) this.addWatchFile(join(dir, file))
      return compiledModule(locale, area)
    },
  }
}
