/**
 * The site with the TMDB provider against the fake TMDB (scripts/fake-tmdb.mjs), in Chromium at
 * phone and desktop width: home, the lists, a genre, search, a film, a series with seasons and
 * episodes, and Top IMDB render TMDB-shaped answers (with their nulls, empty credits, people in
 * search, adult titles, a season without episodes, a series in an older shape) with images from
 * the configured image host at sizes its /configuration lists (it refuses others) and nothing
 * refused by the page's CSP. Ratings are TMDB's own: every title of Kids' hero carries a children's
 * rating, a series TMDB files under Kids but rates TV-MA is not on Kids, and title pages show
 * their rating. Then TMDB goes away: after a restart with every cached answer
 * past its freshness, each page visited before still renders from KV, and pages never visited show
 * SPEC's not-found or error states, never a blank page. Screenshots go to .wrangler/screenshots/.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseSeason, dismissCookieBanner, newPage, useBrowser, type ViewportName } from './browser'
import { ageCatalogCache, type FakeTmdb, resetState, siteUrl, startFake, startSite } from './tmdb-site'

const browser = useBrowser()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
mkdirSync(shots, { recursive: true })

let fake: FakeTmdb | undefined
let fakeUrl = ''
let stopSite: (() => Promise<void>) | undefined

beforeAll(async () => {
  fake = await startFake()
  fakeUrl = fake.url
  resetState()
  stopSite = await startSite(fakeUrl)
}, 180_000)

afterAll(async () => {
  await stopSite?.()
  await fake?.close()
})

const rowHeading = (page: Page, name: string) => page.locator('main section h2', { hasText: new RegExp(`^${name}$`) })

/** Rows below the first draw their cards when the visitor comes near: go there, look, come back. */
async function inRow(page: Page, row: string, title: string) {
  const region = page.getByRole('region', { name: row })
  await region.scrollIntoViewIfNeeded()
  await region.getByText(title).first().waitFor()
  await page.evaluate(() => scrollTo(0, 0))
}

interface Visit {
  name: string
  path: string
  check(page: Page): Promise<void>
}

