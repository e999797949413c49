import { describe, expect, it } from 'vitest'
import { imageUrl } from './images'

describe('imageUrl', () => {
  it('puts a provider path after the image host and size', () => {
    expect(imageUrl('/abc123.jpg', 'w500', 'https://image.tmdb.org/t/p')).toBe('https://image.tmdb.org/t/p/w500/abc123.jpg')
    expect(imageUrl('/poster/season/1399/2.svg', 'w200', '/api/img/a2')).toBe('/api/img/a2/w200/poster/season/1399/2.svg')
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
    expect(imageUrl(path, 'w500', '/api/img')).toBeNull()
  })
})
