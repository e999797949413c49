/**
 * What search engines and social networks read about a title (SPEC.md section 1): the title,
 * a description cut to the overview's first 150 characters, a 1920x1080 social image and
 * schema.org structured data with a rating out of 10 and up to 5 actors. Rendered as head tags
 * for share pages and for the app's own title pages; other pages carry the site's own card.
 * Every text is in the page's language (the `seo` area of the catalogs), every address in it too,
 * and the tags name the page's other languages (seo/languages.ts).
 *
 * Social networks show raster images only: with TMDB the social image is the title's backdrop
 * photograph at 1280 wide; otherwise (the embedded catalogue, or a TMDB title without a backdrop)
 * it is the card the worker renders to PNG (routes/og.ts).
 */
import type { Bindings } from '../env'
import { type CatalogProvider, titleDetails } from '../catalog/provider'
import type { Episode, MediaType, MovieDetails, TvDetails } from '../catalog/types'
import { catalogProviderName, imageBaseFor } from '../routes/config'
import { type ListCardSource, listCardVersion, OG_EDITION } from '../og/card'
import { escapeHtml } from '../lib/escape'
import type { PageLocale } from '../lib/i18n'
import { translate } from './messages'
import { DEFAULT_LOCALE, isLocale } from '../lib/locales'
import { languageTags, urlIn } from './languages'

export interface TitleMeta {
  type: MediaType
  id: number
  /** The language of every text here and of `url`. */
  locale: PageLocale
  title: string
  description: string
  /** The app's path of the title's page (an episode's with its query), in no language. */
  path: string
  /** Absolute URL of the app page for the title, in its language. */
  url: string
  image: SocialImage
  jsonLd: Record<string, unknown>
}

export interface SocialImage {
  /** Absolute URL. */
  url: string
  type: 'image/png' | 'image/jpeg'
  width: number
  height: number
  alt: string
}
const MAX_ACTORS = 5


/** SPEC's description length: the overview's first 150 characters. */
const DESCRIPTION_LENGTH = 150
const ELLIPSIS = '…'

/**
 * A description of at most 150 characters: the whole overview when it fits, else its words up to
 * the last that fits with an ellipsis after it, never half a word (words as the text's language
 * has them: Intl.Segmenter finds them in Japanese or Chinese too, which put no spaces between them).
 */
export function describe(overview: string | null | undefined, fallback: string, locale: string = DEFAULT_LOCALE): string {
  const text = ((overview ?? '').replace(/\s+/g, ' ').trim() || fallback).normalize('NFC')
  if ([...text].length <= DESCRIPTION_LENGTH) return text
  // Positions are UTF-16 indexes: the room is 149 characters (code points) and the ellipsis.
  const room = [...text].slice(0, DESCRIPTION_LENGTH - 1).join('').length
  let end = 0
  for (const part of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    const after = part.index + part.segment.length
    if (after > room) break
    if (part.isWordLike) end = after
  }
  const kept = text.slice(0, end || room).replace(/[\s,.;:!?、，。·-]+$/u, '')
  return `${kept}${ELLIPSIS}`
}

/** A title's social image: TMDB's backdrop photograph when there is one, else its rendered card. */
function socialImage(env: Bindings, origin: string, details: MovieDetails | TvDetails, title: string, locale: PageLocale): SocialImage {
  if (catalogProviderName(env) === 'tmdb' && details.backdrop_path) {
    return { url: `${imageBaseFor(env)}/w1280${details.backdrop_path}`, type: 'image/jpeg', width: 1280, height: 720, alt: translate(locale, 'seo.stillAlt', { title }) }
  }
  return {
    url: `${origin}/api/og/${OG_EDITION}/${details.media_type}/${details.id}.png`,
    type: 'image/png',
    width: 1920,
    height: 1080,
    alt: translate(locale, 'seo.cardAlt', { title, siteName: env.SITE_NAME }),
  }
}

/** The site's own card, for pages that are not a title's. */
export function siteImage(env: Bindings, origin: string, locale: PageLocale = DEFAULT_LOCALE): SocialImage {
  return { url: `${origin}/api/og/${OG_EDITION}/site.png`, type: 'image/png', width: 1920, height: 1080, alt: translate(locale, 'seo.siteCardAlt', { siteName: env.SITE_NAME }) }
}

