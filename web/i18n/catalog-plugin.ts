/**
 * Vite plugin serving each locale's catalog as a module: `virtual:i18n/<locale>` is every
 * `web/i18n/catalogs/<locale>/*.json` of that locale merged, each ICU message compiled ahead of
 * time with Lingui's compiler, so the browser parses no ICU syntax and carries no compiler.
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
import { pseudoText, PSEUDO_LOCALE } from './pseudo.ts'

const PREFIX = 'virtual:i18n/'
export const catalogsDir = join(import.meta.dirname, 'catalogs')

/** The messages of one locale as its catalog files hold them: id to ICU message. */
export function readCatalog(locale: string): Record<string, string> {
  const dir = join(catalogsDir, locale)
  const messages: Record<string, string> = {}
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    Object.assign(messages, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>)
  }
  return messages
}

function compiledModule(locale: string): string {
  const pseudo = locale === PSEUDO_LOCALE
  const source = readCatalog(pseudo ? 'en' : locale)
  const compiled: Record<string, unknown> = {}
  for (const [id, message] of Object.entries(source)) {
    try {
      compiled[id] = compileMessageOrThrow(message, pseudo ? pseudoText : undefined)
    } catch (error) {
      throw new Error(`catalog ${locale}: message ${id} is not valid ICU: ${(error as Error).message}`)
    }
  }
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))})`
}

export function i18nCatalogs(): Plugin {
  return {
    name: 'reelhouse-i18n-catalogs',
    resolveId(id) {
      if (id.startsWith(PREFIX)) return `\0${id}`
      return undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const locale = id.slice(PREFIX.length + 1)
      if (!(LOCALES as readonly string[]).includes(locale) && locale !== PSEUDO_LOCALE) throw new Error(`no catalog for ${locale}`)
      const dir = join(catalogsDir, locale === PSEUDO_LOCALE ? 'en' : locale)
      for (const file of readdirSync(dir)) this.addWatchFile(join(dir, file))
      return compiledModule(locale)
    },
  }
}
