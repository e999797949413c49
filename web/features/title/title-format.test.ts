import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, describe, expect, it } from 'vitest'
import { loadLocale, t } from '../../i18n'
import { episodeLabel, episodeName, seasonName } from './episode-text'
import { countryName } from '../../lib/watch-regions'
import { eitherOf, listText, ratingText, runtimeText, withElements } from './title-format'

const markup = (nodes: unknown) => renderToStaticMarkup(createElement('p', null, nodes as never))

describe('title pages in the page’s language', () => {
  afterAll(() => loadLocale('en'))

  it('prints running times, ratings and lists as English does at the root', async () => {
    await loadLocale('en')
    expect([runtimeText(148), runtimeText(120), runtimeText(47), runtimeText(0)]).toEqual(['2h 28m', '2h', '47m', ''])
    expect(ratingText(8.66)).toBe('8.7')
    expect(listText(['AMC', 'HBO'])).toBe('AMC and HBO')
    expect(t('title.seasonCount', { count: 1 })).toBe('1 Season')
    expect(t('title.seasonCount', { count: 5 })).toBe('5 Seasons')
  })

  it('uses the locale’s units, decimal sign, country names and plural forms', async () => {
    await loadLocale('de')
    expect(ratingText(8.66)).toBe('8,7')
    expect(runtimeText(148)).toMatch(/^2\s?h,? 28\s?Min\.$/)
    expect(countryName('JP')).toBe('Japan')
    expect(t('title.seasonCount', { count: 1 })).toBe('1 Staffel')
    await loadLocale('ja')
    expect(runtimeText(148)).toMatch(/2\s?時間\s?28\s?分/)
    expect(countryName('JP')).toBe('日本')
    await loadLocale('ar')
    expect(t('title.seasonCount', { count: 2 })).toBe('موسمان')
    expect(t('title.seasonCount', { count: 3 })).toBe('3 مواسم')
    expect(t('title.seasonCount', { count: 11 })).toBe('11 موسمًا')
  })

  it('names seasons and episodes that the catalogue names only by number in the page’s language', async () => {
    await loadLocale('es')
    expect(seasonName({ name: 'Season 2', season_number: 2 })).toBe('Temporada 2')
    expect(seasonName({ name: 'Book One: Water', season_number: 1 })).toBe('Book One: Water')
    expect(episodeName('Episode 3', 3)).toBe('Episodio 3')
    expect(episodeName('Pilot', 1)).toBe('Pilot')
    expect(episodeLabel({ season: 1, episode: 3 }, { name: 'Episode 3' })).toBe('Temporada 1, episodio 3: Episodio 3')
  })

  it('puts elements where the translation has them, and the language’s own “or” between keys', async () => {
    await loadLocale('ja')
    const sentence = withElements((m) => t('watch.attribution', { country: '日本', justWatch: m.justWatch }), { justWatch: createElement('a', null, 'JustWatch') })
    expect(markup(sentence)).toBe('<p>日本での配信状況：<a>JustWatch</a>提供（TMDB経由）</p>')
    await loadLocale('es')
    expect(markup(eitherOf(['Espacio', 'K'], (key) => createElement('kbd', null, key)))).toBe('<p><kbd>Espacio</kbd> o <kbd>K</kbd></p>')
  })
})
