import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { MAX_ROWS, queryKey, readImportFiles } from './import-files'

function file(name: string, content: string | Uint8Array): File {
  return new File([typeof content === 'string' ? content : new Uint8Array(content)], name)
}

const letterboxdWatchlist = 'Date,Name,Year,Letterboxd URI\n2024-01-02,The Dark Knight,2008,https://boxd.it/a\n2024-01-03,"Crouching Tiger, Hidden Dragon",2000,https://boxd.it/b\n'
const letterboxdDiary = 'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-02-01,Amélie,2001,https://boxd.it/c,4.5,,,2024-01-30\n'
const letterboxdList = 'Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-03-01,Heists,,https://boxd.it/l,\n\nPosition,Name,Year,URL,Description\n1,Heat,1995,https://boxd.it/h,\n'
const imdbRatings = 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\ntt0903747,10,2023-05-01,Breaking Bad,Breaking Bad,https://imdb.com/t,tvSeries,9.5,49,2008,Drama,2000000,2008-01-20,\ntt0959621,9,2023-05-02,Pilot,Pilot,https://imdb.com/e,tvEpisode,9,58,2008,Drama,40000,2008-01-20,\ntt0468569,10,2023-05-03,The Dark Knight,The Dark Knight,https://imdb.com/d,movie,9,152,2008,Action,3000000,2008-07-18,Christopher Nolan\n'
const imdbWatchlist = 'Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated\n1,tt0110912,2024-01-01,,,Pulp Fiction,Pulp Fiction,https://imdb.com/p,movie,8.9,154,1994,Crime,2000000,1994-10-14,,,\n'
const traktWatched = JSON.stringify([{ plays: 2, last_watched_at: '2023-09-01T20:00:00.000Z', movie: { title: 'Inception', year: 2010, ids: { trakt: 1, tmdb: 27205, imdb: 'tt1375666' } } }])
const traktWatchlist = JSON.stringify([
  { listed_at: '2023-01-01T00:00:00.000Z', type: 'show', show: { title: 'Sherlock', year: 2010, ids: { tmdb: 19885, imdb: null } } },
  { listed_at: '2023-01-02T00:00:00.000Z', type: 'movie', movie: { title: 'Solaris', year: 1972, ids: { trakt: 2, tmdb: null, imdb: 'tt0069293' } } },
  { listed_at: '2023-01-03T00:00:00.000Z', type: 'movie', movie: { title: 'Odd Ids', year: 2001, ids: { imdb: 'tt12', tmdb: 'x' } } },
])