/** The pages of the journey and what each must show; run again once TMDB is gone. */
const VISITS: Visit[] = [
  {
    name: 'home',
    path: '/',
    async check(page) {
      const hero = page.getByRole('region', { name: 'Featured titles' })
      await hero.waitFor()
      expect(await hero.locator('[aria-roledescription="slide"]').count()).toBe(5)
      await hero.getByRole('heading', { level: 2, name: 'Ember Kingdom' }).waitFor()
      for (const title of ['Trending Now', 'Popular Movies', 'Now Playing', 'Coming Soon', 'Popular TV Shows']) await rowHeading(page, title).waitFor()
      const trending = page.getByRole('region', { name: 'Trending Now' })
      await trending.getByText('The Orbital').first().waitFor()
      // Trending carries a person and an adult title; neither reaches the page.
      expect(await page.getByText('Skin Deep After Dark').count()).toBe(0)
      expect(await page.getByText('Mara Quillon').count()).toBe(0)
      // Upcoming keeps only what is still to come; the fake dates its films relative to today.
      await inRow(page, 'Coming Soon', 'Signal Lost')
    },
  },
  {
    name: 'movies',
    path: '/movies',
    async check(page) {
      for (const title of ['Popular Movies', 'Top Rated Movies', 'Thriller']) await rowHeading(page, title).waitFor()
      await inRow(page, 'Top Rated Movies', 'Ledger of Ash')
    },
  },
  {
    name: 'tv-shows',
    path: '/tv-shows',
    async check(page) {
      await rowHeading(page, 'K-Drama').waitFor()
      await inRow(page, 'K-Drama', 'Spring Letters')
    },
  },
  {
    name: 'kids',
    path: '/kids',
    async check(page) {
      await page.getByRole('heading', { level: 1, name: 'Kids' }).waitFor()
      // Every slide carries its own children's rating (US: G or PG), never a made-up one.
      const slides = page.getByRole('region', { name: 'Featured for kids' }).locator('[aria-roledescription="slide"]')
      await slides.first().waitFor({ state: 'attached' })
      // Slides after the first are drawn shortly before they show: the drawn ones on the page, all five in its data.
      const drawn = await slides.evaluateAll((all) => all.filter((slide) => slide.querySelector('h2')).map((slide) => slide.querySelector('p span.rounded.border')?.textContent ?? null))
      expect(drawn.length).toBeGreaterThan(0)
      for (const rating of drawn) expect(['G', 'PG']).toContain(rating)
      const kids = (await (await page.request.get(`${siteUrl}/api/catalog/pages/kids`)).json()) as { hero: Array<{ certification: string | null }> }
      expect(kids.hero.map((h) => h.certification).filter((c) => c !== 'G' && c !== 'PG')).toEqual([])
      await inRow(page, 'Family', 'Paper Comets')
      // TMDB files it under Kids, but it is rated TV-MA: checked one by one, it is left out.
      await inRow(page, 'Educational TV', 'Why Is the Sky?')
      expect(await page.getByText('Late Night Puppet Club').count()).toBe(0)
    },
  },
  {
    name: 'genre-action',
    path: '/genre/28',
    async check(page) {
      await page.getByRole('heading', { level: 1, name: 'Action' }).waitFor()
      await page.getByText('Iron Meridian').first().waitFor()
    },
  },
  {
    name: 'search',
    path: '/search?q=lantern',
    async check(page) {
      const top = page.getByRole('region', { name: 'Top Results' })
      await top.waitFor()
      await top.getByText('The Lantern Keepers').waitFor()
    },
  },
  {
    name: 'movie',
    path: '/movie/70001',
    async check(page) {
      await page.getByRole('heading', { level: 1, name: 'The Lantern Keepers' }).waitFor()
      await page.getByText('2h 8m').first().waitFor()
      await page.getByText('7.9').first().waitFor()
      // Its US theatrical rating, not the empty one of its premiere.
      expect(await page.locator('header p span.rounded.border').first().textContent()).toBe('PG')
      // Where to Watch from TMDB's watch providers, by region, linking out, JustWatch credited.
      const watch = page.getByRole('region', { name: 'Where to Watch' })
      await watch.scrollIntoViewIfNeeded()
      await watch.getByRole('link', { name: 'Google Play Movies (opens in a new tab)' }).first().waitFor()
      expect(await watch.getByRole('link', { name: 'JustWatch' }).count()).toBe(1)
      // Each service's logo from TMDB's image host, at a size /configuration lists.
      expect(await watch.locator('img').first().getAttribute('src')).toMatch(new RegExp(`^${fakeUrl}/t/p/w45/`))
      const region = watch.getByRole('combobox', { name: 'Region' })
      expect(await region.inputValue()).toBe('US')
      const streamUs = await watch.locator('ul').first().innerText()
      await region.selectOption('GB')
      await watch.getByText('Availability in United Kingdom from').waitFor()
      expect(await watch.locator('ul').first().innerText()).not.toBe(streamUs)
      await region.selectOption('US')
      await watch.getByText('Availability in United States from').waitFor()
    },
  },
  {
    name: 'movie-bare',
    path: '/movie/70008',
    async check(page) {
      // No poster, backdrop, runtime, overview, votes or credits: the page still stands.
      await page.getByRole('heading', { level: 1, name: 'Stellar Drift' }).waitFor()
      expect(await page.getByText(/\d+h \d+m/).count()).toBe(0)
    },
  },
  {
    name: 'tv',
    path: '/tv/80002',
    async check(page) {
      await page.getByRole('heading', { level: 1, name: 'The Orbital' }).waitFor()
      expect(await page.locator('header p span.rounded.border').first().textContent()).toBe('TV-MA')
      const seasons = page.getByRole('tablist', { name: 'Seasons' })
      await seasons.waitFor()
      await page.getByText('1. Chapter 1', { exact: true }).first().waitFor()
      await chooseSeason(page, 2)
      await page.getByText('Episode 1 of season 2', { exact: false }).first().waitFor()
      await chooseSeason(page, 3)
      await page.getByText('No episodes in this season.').waitFor()
      expect(await seasons.innerText()).not.toMatch(/\b0 episodes/)
    },
  },
  {
    name: 'tv-older',
    path: '/tv/80008',
    async check(page) {
      // An older answer: no episode counts, no runtime but its episodes'.
      await page.getByRole('heading', { level: 1, name: 'The Circuit Breakers' }).waitFor()
      await page.locator('header').getByText('26m').first().waitFor()
      const seasons = page.getByRole('tablist', { name: 'Seasons' })
      // the season's own answer counts its episodes
      await seasons.getByRole('tab', { name: 'Season 1, 8 episodes' }).waitFor()
      expect(await seasons.innerText()).not.toMatch(/\b0 episodes/)
    },
  },
  {
    name: 'top-imdb',
    path: '/top-imdb',
    async check(page) {
      await page.getByRole('heading', { level: 1, name: 'Top IMDB' }).waitFor()
      const movies = page.getByRole('list', { name: 'Top rated movies' })
      await movies.waitFor()
      expect(await movies.locator('li').first().innerText()).toContain('Ledger of Ash')
    },
  },
]

