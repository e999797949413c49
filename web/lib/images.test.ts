import { describe, expect, it } from 'vitest'
import { DEFAULT_IMAGE_SIZES, imageSource, sizeFor } from '../../worker/catalog/image-sizes'
import { imageAddress } from './images'

const TMDB = 'https://image.tmdb.org/t/p'

describe('image sizes from /configuration', () => {
  it('takes the nearest listed size at or above the width needed, never one TMDB does not list', () => {
    expect(sizeFor(DEFAULT_IMAGE_SIZES.poster, 'poster', 240)).toBe('w342')
    expect(sizeFor(DEFAULT_IMAGE_SIZES.poster, 'poster', 342)).toBe('w342')
    // A cast photo 96 px wide: w185, not the unlisted w200.
    expect(sizeFor(DEFAULT_IMAGE_SIZES.profile, 'profile', 96)).toBe('w185')
    // h632 is a height: a 2:3 portrait 421 px wide.
    expect(sizeFor(DEFAULT_IMAGE_SIZES.profile, 'profile', 300)).toBe('h632')
    // Wider than anything listed: the widest listed size, not original.
    expect(sizeFor(DEFAULT_IMAGE_SIZES.backdrop, 'backdrop', 3000)).toBe('w1280')
    expect(sizeFor(['original'], 'backdrop', 300)).toBe('original')
  })

  it('gives a srcset of every listed width, so a phone never loads the original backdrop', () => {
    const hero = imageSource(TMDB, DEFAULT_IMAGE_SIZES, '/b.jpg', 'backdrop', 1280)
    expect(hero.src).toBe(`${TMDB}/w1280/b.jpg`)
    expect(hero.srcSet).toBe(`${TMDB}/w300/b.jpg 300w, ${TMDB}/w780/b.jpg 780w, ${TMDB}/w1280/b.jpg 1280w`)
    expect(hero.srcSet).not.toContain('original')
    const custom = imageSource(TMDB, { ...DEFAULT_IMAGE_SIZES, poster: ['w200', 'w400', 'original'] }, 'p.jpg', 'poster', 240)
    expect(custom).toEqual({ src: `${TMDB}/w400/p.jpg`, srcSet: `${TMDB}/w200/p.jpg 200w, ${TMDB}/w400/p.jpg 400w` })
  })

  it('keeps the embedded catalogue’s drawn images at the sizes its artwork route takes, without a srcset', () => {
    expect(imageSource('/api/img/a1', null, '/movie/5/poster.svg', 'poster', 240)).toEqual({ src: '/api/img/a1/w500/movie/5/poster.svg' })
    expect(imageSource('/api/img/a1', null, '/movie/5/backdrop.svg', 'backdrop', 1280)).toEqual({ src: '/api/img/a1/original/movie/5/backdrop.svg' })
    expect(imageSource('/api/img/a1', null, '/person/5.svg', 'profile', 96)).toEqual({ src: '/api/img/a1/w200/person/5.svg' })
  })
})

describe('imageAddress', () => {
  it('puts a provider path after the image host and size', () => {
    expect(imageAddress('/abc123.jpg', 'poster', 500, TMDB, { ...DEFAULT_IMAGE_SIZES, poster: ['w500'] })?.src).toBe(`${TMDB}/w500/abc123.jpg`)
    expect(imageAddress('/poster/season/1399/2.svg', 'poster', 240, '/api/img/a2', null)?.src).toBe('/api/img/a2/w500/poster/season/1399/2.svg')
  })

  it.each([
    '/../../../../api/me/export.json',
    '/poster/../../api/me/export.json',
    '/%2e%2e/api/me/export.json',
    '/a.jpg?x=1',
    '/a.jpg#x',
    '//evil.example/a.jpg',
    'https://evil.example/a.jpg',
    'a.jpg',
    '/a.json',
    '/a\\\\b.jpg',
  ])('gives %s no address', (path) => {
    expect(imageAddress(path, 'poster', 240, '/api/img', null)).toBeNull()
    expect(imageAddress(path, 'poster', 240, TMDB, DEFAULT_IMAGE_SIZES)).toBeNull()
  })
})
