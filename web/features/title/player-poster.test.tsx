import { fireEvent, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PlayerPoster, type PosterArt } from './player-poster'

function renderPoster(art: PosterArt, more: { resumeAt?: number; onIntent?: () => void; onPlay?: () => void } = {}) {
  return render(
    <Provider store={createStore()}>
      <PlayerPoster art={art} label="Play S1 E3" resumeAt={more.resumeAt ?? 0} onIntent={more.onIntent ?? (() => {})} onPlay={more.onPlay ?? (() => {})} />
    </Provider>,
  )
}

const shownImages = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))

describe('PlayerPoster', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })))))
  afterEach(() => vi.unstubAllGlobals())

  it('shows the backdrop, falls back to the poster, then to a plain frame', () => {
    renderPoster({ backdropPath: '/b.svg', posterPath: '/p.svg' })
    expect(shownImages()).toEqual(['/api/img/original/b.svg'])
    fireEvent.error(document.querySelector('img')!)
    // The poster stands whole over a blurred copy of itself.
    expect(shownImages()).toEqual(['/api/img/w500/p.svg', '/api/img/w500/p.svg'])
    fireEvent.error(document.querySelectorAll('img')[1]!)
    expect(shownImages()).toEqual([])
    expect(screen.getByRole('button', { name: 'Play S1 E3' })).toBeTruthy()
  })

  it('starts on the poster when there is no backdrop', () => {
    renderPoster({ backdropPath: null, posterPath: '/p.svg' })
    expect(shownImages()[0]).toBe('/api/img/w500/p.svg')
  })

  it('says where playback resumes, and reports intent and the press', () => {
    const onIntent = vi.fn()
    const onPlay = vi.fn()
    renderPoster({ backdropPath: null, posterPath: null }, { resumeAt: 3723, onIntent, onPlay })
    const button = screen.getByRole('button', { name: 'Play S1 E3, Resume from 1:02:03' })
    expect(button.textContent).toBe('Play S1 E3Resume from 1:02:03')
    fireEvent.pointerEnter(button)
    fireEvent.focus(button)
    expect(onIntent).toHaveBeenCalledTimes(2)
    expect(onPlay).not.toHaveBeenCalled()
    fireEvent.click(button)
    expect(onPlay).toHaveBeenCalledTimes(1)
  })
})