/** A page at this width that records console errors, CSP refusals and images that failed. */
async function openRecorded(viewport: ViewportName) {
  const { context, page } = await newPage(browser(), siteUrl, viewport)
  await dismissCookieBanner(context, siteUrl)
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text())
  })
  page.on('response', (res) => {
    if (res.request().resourceType() === 'image' && res.status() >= 400) problems.push(`${res.status()} ${res.url()}`)
  })
  page.on('requestfailed', (req) => {
    // Images still loading when the journey moves on are aborted by the navigation, not refused.
    const error = req.failure()?.errorText ?? ''
    if (req.resourceType() === 'image' && error !== 'net::ERR_ABORTED') problems.push(`failed ${req.url()} ${error}`)
  })
  return { context, page, problems }
}

/** Every image in view has loaded; those of the catalogue came from the fake's image host. */
async function expectImagesLoaded(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined)
  const images = await page.locator('main img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).filter((img) => img.getBoundingClientRect().top < innerHeight && img.complete).map((img) => ({ src: img.currentSrc, width: img.naturalWidth })),
  )
  const catalogue = images.filter((img) => img.src.startsWith(`${fakeUrl}/t/p/`))
  expect(catalogue.length).toBeGreaterThan(0)
  expect(catalogue.filter((img) => img.width === 0)).toEqual([])
}

/** A full-page screenshot with the lazily drawn rows and images in: walk down the page, then back up. */
async function fullScreenshot(page: Page, path: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => scrollTo(0, top), y)
    await page.waitForTimeout(60)
  }
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.evaluate(() => scrollTo(0, 0))
  await page.screenshot({ path, fullPage: true })
}