describe('readImportFiles', () => {
  it('reads a Letterboxd export zip: watchlist, diary with its watched date, a list; other files passed over', async () => {
    const zip = zipSync({
      'watchlist.csv': strToU8(letterboxdWatchlist),
      'diary.csv': strToU8(letterboxdDiary),
      'lists/heists.csv': strToU8(letterboxdList),
      'profile.csv': strToU8('Date Joined,Username\n2020-01-01,me\n'),
      'deleted/watchlist.csv': strToU8(letterboxdWatchlist),
    })
    const read = await readImportFiles([file('letterboxd-me-2024.zip', zip)])
    expect(read.problems).toEqual([])
    expect(read.files.map((f) => [f.name, f.source, f.kind, f.count])).toEqual([
      ['watchlist.csv', 'Letterboxd', 'watchlist', 2],
      ['diary.csv', 'Letterboxd', 'watched', 1],
      ['lists/heists.csv', 'Letterboxd', 'list', 1],
    ])
    expect(read.rows).toContainEqual({ kind: 'watchlist', source: 'Letterboxd', title: 'Crouching Tiger, Hidden Dragon', year: 2000, type: 'movie', tmdbId: null, imdbId: null, watchedAt: null })
    expect(read.rows).toContainEqual(expect.objectContaining({ kind: 'watched', title: 'Amélie', watchedAt: '2024-01-30T12:00:00.000Z' }))
    expect(read.rows).toContainEqual(expect.objectContaining({ kind: 'list', title: 'Heat', year: 1995, list: 'Heists' }))
  })

  it('reads IMDb ratings (series kept apart, episodes left out) and an IMDb watchlist, with their IMDb ids', async () => {
    const read = await readImportFiles([file('ratings.csv', imdbRatings), file('WATCHLIST.csv', imdbWatchlist)])
    expect(read.files.map((f) => [f.source, f.kind, f.count])).toEqual([
      ['IMDb', 'watched', 2],
      ['IMDb', 'watchlist', 1],
    ])
    expect(read.rows.map((r) => [r.kind, r.title, r.type, r.year, r.imdbId])).toEqual([
      ['watched', 'Breaking Bad', 'tv', 2008, 'tt0903747'],
      ['watched', 'The Dark Knight', 'movie', 2008, 'tt0468569'],
      ['watchlist', 'Pulp Fiction', 'movie', 1994, 'tt0110912'],
    ])
    expect(read.rows[0]?.watchedAt).toBe('2023-05-01T12:00:00.000Z')
  })

  it('reads Trakt’s JSON with TMDB and IMDb ids, films and series; ids that are not ids are left out', async () => {
    const read = await readImportFiles([file('watched-movies.json', traktWatched), file('watchlist-shows.json', traktWatchlist)])
    expect(read.rows).toEqual([
      { kind: 'watched', source: 'Trakt', title: 'Inception', year: 2010, type: 'movie', tmdbId: 27205, imdbId: 'tt1375666', watchedAt: '2023-09-01T20:00:00.000Z' },
      { kind: 'watchlist', source: 'Trakt', title: 'Sherlock', year: 2010, type: 'tv', tmdbId: 19885, imdbId: null, watchedAt: null },
      { kind: 'watchlist', source: 'Trakt', title: 'Solaris', year: 1972, type: 'movie', tmdbId: null, imdbId: 'tt0069293', watchedAt: null },
      { kind: 'watchlist', source: 'Trakt', title: 'Odd Ids', year: 2001, type: 'movie', tmdbId: null, imdbId: null, watchedAt: null },
    ])
  })

  it('reads an IMDb list other than the watchlist, and a Trakt list, into lists named after their files', async () => {
    const traktList = JSON.stringify([{ listed_at: '2023-01-01T00:00:00.000Z', type: 'movie', movie: { title: 'Heat', year: 1995, ids: { tmdb: 949, imdb: 'tt0113277' } } }])
    const read = await readImportFiles([file('noir-picks.csv', imdbWatchlist), file('lists-rainy-films.json', traktList)])
    expect(read.files.map((f) => [f.source, f.kind, f.count])).toEqual([
      ['IMDb', 'list', 1],
      ['Trakt', 'list', 1],
    ])
    expect(read.rows.map((r) => [r.kind, r.list, r.title, r.imdbId])).toEqual([
      ['list', 'noir picks', 'Pulp Fiction', 'tt0110912'],
      ['list', 'rainy films', 'Heat', 'tt0113277'],
    ])
  })

  it('keeps two titles of the same name and year apart when their IMDb ids differ, and asks each once', async () => {
    const header = 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n'
    const twins = `${header}tt0000001,7,2023-01-01,Twins,Twins,u,movie,6,100,1988,Comedy,1,1988-12-09,\ntt0000002,6,2023-01-02,Twins,Twins,u,movie,5,90,1988,Drama,1,1988-09-23,\ntt0000001,7,2023-01-01,Twins,Twins,u,movie,6,100,1988,Comedy,1,1988-12-09,\n`
    const read = await readImportFiles([file('ratings.csv', twins)])
    expect(read.rows.map((r) => r.imdbId)).toEqual(['tt0000001', 'tt0000002'])
    expect(new Set(read.rows.map(queryKey)).size).toBe(2)
  })

  it('keeps each title once, and says what it cannot read', async () => {
    const read = await readImportFiles([
      file('watchlist.csv', letterboxdWatchlist),
      file('watchlist.csv', letterboxdWatchlist),
      file('notes.txt', 'hello'),
      file('random.csv', 'a,b\n1,2\n'),
      file('broken.zip', 'not a zip'),
    ])
    expect(read.rows).toHaveLength(2)
    expect(read.problems).toEqual(['notes.txt is not a .zip, .csv or .json file.', 'broken.zip is not a zip file that can be read.'])
    const alone = await readImportFiles([file('random.csv', 'a,b\n1,2\n')])
    expect(alone.problems).toEqual(['random.csv is not a Letterboxd, IMDb or Trakt export we can read.'])
  })

  it('imports at most 5,000 titles at a time and says so', async () => {
    const lines = Array.from({ length: MAX_ROWS + 10 }, (_, i) => `2024-01-01,Film ${i},2000,https://boxd.it/${i}`)
    const read = await readImportFiles([file('watchlist.csv', `Date,Name,Year,Letterboxd URI\n${lines.join('\n')}\n`)])
    expect(read.rows).toHaveLength(MAX_ROWS)
    expect(read.problems[0]).toMatch(/5,010 titles; at most 5,000/)
  })
})

