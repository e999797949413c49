import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AdBlock, DownloadButtons, downloadQualities, PopupNotice } from './operator-links'

describe('operator links', () => {
  it('render nothing when the operator configured no URL', () => {
    const { container } = render(
      <>
        <DownloadButtons url={null} />
        <AdBlock url={null} />
        <PopupNotice adsOn={false} />
      </>,
    )
    expect(container.innerHTML).toBe('')
  })

  it('offer the four download qualities as sponsored links opening in a new tab', () => {
    render(<DownloadButtons url="https://downloads.example/get" />)
    expect(downloadQualities).toEqual(['4K Ultra HD', '1080p Full HD', '720p HD', '480p'])
    for (const quality of downloadQualities) {
      const link = screen.getByRole('link', { name: quality })
      expect(link.getAttribute('href')).toBe('https://downloads.example/get')
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer sponsored')
    }
    expect(screen.getByText(/downloads\.example, an external site/)).toBeTruthy()
  })

  it('show a 160x300 ad slot and the pop-up notice when ads are on', () => {
    render(
      <>
        <AdBlock url="https://ads.example/banner" />
        <PopupNotice adsOn />
      </>,
    )
    const slot = screen.getByRole('complementary', { name: 'Advertisement' }).querySelector('a')!
    expect(slot.className).toContain('h-[300px]')
    expect(slot.className).toContain('w-[160px]')
    expect(slot.getAttribute('rel')).toBe('noopener noreferrer sponsored')
    expect(screen.getByRole('note').textContent).toMatch(/pop-up/)
  })
})
