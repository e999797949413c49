// Which arrows a scroll row shows, left to right and right to left (where Chromium's scrollLeft
// runs from 0 at the start, on the right, to negative values toward the end, on the left).
import { describe, expect, it } from 'vitest'
import { scrollArrowsOf } from './use-scroll-arrows'

const strip = (scrollLeft: number) => ({ scrollLeft, scrollWidth: 1000, clientWidth: 400 })

describe('scrollArrowsOf', () => {
  it('left to right: at the start only right (the end), in the middle both, at the end only left', () => {
    expect(scrollArrowsOf(strip(0), false)).toEqual({ left: false, right: true, start: false, end: true })
    expect(scrollArrowsOf(strip(300), false)).toEqual({ left: true, right: true, start: true, end: true })
    expect(scrollArrowsOf(strip(600), false)).toEqual({ left: true, right: false, start: true, end: false })
  })

  it('right to left: at the start only left (the end), in the middle both, at the end only right', () => {
    expect(scrollArrowsOf(strip(0), true)).toEqual({ left: true, right: false, start: false, end: true })
    expect(scrollArrowsOf(strip(-300), true)).toEqual({ left: true, right: true, start: true, end: true })
    expect(scrollArrowsOf(strip(-600), true)).toEqual({ left: false, right: true, start: true, end: false })
  })

  it('shows none when everything fits', () => {
    expect(scrollArrowsOf({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 }, false)).toEqual({ left: false, right: false, start: false, end: false })
    expect(scrollArrowsOf({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 }, true)).toEqual({ left: false, right: false, start: false, end: false })
  })
})