describe('readImportFiles: ratings', () => {
  it('reads Letterboxd’s ratings.csv in half stars (0.5 to 5 stars doubled), and leaves out a rating that is none', async () => {
    const ratings = 'Date,Name,Year,Letterboxd URI,Rating\n2024-03-01,The Dark Knight,2008,https://boxd.it/a,4.5\n2024-03-02,Cats,2019,https://boxd.it/b,0.5\n2024-03-03,Heat,1995,https://boxd.it/c,5\n2024-03-04,Odd,2001,https://boxd.it/d,\n2024-03-05,Wrong,2002,https://boxd.it/e,4.2\n2024-03-06,Too Much,2003,https://boxd.it/f,6\n'
    const read = await readImportFiles([file('ratings.csv', ratings)])
    expect(read.files).toEqual([{ name: 'ratings.csv', source: 'Letterboxd', kind: 'watched', count: 6, rated: 3 }])
    expect(read.rows.map((r) => [r.title, r.rating, r.ratedAt])).toEqual([
      ['The Dark Knight', 9, '2024-03-01T12:00:00.000Z'],
      ['Cats', 1, '2024-03-02T12:00:00.000Z'],
      ['Heat', 10, '2024-03-03T12:00:00.000Z'],
      ['Odd', undefined, undefined],
      ['Wrong', undefined, undefined],
      ['Too Much', undefined, undefined],
    ])
    expect(read.rows[3]).not.toHaveProperty('rating')
  })

  it('joins a film’s diary entries, ratings.csv and watched.csv into one: its first watch and its latest rating', async () => {
    const diary =
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n' +
      '2020-01-02,Heat,1995,https://boxd.it/c,3,,,2020-01-01\n' +
      '2023-06-02,Heat,1995,https://boxd.it/c,4,Yes,,2023-06-01\n' +
      '2021-05-05,Alien,1979,https://boxd.it/g,,,,2021-05-04\n'
    const watched = 'Date,Name,Year,Letterboxd URI\n2019-12-31,Heat,1995,https://boxd.it/c\n'
    const ratings = 'Date,Name,Year,Letterboxd URI,Rating\n2022-01-01,Heat,1995,https://boxd.it/c,2.5\n'
    const read = await readImportFiles([file('diary.csv', diary), file('watched.csv', watched), file('ratings.csv', ratings)])
    expect(read.rows.map((r) => [r.title, r.kind, r.watchedAt, r.rating, r.ratedAt])).toEqual([
      // the rewatch of 2023 rated it last; the first watch is watched.csv's
      ['Heat', 'watched', '2019-12-31T12:00:00.000Z', 8, '2023-06-01T12:00:00.000Z'],
      ['Alien', 'watched', '2021-05-04T12:00:00.000Z', undefined, undefined],
    ])
  })

  it('reads IMDb’s ratings 1 to 10 as half stars of the same number, with the day rated', async () => {
    const read = await readImportFiles([file('ratings.csv', imdbRatings)])
    expect(read.rows.map((r) => [r.title, r.type, r.rating, r.ratedAt])).toEqual([
      ['Breaking Bad', 'tv', 10, '2023-05-01T12:00:00.000Z'],
      ['The Dark Knight', 'movie', 10, '2023-05-03T12:00:00.000Z'],
    ])
    const header = 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n'
    const mixed = `${header}tt0000007,7,2023-02-01,Seven,Seven,u,movie,8,127,1995,Crime,1,1995-09-22,\ntt0000001,1,2023-02-02,One,One,u,movie,2,90,2001,Drama,1,2001-01-01,\ntt0000011,11,2023-02-03,Eleven,Eleven,u,movie,5,90,2002,Drama,1,2002-01-01,\n`
    const more = await readImportFiles([file('ratings.csv', mixed)])
    expect(more.rows.map((r) => [r.title, r.rating])).toEqual([
      ['Seven', 7],
      ['One', 1],
      ['Eleven', undefined],
    ])
  })

  it('reads Trakt’s ratings of films and shows, not an episode’s as its show’s', async () => {
    const traktRatings = JSON.stringify([
      { rated_at: '2023-04-01T10:00:00.000Z', rating: 8, type: 'movie', movie: { title: 'Inception', year: 2010, ids: { tmdb: 27205 } } },
      { rated_at: '2023-04-02T10:00:00.000Z', rating: 6, type: 'episode', episode: { season: 1, number: 1 }, show: { title: 'Sherlock', year: 2010, ids: { tmdb: 19885 } } },
      { rated_at: '2023-04-03T10:00:00.000Z', rating: 9, type: 'show', show: { title: 'Dark', year: 2017, ids: { tmdb: 70523 } } },
    ])
    const read = await readImportFiles([file('ratings.json', traktRatings)])
    expect(read.rows.map((r) => [r.title, r.type, r.rating, r.ratedAt])).toEqual([
      ['Inception', 'movie', 8, '2023-04-01T10:00:00.000Z'],
      ['Sherlock', 'tv', undefined, undefined],
      ['Dark', 'tv', 9, '2023-04-03T10:00:00.000Z'],
    ])
  })
})
