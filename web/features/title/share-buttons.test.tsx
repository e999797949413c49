import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShareButtons } from './share-buttons'

afterEach(() => {
  vi.restoreAllMocks()
  delete (navigator as { share?: unknown }).share
})

describe('ShareButtons', () => {
  it('opens each of the six networks in a 600x400 pop-up with the share link and title', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    render(<ShareButtons type="movie" id={155} title="The Dark Knight" />)
    const link = `${window.location.origin}/share/movie/155`
    for (const name of ['Facebook', 'X (Twitter)', 'WhatsApp', 'Telegram', 'Reddit', 'LinkedIn']) {
      fireEvent.click(screen.getByRole('button', { name: `Share on ${name}` }))
    }
    expect(open).toHaveBeenCalledTimes(6)
    for (const [url, , features] of open.mock.calls) {
      expect(decodeURIComponent(String(url))).toContain(link)
      expect(features).toContain('width=600,height=400')
    }
    expect(decodeURIComponent(String(open.mock.calls[1]![0]))).toContain('The Dark Knight')
  })

  it('copies the link, and offers the system share sheet only where the browser has one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { unmount } = render(<ShareButtons type="tv" id={1399} title="Game of Thrones" />)
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/tv/1399`))
    unmount()

    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    render(<ShareButtons type="tv" id={1399} title="Game of Thrones" />)
    fireEvent.click(screen.getByRole('button', { name: 'Share…' }))
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Game of Thrones', url: `${window.location.origin}/share/tv/1399` }))
  })

  it("shares a show's episode: the link opens it and the networks are told which one", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<ShareButtons type="tv" id={1399} title="Game of Thrones" episode={{ season: 2, episode: 3 }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/tv/1399?season=2&episode=3`))
    fireEvent.click(screen.getByRole('button', { name: 'Share on X (Twitter)' }))
    const url = new URL(String(open.mock.calls[0]![0]))
    expect(url.searchParams.get('url')).toBe(`${window.location.origin}/share/tv/1399?season=2&episode=3`)
    expect(url.searchParams.get('text')).toBe('Game of Thrones S2 E3')
  })
})