interface SocialPage {
  siteName: string
  /** Open Graph type: website, video.movie, video.tv_show. */
  type: string
  title: string
  description: string
  url: string
  image: SocialImage
}

/** The Open Graph and Twitter tags every shared page carries, every value escaped. */
function socialTags(page: SocialPage): string[] {
  const { image } = page
  return [
    `<meta property="og:site_name" content="${escapeHtml(page.siteName)}">`,
    `<meta property="og:type" content="${page.type}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(page.description)}">`,
    `<meta property="og:url" content="${escapeHtml(page.url)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(page.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}">`,
    `<meta property="og:image" content="${escapeHtml(image.url)}">`,
    `<meta property="og:image:type" content="${image.type}">`,
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image.url)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}">`,
  ]
}

/** The site's own title and description in a language, for pages that are not a title's. */
export function siteText(env: Bindings, locale: PageLocale): { title: string; description: string } {
  return { title: translate(locale, 'seo.siteTitle', { siteName: env.SITE_NAME }), description: translate(locale, 'seo.siteDescription') }
}

/**
 * The tags of a page that is not a title's: its languages (`canonicalPath` is its app path) and
 * the site's card under the page's own title. A page kept out of search engines names no canonical
 * address or alternates.
 */
export function siteTags(env: Bindings, origin: string, locale: PageLocale, canonicalPath: string, text: { title: string; description: string }, { indexed = true } = {}): string {
  const social = socialTags({ siteName: env.SITE_NAME, type: 'website', ...text, url: urlIn(origin, locale, canonicalPath), image: siteImage(env, origin, locale) })
  return [...(indexed ? languageTags(origin, locale, canonicalPath) : []), ...social].join('\n')
}

/**
 * A person page's title, description (their biography, else the titles they are best known for)
 * and tags: its languages and the site's card under the person's name.
 */
export function personHead(env: Bindings, origin: string, locale: PageLocale, person: { id: number; name: string; biography: string }, knownFor: string[]): { title: string; description: string; headTags: string } {
  const fallback = translate(locale, 'seo.personDescription', { name: person.name, siteName: env.SITE_NAME, titles: knownFor.join(', ') })
  const description = describe(person.biography, fallback, locale)
  return {
    title: translate(locale, 'seo.documentTitle', { title: person.name, siteName: env.SITE_NAME }),
    description,
    headTags: siteTags(env, origin, locale, `/person/${person.id}`, { title: person.name, description }),
  }
}

/** Looks the title up and builds its tags' content; null when the catalogue has no such title. */
export async function titleMeta(env: Bindings, provider: CatalogProvider, type: MediaType, id: number, origin: string, locale: PageLocale = DEFAULT_LOCALE): Promise<TitleMeta | null> {
  const details = await titleDetails(provider, type, id)
  return details ? titleMetaOf(env, details, origin, locale) : null
}

/** The tags' content for a title whose details are at hand, in `locale`. */
export function titleMetaOf(env: Bindings, details: MovieDetails | TvDetails, origin: string, locale: PageLocale = DEFAULT_LOCALE): TitleMeta {
  const type = details.media_type
  const id = details.id
  const title = details.media_type === 'movie' ? details.title : details.name
  const date = details.media_type === 'movie' ? details.release_date : details.first_air_date
  const path = `/${type}/${id}`
  const url = urlIn(origin, locale, path)
  const image = socialImage(env, origin, details, title, locale)
  const description = describe(details.overview, translate(locale, 'seo.watchTitle', { title, siteName: env.SITE_NAME }), locale)
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': type === 'movie' ? 'Movie' : 'TVSeries',
    name: title,
    url,
    ...(isLocale(locale) ? { inLanguage: locale } : {}),
    description,
    image: image.url,
    ...(date ? { [type === 'movie' ? 'datePublished' : 'startDate']: date } : {}),
    genre: details.genres.map((g) => g.name),
    actor: details.credits.cast.slice(0, MAX_ACTORS).map((person) => ({ '@type': 'Person', name: person.name })),
  }
  if (details.vote_count > 0) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(details.vote_average * 10) / 10,
      bestRating: 10,
      worstRating: 0,
      ratingCount: details.vote_count,
    }
  }
  const director = details.credits.crew.find((person) => person.job === 'Director')
  if (director) jsonLd.director = { '@type': 'Person', name: director.name }
  return { type, id, locale, title, description, path, url, image, jsonLd }
}

