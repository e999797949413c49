// Share cards in every script the site is written in: Arabic (joined, right to left), Devanagari,
// Japanese, Korean and Chinese are set in Noto Sans pieces read from the build's static assets
// (dist/og-fonts, written by scripts/card-script-fonts.mjs), only the pieces a card needs, and a
// character no font has is drawn as "?" and logged, never left out.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listCardSvg } from '../og/card'
import { svgToPng } from '../og/render'
import { typesetterFor } from '../og/typeset'

vi.setConfig({ testTimeout: 60_000 })

afterEach(() => {
  vi.restoreAllMocks()
})

/** The static assets, counting what is fetched from them. */
function countedAssets() {
  const asked: string[] = []
  const assets = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
      return env.ASSETS.fetch(input as Request, init)
    },
  } as Fetcher
  return { assets, asked }
}

/** Every run of a card's text: its font and its words. */
function runs(svg: string): Array<{ family: string; text: string; x: number; y: number }> {
  return [...svg.matchAll(/<text x="(\d+)" y="(\d+)" font-family="([^"]+)" [^>]*xml:space="preserve">([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), family: m[3]!, text: m[4]! }))
}

const ARABIC = 'سهرة الأفلام'
const HINDI = 'फ़िल्मों की रात'
const JAPANESE = '映画の夜'
const NAME = `${ARABIC} ${HINDI} ${JAPANESE}`

describe('a list card in Arabic, Hindi and Japanese', () => {
  it('sets every word in a font that has it, fetching only those pieces, and renders them', async () => {
    const { assets, asked } = countedAssets()
    const line = '3 عناوين · قائمة من mara'
    const ts = await typesetterFor(assets, [NAME, line], 'ar')
    const svg = await listCardSvg([], { name: NAME, line }, 'Reelhouse', ts)
    const set = runs(svg)
    const text = (family: RegExp) => set.filter((r) => family.test(r.family)).map((r) => r.text).join(' ')
    // Arabic words whole, so they are joined; Devanagari words whole, so their conjuncts form.
    expect(text(/^Card arabic-/)).toContain('سهرة')
    expect(text(/^Card arabic-/)).toContain('الأفلام')
    expect(text(/^Card devanagari-/)).toContain('फ़िल्मों')
    expect(set.filter((r) => /^Card jp-/.test(r.family)).map((r) => r.text).join('')).toBe(JAPANESE)
    expect(set.some((r) => r.text.includes('?'))).toBe(false)
    // Only the manifest and the pieces these words are in: no Korean, no Chinese.
    expect(asked[0]).toBe('/og-fonts/manifest.json')
    expect(asked.some((p) => /\/og-fonts\/(kr|sc)-/.test(p))).toBe(false)
    expect(asked.filter((p) => p.endsWith('.ttf')).every((p) => /\/og-fonts\/(arabic|devanagari|jp)-[\w-]+-(400|700)\.ttf$/.test(p))).toBe(true)
    const png = new Uint8Array(await svgToPng(svg, ts.fonts.buffers))
    expect([...png.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('reads an Arabic line right to left: its first word furthest right, a Latin name kept in its own order', async () => {
    const line = 'قائمة من mara'
    const ts = await typesetterFor(env.ASSETS, [ARABIC, line], 'ar')
    const svg = await listCardSvg([], { name: ARABIC, line }, 'Reelhouse', ts)
    const name = runs(svg).filter((r) => r.family.startsWith('Card arabic-') && r.y !== 950)
    // سهرة is read first, so it stands right of الأفلام.
    expect(name.find((r) => r.text === 'سهرة')!.x).toBeGreaterThan(name.find((r) => r.text === 'الأفلام')!.x)
    const words = runs(svg).filter((r) => r.y === 950)
    expect(words.find((r) => r.text === 'قائمة')!.x).toBeGreaterThan(words.find((r) => r.text === 'من')!.x)
    expect(words.find((r) => r.text === 'من')!.x).toBeGreaterThan(words.find((r) => r.text === 'mara')!.x)
  })

  it('breaks a Japanese name with no spaces between its words, and Korean and Chinese come from their own fonts', async () => {
    const ts = await typesetterFor(env.ASSETS, ['영화의 밤', '电影之夜'], 'zh-CN')
    const korean = runs(await listCardSvg([], { name: '영화의 밤', line: '电影之夜' }, 'Reelhouse', ts))
    expect(korean.filter((r) => r.family.startsWith('Card kr-')).map((r) => r.text).join(' ')).toBe('영화의 밤')
    expect(korean.filter((r) => r.family.startsWith('Card sc-')).map((r) => r.text).join('')).toBe('电影之夜')
  })

  it('draws a character no font has as "?" and says which', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const name = 'Movie night 𓀀'
    const ts = await typesetterFor(env.ASSETS, [name], 'en')
    const set = runs(await listCardSvg([], { name, line: 'x' }, 'Reelhouse', ts))
    expect(set.map((r) => r.text)).toContain('?')
    expect(JSON.stringify(warn.mock.calls)).toContain('U+13000')
  })

  it('without the fonts in the static assets, says so rather than dropping the words', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const none = { fetch: async () => new Response('not found', { status: 404 }) } as unknown as Fetcher
    const ts = await typesetterFor(none, [JAPANESE], 'ja')
    const set = runs(await listCardSvg([], { name: JAPANESE, line: 'x' }, 'Reelhouse', ts))
    expect(set.filter((r) => r.y !== 950).map((r) => r.text).join('')).toBe('????')
    expect(warn).toHaveBeenCalled()
  })
})
