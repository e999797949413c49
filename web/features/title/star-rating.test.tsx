import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../test-api'
import { StarRating } from './star-rating'
import { TitleRating } from './title-rating'

function Rated({ initial = null, onChange }: { initial?: number | null; onChange?: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial)
  return (
    <StarRating
      value={value}
      onChange={(next) => {
        setValue(next)
        onChange?.(next)
      }}
    />
  )
}

const group = () => screen.getByRole('radiogroup')
const radio = (name: string) => screen.getByRole('radio', { name })
const checked = () => screen.queryAllByRole('radio').find((r) => r.getAttribute('aria-checked') === 'true')?.getAttribute('aria-label') ?? null

describe('StarRating', () => {
  it('offers ten half stars, says the rating in its name and rates on a press', () => {
    const changes: (number | null)[] = []
    render(<Rated onChange={(v) => changes.push(v)} />)
    expect(group().getAttribute('aria-label')).toBe('Your rating: not rated yet')
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['0.5 stars', '1 star', '1.5 stars', '2 stars', '2.5 stars', '3 stars', '3.5 stars', '4 stars', '4.5 stars', '5 stars'])
    // with no rating, the first half takes the Tab
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0).map((r) => r.getAttribute('aria-label'))).toEqual(['0.5 stars'])

    fireEvent.click(radio('3.5 stars'))
    expect(changes).toEqual([7])
    expect(group().getAttribute('aria-label')).toBe('Your rating: 3.5 of 5 stars')
    expect(checked()).toBe('3.5 stars')
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0).map((r) => r.getAttribute('aria-label'))).toEqual(['3.5 stars'])
    // a press on the rating there already changes nothing
    fireEvent.click(radio('3.5 stars'))
    expect(changes).toEqual([7])
  })

  it('moves by half stars with the arrows, the focus following; Home, End and digits jump; Delete clears', () => {
    const changes: (number | null)[] = []
    render(<Rated initial={7} onChange={(v) => changes.push(v)} />)
    const start = radio('3.5 stars')
    start.focus()
    fireEvent.keyDown(start, { key: 'ArrowRight' })
    expect(checked()).toBe('4 stars')
    expect(document.activeElement).toBe(radio('4 stars'))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' })
    expect(checked()).toBe('3 stars')
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(checked()).toBe('5 stars')
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' })
    expect(checked()).toBe('0.5 stars')
    fireEvent.keyDown(document.activeElement!, { key: '4' })
    expect(checked()).toBe('4 stars')
    fireEvent.keyDown(document.activeElement!, { key: 'Delete' })
    expect(checked()).toBeNull()
    expect(group().getAttribute('aria-label')).toBe('Your rating: not rated yet')
    // each change once, none for a key that changes nothing (ArrowUp at five stars, ArrowLeft at half a star)
    expect(changes).toEqual([8, 7, 6, 10, 1, 8, null])
    // other keys are left to the page
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })
    document.activeElement!.dispatchEvent(tab)
    expect(tab.defaultPrevented).toBe(false)
  })

  it('follows the page’s direction: in Arabic the left arrow gives more', () => {
    render(
      <div dir="rtl">
        <Rated initial={4} />
      </div>,
    )
    fireEvent.keyDown(radio('2 stars'), { key: 'ArrowLeft' })
    expect(checked()).toBe('2.5 stars')
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(checked()).toBe('1.5 stars')
  })
})

describe('TitleRating', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  function renderRating(ratings: { content_type: string; content_id: number; rating: number }[]) {
    const calls = stubApi((url, request) => {
      if (request.method === 'GET' && url.pathname === '/api/me/ratings') return Response.json({ results: ratings })
      if (request.method === 'PUT') return Response.json({ rating: {} })
      if (request.method === 'DELETE') return Response.json({ removed: true })
      return Response.json({ error: 'Not found' }, { status: 404 })
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <TitleRating type="movie" id={155} />
      </QueryClientProvider>,
    )
    return { calls, client }
  }

  it('shows the viewer’s rating, saves a change once the arrows stop, and removes it with the focus back on the stars', async () => {
    const { calls, client } = renderRating([{ content_type: 'movie', content_id: 155, rating: 7 }])
    await waitFor(() => expect(group().getAttribute('aria-label')).toBe('Your rating: 3.5 of 5 stars'))
    expect(screen.getByTestId('title-rating').textContent).toContain('3.5')

    vi.useFakeTimers()
    fireEvent.keyDown(radio('3.5 stars'), { key: 'ArrowRight' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    // every card shows the new rating at once
    expect(client.getQueryData(['me', 'ratings'])).toEqual({ 'movie:155': 10 })
    await act(() => vi.advanceTimersByTimeAsync(600))
    vi.useRealTimers()
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'PUT', path: '/api/me/ratings/movie/155', body: { rating: 10 } }])
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Rating saved'))

    fireEvent.click(screen.getByRole('button', { name: 'Remove rating' }))
    expect(group().getAttribute('aria-label')).toBe('Your rating: not rated yet')
    expect(screen.queryByRole('button', { name: 'Remove rating' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(radio('0.5 stars')))
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'DELETE', path: '/api/me/ratings/movie/155', body: undefined }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Rating removed'))
    expect(client.getQueryData(['me', 'ratings'])).toEqual({})
  })
})