/**
 * The tags' content for one episode of a show: the episode named in the title ("Show S2 E3:
 * Name"), its own overview when it has one, its address, and schema.org TVEpisode data.
 * `episode` is null when the season has no such episode: the show's own tags then stand.
 */
export function episodeMetaOf(show: TitleMeta, at: { season: number; episode: number }, episode: Pick<Episode, 'name' | 'overview'> | null): TitleMeta {
  if (!episode) return show
  const numbers = { show: show.title, season: at.season, episode: at.episode }
  const title = episode.name ? translate(show.locale, 'seo.episodeTitle', { ...numbers, name: episode.name }) : translate(show.locale, 'seo.episodeTitleUnnamed', numbers)
  const query = `?season=${at.season}&episode=${at.episode}`
  const path = show.path + query
  const url = show.url + query
  const description = describe(episode.overview, show.description, show.locale)
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'TVEpisode',
    name: episode.name || translate(show.locale, 'seo.episodeCode', numbers),
    url,
    ...(isLocale(show.locale) ? { inLanguage: show.locale } : {}),
    description,
    episodeNumber: at.episode,
    partOfSeason: { '@type': 'TVSeason', seasonNumber: at.season },
    partOfSeries: { '@type': 'TVSeries', name: show.title, url: show.url },
    image: show.image.url,
  }
  return { ...show, title, path, url, description, jsonLd }
}

/** The head tags for a title, its languages' included, every value escaped. */
export function metaTags(meta: TitleMeta, siteName: string): string {
  const tags = [
    ...languageTags(new URL(meta.url).origin, meta.locale, meta.path),
    ...socialTags({ siteName, type: meta.type === 'movie' ? 'video.movie' : 'video.tv_show', title: meta.title, description: meta.description, url: meta.url, image: meta.image }),
  ]
  // "<" never appears raw inside the script, so a title cannot close it.
  tags.push(`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`)
  return tags.join('\n')
}

export function documentTitle(meta: TitleMeta, siteName: string): string {
  return translate(meta.locale, 'seo.documentTitle', { title: meta.title, siteName })
}

/** What a public list's page says of it, for its head tags. */
export interface ListMetaSource extends ListCardSource {
  slug: string
  description: string | null
}

/**
 * A public list's title, description and tags: its languages, and its own card (routes/og.ts),
 * whose address changes with the list so networks fetch a new one after an edit.
 */
export function listHead(env: Bindings, origin: string, locale: PageLocale, list: ListMetaSource): { title: string; description: string; headTags: string } {
  const count = list.item_count
  const fallback = list.owner_name
    ? translate(locale, 'seo.listDescription', { count, siteName: env.SITE_NAME, owner: list.owner_name })
    : translate(locale, 'seo.listDescriptionAnonymous', { count, siteName: env.SITE_NAME })
  const description = describe(list.description, fallback, locale)
  const path = `/list/${list.slug}`
  const version = listCardVersion(list, env.SITE_NAME)
  const image: SocialImage = {
    url: `${origin}/api/og/${OG_EDITION}/list/${list.slug}.png?v=${version}&lang=${encodeURIComponent(isLocale(locale) ? locale : DEFAULT_LOCALE)}`,
    type: 'image/png',
    width: 1920,
    height: 1080,
    alt: translate(locale, 'seo.listCardAlt', { name: list.name, siteName: env.SITE_NAME }),
  }
  const social = socialTags({ siteName: env.SITE_NAME, type: 'website', title: list.name, description, url: urlIn(origin, locale, path), image })
  return { title: translate(locale, 'seo.documentTitle', { title: list.name, siteName: env.SITE_NAME }), description, headTags: [...languageTags(origin, locale, path), ...social].join('\n') }
}
