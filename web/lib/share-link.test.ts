import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LOCALES, localePrefix, PSEUDO_LOCALE_PREFIX } from '../../worker/lib/locales'
import { loadLocale } from '../i18n'
import { shareLink } from './share-link'

afterAll(() => loadLocale('en'))

describe('shareLink', () => {
  it('is the share address under the page’s language, English at the root', async () => {
    const origin = window.location.origin
    expect(shareLink('movie', 155)).toBe(`${origin}/share/movie/155`)
    await loadLocale('es')
    expect(shareLink('movie', 155)).toBe(`${origin}/es/share/movie/155`)
    await loadLocale('pt-BR')
    expect(shareLink('tv', 1399, { season: 2, episode: 3 })).toBe(`${origin}/pt-br/share/tv/1399?season=2&episode=3`)
    await loadLocale('en-XA')
    expect(shareLink('movie', 155)).toBe(`${origin}/en-xa/share/movie/155`)
  })

  it('is left to the network by the service worker in every language', () => {
    const worker = readFileSync(join(import.meta.dirname, '../public/service-worker.js'), 'utf8')
    const listed = /const LANGUAGE_PREFIXES = \[([^\]]*)\]/.exec(worker)?.[1]?.match(/'[^']+'/g)?.map((s) => `/${s.slice(1, -1)}`)
    expect(listed?.sort()).toEqual([...LOCALES.map(localePrefix).filter(Boolean), PSEUDO_LOCALE_PREFIX].sort())
  })
})
