// The catalogue and the API in the request's language, through real requests against D1 loaded
// with data/catalog.sql: the language comes from Accept-Language (none is English, as before);
// error messages, genre names, row titles and notes, overviews written from facts, and season
// and episode names follow it; composed pages are kept per language; answers vary by it.
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { writeOverview, type OverviewRow } from '../catalog/overviews'
import type { Genre, ListItem, MovieDetails, PageComposition, Paged, Season, TvDetails } from '../catalog/types'
import { loadCatalog } from './catalog-data'

vi.setConfig({ testTimeout: 60_000 })

beforeAll(async () => {
  await loadCatalog()
})

async function call(path: string, language?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (language) headers.set('Accept-Language', language)
  const res = await exports.default.fetch(`http://localhost${path}`, { ...init, headers })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as unknown }
}

async function get<T>(path: string, language?: string): Promise<T> {
  const res = await call(path, language)
  expect(res.status, `${path} in ${language ?? 'English'}`).toBe(200)
  return res.body as T
}

const errorOf = (res: { body: unknown }) => (res.body as { error: string }).error

async function findMovie(title: string): Promise<number> {
  const row = await env.CATALOG.prepare('SELECT id FROM catalog_movies WHERE title = ?').bind(title).first<{ id: number }>()
  expect(row, title).toBeTruthy()
  return row!.id
}

async function findSeries(name: string): Promise<number> {
  const row = await env.CATALOG.prepare('SELECT id FROM catalog_tv_series WHERE name = ?').bind(name).first<{ id: number }>()
  expect(row, name).toBeTruthy()
  return row!.id
}

