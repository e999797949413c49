import { describe, expect, it } from 'vitest'
import { clockTime, resumePosition, WatchProgress } from './progress'

const film = { content_id: 550, content_type: 'movie' as const, title: 'Fight Club', poster_path: '/p.svg' }

function play(progress: WatchProgress, from: number, to: number, duration: number, step = 0.25) {
  for (let t = from; t <= to + 1e-9; t += step) progress.update(t, duration, true)
}

describe('WatchProgress', () => {
  it('counts only seconds actually played, not seeks', () => {
    const p = new WatchProgress(film)
    play(p, 0, 10, 100)
    p.update(60, 100, true) // a seek forward of 50 s
    play(p, 60, 65, 100)
    expect(p.playedSeconds).toBeCloseTo(15, 5)
    expect(p.snapshot()).toMatchObject({ watch_duration: 15, position: 65, total_duration: 100, completed: false })
  })

  it('does not count time while paused, nor the first update after an interruption', () => {
    const p = new WatchProgress(film)
    play(p, 0, 4, 100)
    p.update(4, 100, false)
    p.interrupt()
    p.update(4.25, 100, true)
    expect(p.playedSeconds).toBeCloseTo(4, 5)
  })

  it('adds the seconds of earlier visits', () => {
    const p = new WatchProgress(film, 120)
    play(p, 30, 40, 600)
    expect(p.snapshot().watch_duration).toBe(130)
  })

  it('marks completed past 90% of the duration', () => {
    const p = new WatchProgress(film)
    play(p, 80, 89.75, 100)
    expect(p.snapshot().completed).toBe(false)
    p.update(90, 100, true)
    expect(p.snapshot().completed).toBe(true)
  })

  it('does not complete a show on an episode before its last', () => {
    const p = new WatchProgress({ ...film, content_type: 'tv', season_number: 1, episode_number: 1 }, 0, false)
    play(p, 85, 95, 100)
    p.markEnded()
    expect(p.snapshot()).toMatchObject({ completed: false, watch_duration: 10 })
  })

  it('reports only when something changed', () => {
    const p = new WatchProgress(film)
    expect(p.takeReport()).toBeNull()
    play(p, 0, 3, 100)
    expect(p.takeReport()).toMatchObject({ watch_duration: 3, position: 3 })
    expect(p.takeReport()).toBeNull()
    play(p, 3.25, 5, 100)
    expect(p.takeReport()).toMatchObject({ watch_duration: 5 })
  })

  it('carries season and episode of a show', () => {
    const p = new WatchProgress({ ...film, content_type: 'tv', season_number: 2, episode_number: 4 })
    expect(p.snapshot()).toMatchObject({ content_type: 'tv', season_number: 2, episode_number: 4 })
  })
})

describe('WatchProgress and markers', () => {
  const episode = { content_id: 7, content_type: 'tv' as const, title: 'Harbor Watch', poster_path: null, season_number: 1, episode_number: 2 }

  it('counts a skipped intro as watched, though the jump itself is a seek', () => {
    const p = new WatchProgress(episode)
    play(p, 0, 10, 100)
    p.skipped(10, 40)
    p.update(40, 100, true)
    play(p, 40, 50, 100)
    expect(p.snapshot().watch_duration).toBe(50)
  })

  it('counts reaching the credits as reaching the end, even before 90% of the stream', () => {
    const finale = new WatchProgress(episode)
    finale.setFinishAt(80)
    play(finale, 70, 79, 100)
    expect(finale.snapshot()).toMatchObject({ completed: false, position: 79 })
    play(finale, 79.25, 81, 100)
    expect(finale.snapshot()).toMatchObject({ completed: true, position: 100 })

    // An episode before the last is not completed, but saved at its end, so the show moves on.
    const middle = new WatchProgress(episode, 0, false)
    middle.setFinishAt(80)
    play(middle, 79, 81, 100)
    expect(middle.snapshot()).toMatchObject({ completed: false, position: 100 })
  })
})

describe('resumePosition', () => {
  const entry = { position: 42, total_duration: 100, completed: false, season_number: null, episode_number: null }

  it('resumes a film where it stopped', () => {
    expect(resumePosition(entry)).toBe(42)
  })

  it('starts over when nothing is saved, the title was finished or is nearly finished', () => {
    expect(resumePosition(null)).toBe(0)
    expect(resumePosition({ ...entry, completed: true })).toBe(0)
    expect(resumePosition({ ...entry, position: 95 })).toBe(0)
  })

  it('resumes an episode only when the saved place is that episode', () => {
    const tv = { ...entry, season_number: 2, episode_number: 3 }
    expect(resumePosition(tv, 2, 3)).toBe(42)
    expect(resumePosition(tv, 2, 4)).toBe(0)
    expect(resumePosition(tv, 1, 3)).toBe(0)
  })
})

describe('clockTime', () => {
  it('reads minutes and seconds, and hours only when there are some', () => {
    expect(clockTime(0)).toBe('0:00')
    expect(clockTime(5.9)).toBe('0:05')
    expect(clockTime(754)).toBe('12:34')
    expect(clockTime(3723)).toBe('1:02:03')
    expect(clockTime(36_000)).toBe('10:00:00')
  })

  it('reads a position it cannot place as the start', () => {
    expect(clockTime(-3)).toBe('0:00')
    expect(clockTime(Number.NaN)).toBe('0:00')
  })
})
