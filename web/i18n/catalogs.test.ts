/**
 * The catalogs agree: every locale has every id of the English catalogs and no other, each
 * message is valid ICU with the same placeholders as its English source, every id sits in the
 * file of its area, and plurals give each category the locale's plural rules use.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../worker/lib/locales'
import { catalogsDir, readCatalog } from './catalog-plugin'

/** The placeholder names a compiled message uses, plural and select branches included. */
function placeholders(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue
    const [name, type, format] = token
    if (name !== '#') into.add(name)
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
      for (const [key, branch] of Object.entries(format as Record<string, unknown>)) if (key !== 'offset' && Array.isArray(branch)) placeholders(branch as CompiledMessage, into)
    }
  }
  return into
}

/** The plural categories each `plural` of a message names. */
function pluralCategories(message: CompiledMessage, into: string[][] = []): string[][] {
  for (const token of message) {
    if (typeof token === 'string') continue
    const [, type, format] = token
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
      const branches = Object.entries(format as Record<string, unknown>).filter(([k, b]) => k !== 'offset' && Array.isArray(b))
      if (type === 'plural') into.push(branches.map(([k]) => k).filter((k) => !k.startsWith('=')))
      for (const [, branch] of branches) pluralCategories(branch as CompiledMessage, into)
    }
  }
  return into
}

const english = readCatalog('en')
const englishIds = Object.keys(english).sort()

describe('catalogs', () => {
  it('has an English catalog', () => {
    expect(englishIds.length).toBeGreaterThan(0)
  })

  it('keeps every id in the file of its area', () => {
    for (const locale of LOCALES) {
      for (const file of readdirSync(join(catalogsDir, locale)).filter((f) => f.endsWith('.json'))) {
        const area = file.replace(/\.json$/, '')
        const ids = Object.keys(JSON.parse(readFileSync(join(catalogsDir, locale, file), 'utf8')) as object)
        expect(ids.filter((id) => !id.startsWith(`${area}.`)), `${locale}/${file}`).toEqual([])
      }
    }
  })

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const catalog = readCatalog(locale)

      it('has exactly the English ids', () => {
        const ids = Object.keys(catalog).sort()
        expect(englishIds.filter((id) => !(id in catalog)), 'missing').toEqual([])
        expect(ids.filter((id) => !(id in english)), 'not in English').toEqual([])
      })

      it('uses the same placeholders as English in every message, in valid ICU', () => {
        const wrong: string[] = []
        for (const id of englishIds) {
          if (!(id in catalog)) continue
          const source = [...placeholders(compileMessageOrThrow(english[id]!))].sort()
          const translated = [...placeholders(compileMessageOrThrow(catalog[id]!))].sort()
          if (source.join() !== translated.join()) wrong.push(`${id}: ${translated.join()} instead of ${source.join()}`)
        }
        expect(wrong).toEqual([])
      })

      it("gives each plural the categories of the locale's rules", () => {
        const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
        const wrong: string[] = []
        for (const id of englishIds) {
          if (!(id in catalog)) continue
          for (const categories of pluralCategories(compileMessageOrThrow(catalog[id]!))) {
            const missing = needed.filter((c) => !categories.includes(c))
            if (missing.length) wrong.push(`${id}: no ${missing.join(', ')}`)
          }
        }
        expect(wrong).toEqual([])
      })

      it('translates: a message longer than a word is not left in English', () => {
        const same = englishIds.filter((id) => id in catalog && /[a-z]{3,}\s+[a-z]{3,}/i.test(english[id]!) && catalog[id] === english[id])
        // Brand names and the like may stay as they are, but never the bulk of a catalog.
        expect(same.length, same.slice(0, 20).join('\n')).toBeLessThanOrEqual(Math.max(3, Math.floor(englishIds.length * 0.03)))
      })
    })
  }
})