describe('error messages in the request language', () => {
  it('answers English without Accept-Language, exactly as before', async () => {
    expect(errorOf(await call('/api/catalog/search'))).toBe('query is required')
    expect(errorOf(await call('/api/catalog/movie/123456789'))).toBe('Movie not found')
    expect(errorOf(await call('/api/me/watchlist'))).toBe('No user logged in')
    expect(errorOf(await call('/api/catalog/lists/movie-popular?page=0'))).toBe('page: must be at least 1')
    expect(errorOf(await call('/api/catalog/lists/movie-popular?sort=x'))).toBe('unknown parameter: sort')
  })

  it('answers Spanish for es and for a Spanish variant', async () => {
    expect(errorOf(await call('/api/catalog/search', 'es'))).toBe('la búsqueda es obligatoria')
    expect(errorOf(await call('/api/catalog/movie/123456789', 'es-MX,es;q=0.9,en;q=0.5'))).toBe('No se ha encontrado la película')
    expect(errorOf(await call('/api/me/watchlist', 'es'))).toBe('No hay ningún usuario con la sesión iniciada')
    expect(errorOf(await call('/api/catalog/lists/movie-popular?page=0', 'es'))).toBe('page: debe ser al menos 1')
    expect(errorOf(await call('/api/catalog/lists/movie-popular?page=501', 'es'))).toBe('page: debe ser como máximo 500')
    expect(errorOf(await call('/api/catalog/lists/movie-popular?sort=x', 'es'))).toBe('parámetro desconocido: sort')
    expect(errorOf(await call('/api/catalog/discover/movie?with_genres=1', 'es'))).toBe('with_genres: contiene un identificador de género desconocido')
  })

  it('answers Arabic for ar, with plurals by Arabic rules', async () => {
    expect(errorOf(await call('/api/catalog/search', 'ar'))).toBe('نص البحث مطلوب')
    expect(errorOf(await call('/api/catalog/tv/123456789', 'ar-EG'))).toBe('لم يتم العثور على المسلسل')
    expect(errorOf(await call('/api/me/watchlist', 'ar'))).toBe('لا يوجد مستخدم مسجّل الدخول')
    const tooLong = await call('/api/catalog/search?query=' + 'x'.repeat(101), 'ar')
    expect(errorOf(tooLong)).toBe('يجب ألا يزيد نص البحث عن 100 حرف')
  })

  it('translates account validation, including the checks that have no message of their own', async () => {
    const signup = (body: unknown, language?: string) =>
      call('/api/auth/signup', language, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    const good = { email: 'lang@example.com', username: 'lang_user', password: 'secret1', confirmPassword: 'secret1' }
    expect(errorOf(await signup({ ...good, password: 'abc', confirmPassword: 'abc' }))).toBe('Password must be at least 6 characters long')
    expect(errorOf(await signup({ ...good, password: 'abc', confirmPassword: 'abc' }, 'es'))).toBe('La contraseña debe tener al menos 6 caracteres')
    expect(errorOf(await signup({ ...good, email: 'nope' }, 'ar'))).toBe('email: يُرجى إدخال عنوان بريد إلكتروني صالح')
    // zod's own message (no message of ours on this check), in zod's Spanish
    const english = errorOf(await signup({ ...good, username: 42 }))
    const spanish = errorOf(await signup({ ...good, username: 42 }, 'es'))
    expect(english).toMatch(/^username: Invalid input/)
    expect(spanish).toMatch(/^username: Entrada inválida/)
    const wrongType = await call('/api/auth/login', 'es', { method: 'POST', body: 'x' })
    expect(wrongType.status).toBe(415)
    expect(errorOf(wrongType)).toBe('Content-Type debe ser application/json')
  })

  it('marks error answers as depending on the language', async () => {
    const res = await call('/api/me/watchlist', 'es')
    expect(res.headers.get('Vary') ?? '').toMatch(/Accept-Language/i)
  })
})

describe('genre names, row titles and notes per language', () => {
  it('names genres in the request language', async () => {
    const english = await get<{ genres: Genre[] }>('/api/catalog/genres')
    expect(english.genres.find((g) => g.id === 878)?.name).toBe('Science Fiction')
    const spanish = await get<{ genres: Genre[] }>('/api/catalog/genres', 'es')
    expect(spanish.genres.find((g) => g.id === 878)?.name).toBe('Ciencia ficción')
    const tv = await get<{ genres: Genre[] }>('/api/catalog/genres?type=tv', 'ja')
    expect(tv.genres.find((g) => g.id === 10765)?.name).toBe('SF＆ファンタジー')
    const arabic = await get<{ genres: Genre[] }>('/api/catalog/genres', 'ar')
    expect(arabic.genres.find((g) => g.id === 27)?.name).toBe('رعب')
  })

  it('composes the home page in each language, with notes dated the language’s way', async () => {
    const english = await get<PageComposition>('/api/catalog/pages/home')
    expect(english.rows[0]).toMatchObject({ title: 'Trending Now', note: "Films as of May 2010; series by this catalogue's votes and premieres, not live figures" })
    expect(english.rows.find((r) => r.key === 'action')?.title).toBe('Action')
    const spanish = await get<PageComposition>('/api/catalog/pages/home', 'es')
    expect(spanish.rows[0]).toMatchObject({ title: 'Tendencias', note: 'Películas a mayo de 2010; series según los votos y estrenos de este catálogo, no según cifras en directo' })
    expect(spanish.rows.find((r) => r.key === 'action')?.title).toBe('Acción')
    const japanese = await get<PageComposition>('/api/catalog/pages/home', 'ja')
    expect(japanese.rows[0]?.title).toBe('いま話題')
    expect(japanese.rows[0]?.note).toContain('2010年5月')
    // the same titles in the same rows: only the words differ
    expect(spanish.rows.map((r) => r.items.map((i) => i.id))).toEqual(english.rows.map((r) => r.items.map((i) => i.id)))
    // the hero's genres are named in the language too
    const heroGenres = new Set(spanish.hero.flatMap((h) => h.genres))
    expect([...heroGenres].some((g) => ['Drama', 'Acción', 'Aventura', 'Comedia', 'Suspense', 'Ciencia ficción', 'Animación', 'Crimen', 'Familia', 'Fantasía'].includes(g))).toBe(true)
    expect(spanish.hero.flatMap((h) => h.genres).some((g) => ['Science Fiction', 'Action', 'Adventure', 'Comedy', 'Thriller'].includes(g))).toBe(false)
  })

  it('names the platform rows and the films notice in the language', async () => {
    const tv = await get<PageComposition>('/api/catalog/pages/tv?service=netflix', 'de')
    expect(tv.rows[0]?.title).toBe('Beliebte Serien')
    expect(tv.notice).toBe('Filme werden hier nicht nach Plattform gefiltert: Dieser Katalog hat keine Streamingdaten für Filme.')
  })

  it('keeps a composed page per language in KV and marks the answer as varying by language', async () => {
    const res = await exports.default.fetch('http://localhost/api/catalog/pages/kids', { headers: { 'Accept-Language': 'fr' } })
    expect(res.headers.get('Vary') ?? '').toMatch(/Accept-Language/i)
    await res.arrayBuffer()
    await get<PageComposition>('/api/catalog/pages/kids')
    // KV writes happen after the answer
    await vi.waitFor(async () => {
      const keys = (await env.CACHE.list({ prefix: 'v1:catalog:page:embedded:' })).keys.map((k) => k.name).filter((k) => k.endsWith(':kids:all'))
      expect(keys.some((k) => k.includes(':fr:'))).toBe(true)
      expect(keys.some((k) => !/:(fr|es|de|ja|ar):/.test(k))).toBe(true)
    })
    const french = await get<PageComposition>('/api/catalog/pages/kids', 'fr')
    const english = await get<PageComposition>('/api/catalog/pages/kids')
    expect(french.rows[0]?.title).toBe('Familial')
    expect(english.rows[0]?.title).toBe('Family')
  })
})

describe('overviews written from facts', () => {
  it('writes every title’s stored English overview word for word from the English templates', async () => {
    const select = (table: string, label: string, date: string, genres: string, fk: string, type: string) =>
      env.CATALOG.prepare(
        `SELECT '${type}' AS media_type, ${label} AS label, ${date} AS date, original_language, certification, vote_average, vote_count, overview, facts,
          (SELECT json_group_array(genre_id) FROM (SELECT genre_id FROM ${genres} WHERE ${fk} = t.id ORDER BY position)) AS genre_ids
         FROM ${table} t`,
      ).all<Omit<OverviewRow, 'genre_ids'> & { genre_ids: string }>()
    const rows = [
      ...(await select('catalog_movies', 'title', 'release_date', 'catalog_movie_genres', 'movie_id', 'movie')).results,
      ...(await select('catalog_tv_series', 'name', 'first_air_date', 'catalog_tv_genres', 'tv_id', 'tv')).results,
    ]
    expect(rows.length).toBeGreaterThan(1000)
    const differing = rows.filter((row) => writeOverview('en', { ...row, genre_ids: JSON.parse(row.genre_ids) as number[] }) !== row.overview)
    expect(differing.slice(0, 3).map((r) => `${r.label}: ${r.overview}`)).toEqual([])
  })

  it('serves a film’s overview in the language, with its facts', async () => {
    const id = await findMovie('Fight Club')
    const english = await get<MovieDetails>(`/api/catalog/movie/${id}`)
    expect(english.overview).toMatch(/^Fight Club is a drama film from 1999, directed by David Fincher\./)
    const spanish = await get<MovieDetails>(`/api/catalog/movie/${id}`, 'es')
    expect(spanish.overview).toContain('David Fincher')
    expect(spanish.overview).toMatch(/^Fight Club es una película/)
    expect(spanish.overview).toContain('1999')
    expect(spanish.genres.map((g) => g.name)).toContain('Drama')
    const arabic = await get<MovieDetails>(`/api/catalog/movie/${id}`, 'ar')
    expect(arabic.overview).toContain('David Fincher')
    expect(arabic.overview).toMatch(/فيلم/)
    const german = await get<MovieDetails>(`/api/catalog/movie/${id}`, 'de')
    expect(german.overview).toMatch(/IMDb/)
    expect(german.overview).toMatch(/\d,\d/) // the rating with a decimal comma
  })

  it('serves list overviews in the language', async () => {
    const english = await get<Paged<ListItem>>('/api/catalog/lists/movie-popular')
    const japanese = await get<Paged<ListItem>>('/api/catalog/lists/movie-popular', 'ja')
    expect(japanese.results.map((i) => i.id)).toEqual(english.results.map((i) => i.id))
    expect(japanese.results.every((item, i) => item.overview !== english.results[i]!.overview)).toBe(true)
    expect(japanese.results[0]!.overview).toMatch(/映画/)
  })

  it('writes a series’ overview, its seasons’ and its episodes’ names in the language', async () => {
    const id = await findSeries('Breaking Bad')
    const english = await get<TvDetails>(`/api/catalog/tv/${id}`)
    expect(english.seasons[0]?.name).toBe('Season 1')
    const french = await get<TvDetails>(`/api/catalog/tv/${id}`, 'fr')
    expect(french.overview).toMatch(/^Breaking Bad est une série/)
    expect(french.overview).toContain('Vince Gilligan')
    expect(french.seasons[0]?.name).toBe('Saison 1')
    const season = await get<Season>(`/api/catalog/tv/${id}/season/1`, 'ko')
    expect(season.name).toBe('시즌 1')
    expect(season.episodes[0]?.name).toBe('1화')
    expect(season.episodes[0]?.overview).toContain('Breaking Bad')
    const englishSeason = await get<Season>(`/api/catalog/tv/${id}/season/1`)
    expect(englishSeason.episodes[0]).toMatchObject({ name: 'Episode 1', overview: 'Episode 1 of season 1 of Breaking Bad.' })
  })
})
