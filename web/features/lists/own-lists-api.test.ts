import { describe, expect, it } from 'vitest'
import { moved } from './own-lists-api'

describe('moved', () => {
  it('moves an item one place earlier or later and leaves the rest in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 2, -1)).toEqual(['a', 'c', 'b', 'd'])
    expect(moved(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd'])
  })

  it('keeps the order at either end, and never changes the list it was given', () => {
    const items = ['a', 'b', 'c']
    expect(moved(items, 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moved(items, 2, 1)).toEqual(['a', 'b', 'c'])
    expect(moved(items, 1, 1)).not.toBe(items)
    expect(items).toEqual(['a', 'b', 'c'])
  })
})
