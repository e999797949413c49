import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TitleShareButton } from './share-buttons'

afterEach(() => {
  vi.restoreAllMocks()
  delete (navigator as { share?: unknown }).share
})

/** Presses Share; the sheet's code comes with the first press. */
function openSheet(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Share' }))
  return screen.findByRole('dialog', { name: 'Share' })
}

describe('TitleShareButton', () => {
  it('is one button until pressed; its sheet opens each of the six networks in a 600x400 pop-up with the share link and title', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    render(<TitleShareButton type="movie" id={155} title="The Dark Knight" />)
    expect(screen.queryByRole('button', { name: /^Share on / })).toBeNull()
    expect(screen.getByRole('button', { name: 'Share' }).getAttribute('aria-haspopup')).toBe('dialog')
    const link = `${window.location.origin}/share/movie/155`
    for (const name of ['Facebook', 'X (Twitter)', 'WhatsApp', 'Telegram', 'Reddit', 'LinkedIn']) {
      fireEvent.click(within(await openSheet()).getByRole('button', { name: `Share on ${name}` }))
      // Choosing a network closes the sheet.
      expect(screen.queryByRole('dialog')).toBeNull()
    }
    expect(open).toHaveBeenCalledTimes(6)
    for (const [url, , features] of open.mock.calls) {
      expect(decodeURIComponent(String(url))).toContain(link)
      expect(features).toContain('width=600,height=400')
    }
    expect(decodeURIComponent(String(open.mock.calls[1]![0]))).toContain('The Dark Knight')
  })

  it('shows and copies the link, and offers the device’s share sheet only where the browser has one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { unmount } = render(<TitleShareButton type="tv" id={1399} title="Game of Thrones" />)
    const sheet = await openSheet()
    expect(within(sheet).getByText('Game of Thrones')).toBeTruthy()
    expect((within(sheet).getByRole('textbox', { name: 'Link to share' }) as HTMLInputElement).value).toBe(`${window.location.origin}/share/tv/1399`)
    expect(within(sheet).queryByRole('button', { name: 'Share…' })).toBeNull()
    fireEvent.click(within(sheet).getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/tv/1399`))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    unmount()

    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    render(<TitleShareButton type="tv" id={1399} title="Game of Thrones" />)
    fireEvent.click(within(await openSheet()).getByRole('button', { name: 'Share…' }))
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Game of Thrones', url: `${window.location.origin}/share/tv/1399` }))
  })

  it('closes with its Close button and gives the focus back to Share', async () => {
    render(<TitleShareButton type="movie" id={155} title="The Dark Knight" />)
    const button = screen.getByRole('button', { name: 'Share' })
    button.focus()
    fireEvent.click(within(await openSheet()).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it("shares a show's episode: the link opens it and the networks are told which one", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<TitleShareButton type="tv" id={1399} title="Game of Thrones" episode={{ season: 2, episode: 3 }} />)
    fireEvent.click(within(await openSheet()).getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/tv/1399?season=2&episode=3`))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(within(await openSheet()).getByRole('button', { name: 'Share on X (Twitter)' }))
    const url = new URL(String(open.mock.calls[0]![0]))
    expect(url.searchParams.get('url')).toBe(`${window.location.origin}/share/tv/1399?season=2&episode=3`)
    expect(url.searchParams.get('text')).toBe('Game of Thrones S2 E3')
  })
})
