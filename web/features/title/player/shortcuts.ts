/**
 * The player's keyboard shortcuts, while it has the focus, and the list the help (?) shows. The
 * arrow keys keep their direction in a right-to-left page: the video's timeline runs left to right
 * in every language (player/control-bar.tsx), so ← goes back.
 */
import type { MessageId } from '../../../i18n'

export const SEEK_STEP_SECONDS = 10
const VOLUME_STEP = 0.1
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const

/** A key as printed on the keyboard, or the id of its name ('Space') where the name is a word. */
export type ShortcutKey = string | { name: MessageId }

/** The list the help shows: ids, put into words when shown (see shortcuts-help.tsx). */
export const SHORTCUTS: { keys: ShortcutKey[]; action: MessageId }[] = [
  { keys: [{ name: 'player.keySpace' }, 'K'], action: 'player.shortcutPlayPause' },
  { keys: ['←', '→'], action: 'player.shortcutSeek' },
  { keys: ['↑', '↓'], action: 'player.shortcutVolume' },
  { keys: ['M'], action: 'player.shortcutMute' },
  { keys: ['F'], action: 'player.shortcutFullScreen' },
  { keys: ['C'], action: 'player.shortcutCaptions' },
  { keys: ['<', '>'], action: 'player.shortcutSpeed' },
  { keys: ['P'], action: 'player.shortcutPictureInPicture' },
  { keys: ['S'], action: 'player.shortcutSkip' },
  { keys: ['?'], action: 'player.shortcutHelp' },
]

/** The next playback rate up (step 1) or down (-1) the list, staying within 0.5 and 2. */
export function stepRate(current: number, step: 1 | -1): number {
  if (step === 1) return PLAYBACK_RATES.find((rate) => rate > current + 1e-9) ?? PLAYBACK_RATES[PLAYBACK_RATES.length - 1]!
  return [...PLAYBACK_RATES].reverse().find((rate) => rate < current - 1e-9) ?? PLAYBACK_RATES[0]
}

export interface ShortcutActions {
  toggleFullscreen: () => void
  toggleCaptions: () => void
  togglePictureInPicture: () => void
  showHelp: () => void
  /** Skip intro / Skip recap while it shows; false when there is nothing to skip. */
  skip: () => boolean
}

/** Carries out the shortcut for `key`; false when the key is not one of them. */
export function handleShortcut(video: HTMLVideoElement, key: string, actions: ShortcutActions): boolean {
  switch (key) {
    case ' ':
    case 'Spacebar':
    case 'k':
    case 'K':
      if (video.paused) void video.play().catch(() => undefined)
      else video.pause()
      return true
    case 'ArrowLeft':
      video.currentTime = Math.max(0, video.currentTime - SEEK_STEP_SECONDS)
      return true
    case 'ArrowRight':
      video.currentTime = Number.isFinite(video.duration) ? Math.min(video.duration, video.currentTime + SEEK_STEP_SECONDS) : video.currentTime + SEEK_STEP_SECONDS
      return true
    case 'ArrowUp':
      video.muted = false
      video.volume = Math.min(1, Math.round((video.volume + VOLUME_STEP) * 10) / 10)
      return true
    case 'ArrowDown':
      video.volume = Math.max(0, Math.round((video.volume - VOLUME_STEP) * 10) / 10)
      return true
    case 'f':
    case 'F':
      actions.toggleFullscreen()
      return true
    case 'm':
    case 'M':
      video.muted = !video.muted
      return true
    case 'c':
    case 'C':
      actions.toggleCaptions()
      return true
    case 'p':
    case 'P':
      actions.togglePictureInPicture()
      return true
    case '<':
      video.playbackRate = stepRate(video.playbackRate, -1)
      return true
    case '>':
      video.playbackRate = stepRate(video.playbackRate, 1)
      return true
    case '?':
      actions.showHelp()
      return true
    case 's':
    case 'S':
      return actions.skip()
    default:
      return false
  }
}
