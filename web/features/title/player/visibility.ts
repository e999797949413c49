/**
 * When the player's controls show. They fade after 3 s of playback with nothing from the viewer,
 * so the picture is left alone, and come back on any pointer movement, tap, key or focus. They
 * stay while the video is paused or ended and while something holds them: a menu or panel open,
 * the pointer over them, the focus in them, a drag on the scrub bar.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export const CONTROLS_FADE_MS = 3000

export function useControlsVisibility(playing: boolean, held: boolean) {
  const [shown, setShown] = useState(true)
  const timer = useRef<number | undefined>(undefined)
  const state = useRef({ playing, held })
  state.current = { playing, held }

  const schedule = useCallback(() => {
    window.clearTimeout(timer.current)
    if (!state.current.playing || state.current.held) return
    timer.current = window.setTimeout(() => setShown(false), CONTROLS_FADE_MS)
  }, [])

  useEffect(() => {
    if (!playing || held) {
      window.clearTimeout(timer.current)
      setShown(true)
    } else {
      schedule()
    }
  }, [playing, held, schedule])

  useEffect(() => () => window.clearTimeout(timer.current), [])

  /** The viewer did something: show the controls, and fade them 3 s later if playing. */
  const wake = useCallback(() => {
    setShown(true)
    schedule()
  }, [schedule])

  /** Put the controls away now (a tap on the picture while they show), unless something holds them. */
  const hide = useCallback(() => {
    if (!state.current.playing || state.current.held) return
    window.clearTimeout(timer.current)
    setShown(false)
  }, [])

  return { visible: shown || !playing || held, wake, hide }
}