describe('the site on TMDB-shaped answers', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: every page of the journey renders, with images from the configured host`, async () => {
      const { context, page, problems } = await openRecorded(viewport)
      for (const visit of VISITS) {
        await page.goto(visit.path)
        await visit.check(page)
        if (visit.name !== 'movie-bare') await expectImagesLoaded(page)
        const file = join(shots, `tmdb-${visit.name}-${viewport === 'phone' ? 390 : 1440}.png`)
        // Home runs to many screens: its first screen, and Browse by Title further down.
        if (visit.name === 'home') {
          await page.screenshot({ path: file })
          await page.getByRole('group', { name: 'First letter' }).scrollIntoViewIfNeeded()
          await page.waitForLoadState('networkidle').catch(() => undefined)
          await page.screenshot({ path: file.replace('home', 'home-browse') })
        } else {
          await fullScreenshot(page, file)
        }
      }
      expect(problems).toEqual([])
      await context.close()
    }, 240_000)
  }

  it('a person found by search shows under People with what she is known for, not as a title, and her titles fill Top Results', async () => {
    const { context, page } = await openRecorded('desktop')
    await page.goto('/search?q=quillon')
    const person = page.getByRole('region', { name: 'People' }).getByRole('listitem').filter({ hasText: 'Mara Quillon' }).first()
    await person.getByText('Acting').waitFor()
    expect(await person.getByRole('link', { name: 'Iron Meridian' }).getAttribute('href')).toBe('/movie/70002')
    // No title is named so: Top Results lists what she is known for, and no card of her.
    const top = page.getByRole('region', { name: 'Top Results' })
    await top.locator('a[href="/movie/70002"]').first().waitFor()
    expect(await top.getByText('Mara Quillon').count()).toBe(0)
    expect(await page.getByText('No results found').count()).toBe(0)
    // Her page: TMDB's photo, biography and combined credits.
    await person.getByRole('link', { name: 'Mara Quillon' }).click()
    await page.getByRole('heading', { level: 1, name: 'Mara Quillon' }).waitFor()
    await page.getByRole('heading', { name: 'Biography' }).waitFor()
    expect(await page.getByTestId('filmography').getByRole('link', { name: /Iron Meridian/ }).first().getAttribute('href')).toBe('/movie/70002')
    await context.close()
  }, 60_000)
})

describe('TMDB failing', () => {
  it('a 429 is waited out; 5xx, slow and rate-limited answers reach the visitor as SPEC\'s states', async () => {
    const { context, page } = await openRecorded('desktop')
    await page.goto('/movie/990430')
    await page.getByRole('heading', { level: 1, name: 'Title 990430' }).waitFor()
    for (const id of [990500, 990503, 990504, 990429]) {
      await page.goto(`/movie/${id}`)
      await page.getByText('The movie could not be loaded.').waitFor({ timeout: 40_000 })
      expect(await page.getByRole('heading', { level: 1, name: 'Movie not found' }).isVisible()).toBe(true)
    }
    await page.goto('/search?q=fake500')
    await page.getByText('An error occurred while searching. Please try again.').waitFor({ timeout: 20_000 })
    await context.close()
  }, 180_000)
})

describe('with TMDB gone', () => {
  it('pages seen before render from the stale cache; new ones show SPEC\'s not-found or error states', async () => {
    // Warm every page (the journey above did, but this test stands on its own).
    const warm = await openRecorded('desktop')
    for (const visit of VISITS) {
      await warm.page.goto(visit.path)
      await visit.check(warm.page)
    }
    await warm.context.close()

    await stopSite?.()
    const aged = await ageCatalogCache(2 * 24 * 3600 * 1000)
    expect(aged).toBeGreaterThan(20)
    await fake?.close()
    fake = undefined
    stopSite = await startSite(fakeUrl)

    const { context, page } = await openRecorded('desktop')
    for (const visit of VISITS) {
      await page.goto(visit.path)
      await visit.check(page)
    }
    await page.screenshot({ path: join(shots, 'tmdb-offline-top-imdb-1440.png') })

    const fresh: Array<[string, string[]]> = [
      ['/movie/70017', ['Movie not found', 'The movie could not be loaded.']],
      ['/tv/80012', ['TV Show not found', 'The show could not be loaded.']],
      ['/search?q=harbor', ['An error occurred while searching. Please try again.']],
      ['/genre/37', ['Popular movies could not be loaded.', 'Popular TV shows could not be loaded.']],
    ]
    for (const [path, texts] of fresh) {
      await page.goto(path)
      for (const text of texts) await page.getByText(text).first().waitFor({ timeout: 20_000 })
      expect((await page.locator('main').innerText()).trim().length, path).toBeGreaterThan(0)
      await page.screenshot({ path: join(shots, `tmdb-offline${path.replace(/[/?=]/g, '-')}-1440.png`) })
    }
    await context.close()
  }, 300_000)
})
