/**
 * What the controls show of the video, kept in step with its events: playing or not, the playhead,
 * the length, what is buffered, the volume, and whether it waits for data.
 */
import { useEffect, useState, type RefObject } from 'react'

export interface MediaState {
  paused: boolean
  ended: boolean
  /** Playing or about to: the controls fade only then. */
  playing: boolean
  waiting: boolean
  currentTime: number
  duration: number
  /** Buffered ranges, [start, end] in seconds. */
  buffered: [number, number][]
  volume: number
  muted: boolean
}

const EVENTS = ['play', 'playing', 'pause', 'ended', 'waiting', 'canplay', 'timeupdate', 'durationchange', 'loadedmetadata', 'progress', 'volumechange', 'seeking', 'seeked', 'emptied'] as const

export function readMediaState(video: HTMLVideoElement): MediaState {
  const buffered: [number, number][] = []
  for (let i = 0; i < video.buffered.length; i++) buffered.push([video.buffered.start(i), video.buffered.end(i)])
  return {
    paused: video.paused,
    ended: video.ended,
    playing: !video.paused && !video.ended,
    waiting: !video.paused && video.readyState < 3,
    currentTime: video.currentTime,
    duration: Number.isFinite(video.duration) ? video.duration : 0,
    buffered,
    volume: video.volume,
    muted: video.muted,
  }
}

const INITIAL: MediaState = { paused: true, ended: false, playing: false, waiting: false, currentTime: 0, duration: 0, buffered: [], volume: 1, muted: false }

export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>, src: string): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL)
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const listeners = new AbortController()
    const update = () => setState(readMediaState(video))
    for (const name of EVENTS) video.addEventListener(name, update, { signal: listeners.signal })
    update()
    return () => listeners.abort()
  }, [videoRef, src])
  return state
}
