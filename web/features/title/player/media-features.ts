/**
 * Picture-in-picture and casting (the Remote Playback API) for our video, offered only where the
 * browser has them: picture-in-picture where `document.pictureInPictureEnabled`, casting while
 * the browser reports a device it could play this video on. (Chromium cannot cast a Media Source
 * Extensions stream, so there the button shows only for a natively played stream; Safari offers
 * AirPlay the same way.)
 */
import { useEffect, useState, type RefObject } from 'react'

interface RemotePlaybackLike extends EventTarget {
  state: 'disconnected' | 'connecting' | 'connected'
  watchAvailability(callback: (available: boolean) => void): Promise<number>
  cancelWatchAvailability(id?: number): Promise<void>
  prompt(): Promise<void>
}

function remoteOf(video: HTMLVideoElement | null): RemotePlaybackLike | null {
  const remote = (video as (HTMLVideoElement & { remote?: RemotePlaybackLike }) | null)?.remote
  return remote && typeof remote.watchAvailability === 'function' ? remote : null
}

export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>) {
  const supported = typeof document !== 'undefined' && document.pictureInPictureEnabled === true
  const [active, setActive] = useState(false)
  useEffect(() => {
    const video = videoRef.current
    if (!video || !supported) return
    const listeners = new AbortController()
    video.addEventListener('enterpictureinpicture', () => setActive(true), { signal: listeners.signal })
    video.addEventListener('leavepictureinpicture', () => setActive(false), { signal: listeners.signal })
    return () => listeners.abort()
  }, [videoRef, supported])
  const toggle = () => {
    const video = videoRef.current
    if (!video || !supported) return
    if (document.pictureInPictureElement === video) void document.exitPictureInPicture().catch(() => undefined)
    else void video.requestPictureInPicture().catch(() => undefined)
  }
  return { supported, active, toggle }
}

export function useRemotePlayback(videoRef: RefObject<HTMLVideoElement | null>, src: string) {
  const [available, setAvailable] = useState(false)
  const [connected, setConnected] = useState(false)
  useEffect(() => {
    const remote = remoteOf(videoRef.current)
    if (!remote) return
    let watchId: number | undefined
    let current = true
    remote
      .watchAvailability((value) => current && setAvailable(value))
      .then((id) => {
        watchId = id
        if (!current) void remote.cancelWatchAvailability(id).catch(() => undefined)
      })
      // NotSupportedError: this browser cannot watch (or this source cannot be cast); no button.
      .catch(() => current && setAvailable(false))
    const onState = () => setConnected(remote.state !== 'disconnected')
    const listeners = new AbortController()
    for (const name of ['connect', 'connecting', 'disconnect']) remote.addEventListener(name, onState, { signal: listeners.signal })
    return () => {
      current = false
      listeners.abort()
      if (watchId !== undefined) void remote.cancelWatchAvailability(watchId).catch(() => undefined)
    }
  }, [videoRef, src])
  const prompt = () => void remoteOf(videoRef.current)?.prompt().catch(() => undefined)
  return { available, connected, prompt }
}
