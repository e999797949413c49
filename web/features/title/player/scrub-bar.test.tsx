import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ScrubBar, tooltipLeft } from './scrub-bar'

function renderBar(frameAt = vi.fn(() => null as null | { src: string; region: { x: number; y: number; w: number; h: number } | null })) {
  const onSeek = vi.fn()
  const onScrubbing = vi.fn()
  const prepare = vi.fn()
  render(<ScrubBar currentTime={30} duration={120} buffered={[[0, 60], [90, 96]]} onSeek={onSeek} onScrubbing={onScrubbing} thumbnails={{ prepare, frameAt }} />)
  const slider = screen.getByRole('slider', { name: 'Playback position' })
  // jsdom lays nothing out: the bar is 200 px wide from x = 100.
  slider.getBoundingClientRect = () => ({ left: 100, top: 0, width: 200, height: 20, right: 300, bottom: 20, x: 100, y: 0, toJSON: () => ({}) })
  return { slider, onSeek, onScrubbing, prepare, frameAt }
}

describe('ScrubBar', () => {
  it('shows the playhead and the buffered ranges, and names the position for screen readers', () => {
    const { slider } = renderBar()
    expect(slider.getAttribute('aria-valuenow')).toBe('30')
    expect(slider.getAttribute('aria-valuemax')).toBe('120')
    expect(slider.getAttribute('aria-valuetext')).toBe('0:30 of 2:00')
    expect(slider.getAttribute('dir')).toBe('ltr')
    expect(screen.getByTestId('scrub-played').style.width).toBe('25%')
    expect(screen.getAllByTestId('scrub-buffered').map((el) => [el.style.left, el.style.width])).toEqual([
      ['0%', '50%'],
      ['75%', '5%'],
    ])
  })

  it('previews a drag as it goes and seeks once, where it is let go', () => {
    const { slider, onSeek, onScrubbing, prepare } = renderBar()
    fireEvent.pointerDown(slider, { clientX: 150, pointerId: 1, pointerType: 'touch' })
    expect(onScrubbing).toHaveBeenLastCalledWith(true)
    expect(prepare).toHaveBeenCalled()
    fireEvent.pointerMove(slider, { clientX: 200, pointerId: 1, pointerType: 'touch' })
    expect(slider.getAttribute('aria-valuenow')).toBe('60')
    expect(screen.getByTestId('scrub-tooltip').textContent).toBe('1:00')
    expect(onSeek).not.toHaveBeenCalled()
    fireEvent.pointerUp(slider, { clientX: 250, pointerId: 1, pointerType: 'touch' })
    expect(onSeek).toHaveBeenCalledTimes(1)
    expect(onSeek).toHaveBeenCalledWith(90)
    expect(onScrubbing).toHaveBeenLastCalledWith(false)
    expect(screen.queryByTestId('scrub-tooltip')).toBeNull()
  })

  it('keeps a drag past either end within the video', () => {
    const { slider, onSeek } = renderBar()
    fireEvent.pointerDown(slider, { clientX: 150, pointerId: 1, pointerType: 'mouse', button: 0 })
    fireEvent.pointerUp(slider, { clientX: 900, pointerId: 1, pointerType: 'mouse', button: 0 })
    expect(onSeek).toHaveBeenLastCalledWith(120)
    fireEvent.pointerDown(slider, { clientX: 150, pointerId: 2, pointerType: 'mouse', button: 0 })
    fireEvent.pointerUp(slider, { clientX: -40, pointerId: 2, pointerType: 'mouse', button: 0 })
    expect(onSeek).toHaveBeenLastCalledWith(0)
  })

  it('shows the time and the thumbnail under a hovering pointer, cut from its sprite', () => {
    const frameAt = vi.fn(() => ({ src: 'blob:sprite', region: { x: 320, y: 90, w: 160, h: 90 } }))
    const { slider, prepare } = renderBar(frameAt)
    fireEvent.pointerMove(slider, { clientX: 120, pointerType: 'mouse' })
    expect(prepare).toHaveBeenCalled()
    expect(frameAt).toHaveBeenLastCalledWith(12)
    expect(screen.getByTestId('scrub-tooltip').textContent).toBe('0:12')
    const image = screen.getByTestId('scrub-preview').querySelector('img')!
    expect(image.getAttribute('src')).toBe('blob:sprite')
    expect(image.style.transform).toBe('scale(1) translate(-320px, -90px)')
    fireEvent.pointerLeave(slider, { pointerType: 'mouse' })
    expect(screen.queryByTestId('scrub-tooltip')).toBeNull()
  })

  it('goes to the start and the end with Home and End', () => {
    const { slider, onSeek } = renderBar()
    fireEvent.keyDown(slider, { key: 'End' })
    expect(onSeek).toHaveBeenLastCalledWith(120)
    fireEvent.keyDown(slider, { key: 'Home' })
    expect(onSeek).toHaveBeenLastCalledWith(0)
  })
})

describe('tooltipLeft', () => {
  it('keeps the tooltip inside the bar', () => {
    expect(tooltipLeft(10, 300, 160)).toBe(80)
    expect(tooltipLeft(150, 300, 160)).toBe(150)
    expect(tooltipLeft(295, 300, 160)).toBe(220)
    expect(tooltipLeft(50, 100, 160)).toBe(50)
  })
})
