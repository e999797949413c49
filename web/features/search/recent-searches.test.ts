import { act, renderHook } from '@testing-library/react'
import fc from 'fast-check'
import { Provider, createStore } from 'jotai'
import { createElement, type ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { RECENT_SEARCHES_MAX, useRecentSearches, withRecentSearch } from './recent-searches'

describe('withRecentSearch', () => {
  it('puts the committed term first and drops a duplicate that differs only in case', () => {
    expect(withRecentSearch(['alien', 'Heat', 'up'], 'HEAT')).toEqual(['HEAT', 'alien', 'up'])
  })

  it('keeps at most 5, newest first', () => {
    let list: string[] = []
    for (const term of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6']) list = withRecentSearch(list, term)
    expect(list).toEqual(['f6', 'e5', 'd4', 'c3', 'b2'])
  })

  it('ignores a term that is blank after trimming and trims the rest', () => {
    expect(withRecentSearch(['x'], '   ')).toEqual(['x'])
    expect(withRecentSearch(['x'], '  heat ')).toEqual(['heat', 'x'])
  })

  it('never holds two entries equal ignoring case, and never more than 5', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 30 }), (terms) => {
        let list: string[] = []
        for (const t of terms) list = withRecentSearch(list, t)
        const lowered = list.map((t) => t.toLowerCase())
        expect(new Set(lowered).size).toBe(list.length)
        expect(list.length).toBeLessThanOrEqual(RECENT_SEARCHES_MAX)
        const last = [...terms].reverse().find((t) => t.trim())
        if (last !== undefined) expect(list[0]).toBe(last.trim())
      }),
    )
  })
})

describe('useRecentSearches', () => {
  beforeEach(() => localStorage.clear())

  it('stores committed terms in localStorage and reads them back in a fresh store', () => {
    const wrap = (store: ReturnType<typeof createStore>) => ({ children }: { children: ReactNode }) => createElement(Provider, { store }, children)
    const first = renderHook(() => useRecentSearches(), { wrapper: wrap(createStore()) })
    act(() => first.result.current.commit('Alien'))
    act(() => first.result.current.commit('heat'))
    act(() => first.result.current.commit('ALIEN'))
    expect(JSON.parse(localStorage.getItem('recent-searches') ?? 'null')).toEqual(['ALIEN', 'heat'])
    const second = renderHook(() => useRecentSearches(), { wrapper: wrap(createStore()) })
    expect(second.result.current.recent).toEqual(['ALIEN', 'heat'])
  })

  it('reads a corrupt stored value as an empty list', () => {
    localStorage.setItem('recent-searches', '{"not":"a list"}')
    const { result } = renderHook(() => useRecentSearches(), { wrapper: ({ children }: { children: ReactNode }) => createElement(Provider, { store: createStore() }, children) })
    expect(result.current.recent).toEqual([])
  })
})
