/**
 * The catalogue's words in every language: genre names, the composed pages' row titles and notes,
 * and the templates the embedded catalogue's overviews are written from (web/i18n/catalogs/<locale>/
 * genres.json, catalogue.json and overviews.json).
 */
import arGenres from '../../web/i18n/catalogs/ar/genres.json'
import deGenres from '../../web/i18n/catalogs/de/genres.json'
import enGenres from '../../web/i18n/catalogs/en/genres.json'
import esGenres from '../../web/i18n/catalogs/es/genres.json'
import frGenres from '../../web/i18n/catalogs/fr/genres.json'
import hiGenres from '../../web/i18n/catalogs/hi/genres.json'
import itGenres from '../../web/i18n/catalogs/it/genres.json'
import jaGenres from '../../web/i18n/catalogs/ja/genres.json'
import koGenres from '../../web/i18n/catalogs/ko/genres.json'
import ptBRGenres from '../../web/i18n/catalogs/pt-BR/genres.json'
import trGenres from '../../web/i18n/catalogs/tr/genres.json'
import zhCNGenres from '../../web/i18n/catalogs/zh-CN/genres.json'
import arCatalogue from '../../web/i18n/catalogs/ar/catalogue.json'
import deCatalogue from '../../web/i18n/catalogs/de/catalogue.json'
import enCatalogue from '../../web/i18n/catalogs/en/catalogue.json'
import esCatalogue from '../../web/i18n/catalogs/es/catalogue.json'
import frCatalogue from '../../web/i18n/catalogs/fr/catalogue.json'
import hiCatalogue from '../../web/i18n/catalogs/hi/catalogue.json'
import itCatalogue from '../../web/i18n/catalogs/it/catalogue.json'
import jaCatalogue from '../../web/i18n/catalogs/ja/catalogue.json'
import koCatalogue from '../../web/i18n/catalogs/ko/catalogue.json'
import ptBRCatalogue from '../../web/i18n/catalogs/pt-BR/catalogue.json'
import trCatalogue from '../../web/i18n/catalogs/tr/catalogue.json'
import zhCNCatalogue from '../../web/i18n/catalogs/zh-CN/catalogue.json'
import arOverviews from '../../web/i18n/catalogs/ar/overviews.json'
import deOverviews from '../../web/i18n/catalogs/de/overviews.json'
import enOverviews from '../../web/i18n/catalogs/en/overviews.json'
import esOverviews from '../../web/i18n/catalogs/es/overviews.json'
import frOverviews from '../../web/i18n/catalogs/fr/overviews.json'
import hiOverviews from '../../web/i18n/catalogs/hi/overviews.json'
import itOverviews from '../../web/i18n/catalogs/it/overviews.json'
import jaOverviews from '../../web/i18n/catalogs/ja/overviews.json'
import koOverviews from '../../web/i18n/catalogs/ko/overviews.json'
import ptBROverviews from '../../web/i18n/catalogs/pt-BR/overviews.json'
import trOverviews from '../../web/i18n/catalogs/tr/overviews.json'
import zhCNOverviews from '../../web/i18n/catalogs/zh-CN/overviews.json'
import { messageFormatter } from '../lib/i18n'
import { DEFAULT_LOCALE, type Locale } from '../lib/locales'
import { genreMessageId } from './genre-map'

export type GenreTextId = keyof typeof enGenres
export type CatalogueTextId = keyof typeof enCatalogue
export type OverviewTextId = keyof typeof enOverviews

export const genreText = messageFormatter<GenreTextId>({ en: enGenres, es: esGenres, 'pt-BR': ptBRGenres, fr: frGenres, de: deGenres, it: itGenres, tr: trGenres, ar: arGenres, hi: hiGenres, ja: jaGenres, ko: koGenres, 'zh-CN': zhCNGenres })
export const catalogueText = messageFormatter<CatalogueTextId>({ en: enCatalogue, es: esCatalogue, 'pt-BR': ptBRCatalogue, fr: frCatalogue, de: deCatalogue, it: itCatalogue, tr: trCatalogue, ar: arCatalogue, hi: hiCatalogue, ja: jaCatalogue, ko: koCatalogue, 'zh-CN': zhCNCatalogue })
export const overviewText = messageFormatter<OverviewTextId>({ en: enOverviews, es: esOverviews, 'pt-BR': ptBROverviews, fr: frOverviews, de: deOverviews, it: itOverviews, tr: trOverviews, ar: arOverviews, hi: hiOverviews, ja: jaOverviews, ko: koOverviews, 'zh-CN': zhCNOverviews })

/** Genres with their names in `locale` (the catalogue's own names are English). */
export function genresIn<T extends { id: number; name: string }>(locale: Locale, genres: T[]): T[] {
  if (locale === DEFAULT_LOCALE) return genres
  return genres.map((genre) => {
    const id = genreMessageId(genre.id)
    return id ? { ...genre, name: genreText(locale, id) } : genre
  })
}
