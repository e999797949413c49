/**
 * Full screen for our player: the player itself goes full screen, so its controls, captions and
 * Up next come along; where a page element cannot (Safari on an iPhone), the video element's own
 * full screen is used. On a phone it follows the rotation (screen.orientation, where the browser
 * has it): turned sideways while playing, the player fills the screen, and turned upright again it
 * leaves full screen. The Fullscreen standard lets a page go full screen from a rotation the
 * viewer made, as from a press. Pressed while the phone is upright, full screen also turns a wide
 * picture sideways (screen.orientation.lock), where the browser allows it, until it is left.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

export type Orientation = 'portrait' | 'landscape'

/** What a rotation asks of the player: sideways while playing fills the screen, upright leaves it. */
export function rotationAction(orientation: Orientation, state: { playing: boolean; fullscreen: boolean }): 'enter' | 'exit' | null {
  if (orientation === 'landscape' && state.playing && !state.fullscreen) return 'enter'
  if (orientation === 'portrait' && state.fullscreen) return 'exit'
  return null
}

interface LockableOrientation extends ScreenOrientation {
  lock?: (orientation: 'landscape') => Promise<void>
}

interface WebkitVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void
  webkitExitFullscreen?: () => void
  webkitDisplayingFullscreen?: boolean
}

function screenOrientation(): LockableOrientation | null {
  return typeof screen !== 'undefined' && screen.orientation ? (screen.orientation as LockableOrientation) : null
}

export function currentOrientation(): Orientation {
  const type = screenOrientation()?.type
  if (type) return type.startsWith('landscape') ? 'landscape' : 'portrait'
  return window.matchMedia?.('(orientation: landscape)').matches ? 'landscape' : 'portrait'
}

/**
 * Leaves full screen, the page's or the video element's own (`video`, where it is known);
 * resolves once it is left, at once when nothing was full screen.
 */
export function exitFullscreen(video?: HTMLVideoElement | null): Promise<void> {
  if (document.fullscreenElement) return document.exitFullscreen().catch(() => undefined)
  const webkit = video as WebkitVideo | null | undefined
  if (webkit?.webkitDisplayingFullscreen) webkit.webkitExitFullscreen?.()
  return Promise.resolve()
}

/** A phone or tablet: rotation means something there, and nowhere else. */
function isHandheld(): boolean {
  return window.matchMedia?.('(hover: none) and (pointer: coarse)').matches ?? false
}

export function useFullscreen(containerRef: RefObject<HTMLElement | null>, videoRef: RefObject<HTMLVideoElement | null>, playing: boolean) {
  const [active, setActive] = useState(false)
  const locked = useRef(false)
  const state = useRef({ playing, active })
  state.current = { playing, active }

  const supported = typeof document !== 'undefined' && (document.fullscreenEnabled || typeof (videoRef.current as WebkitVideo | null)?.webkitEnterFullscreen === 'function')

  const unlock = useCallback(() => {
    if (!locked.current) return
    locked.current = false
    try {
      screenOrientation()?.unlock()
    } catch {
      // Not locked after all.
    }
  }, [])

  const enter = useCallback((fromPress: boolean) => {
    const container = containerRef.current
    const video = videoRef.current as WebkitVideo | null
    if (!container || !video) return
    if (document.fullscreenEnabled && container.requestFullscreen) {
      container
        .requestFullscreen({ navigationUI: 'hide' })
        .then(() => {
          const orientation = screenOrientation()
          const wide = video.videoWidth >= video.videoHeight
          if (fromPress && wide && isHandheld() && currentOrientation() === 'portrait' && orientation?.lock) {
            orientation.lock('landscape').then(
              () => (locked.current = true),
              () => undefined,
            )
          }
        })
        .catch(() => undefined)
    } else {
      video.webkitEnterFullscreen?.()
    }
  }, [containerRef, videoRef])

  const exit = useCallback(() => {
    void exitFullscreen(videoRef.current)
    unlock()
  }, [videoRef, unlock])

  const toggle = useCallback(() => {
    if (state.current.active) exit()
    else enter(true)
  }, [enter, exit])

  useEffect(() => {
    const video = videoRef.current
    const listeners = new AbortController()
    const { signal } = listeners
    const onChange = () => {
      const container = containerRef.current
      const now = !!container && document.fullscreenElement === container
      setActive(now || !!(video as WebkitVideo | null)?.webkitDisplayingFullscreen)
      if (!now) unlock()
    }
    document.addEventListener('fullscreenchange', onChange, { signal })
    video?.addEventListener('webkitbeginfullscreen', () => setActive(true), { signal })
    video?.addEventListener('webkitendfullscreen', () => setActive(false), { signal })

    const onRotate = () => {
      if (!isHandheld()) return
      const action = rotationAction(currentOrientation(), { playing: state.current.playing, fullscreen: state.current.active })
      if (action === 'enter') enter(false)
      else if (action === 'exit') exit()
    }
    const orientation = screenOrientation()
    if (orientation) orientation.addEventListener('change', onRotate, { signal })
    else window.addEventListener('orientationchange', onRotate, { signal })
    return () => {
      listeners.abort()
      unlock()
    }
  }, [containerRef, videoRef, enter, exit, unlock])

  return { supported, active, toggle }
}
