/**
 * The control bar along the bottom of our player: the scrub bar, then play or pause, volume, the
 * time, and on the other side the settings menu, picture-in-picture, casting (each only where it
 * can work), theatre mode (where the page is wide enough for it) and full screen. Like the
 * timeline, it is laid out left to right in every language, as the platforms' players are.
 */
import type { ButtonHTMLAttributes, ReactNode, RefObject } from 'react'
import { t } from '../../../i18n'
import { clockTime } from '../progress'
import {
  CastGlyph,
  ExitFullscreenGlyph,
  FullscreenGlyph,
  MutedGlyph,
  PauseGlyph,
  PictureInPictureGlyph,
  PlayGlyph,
  SettingsGlyph,
  TheatreGlyph,
  VolumeGlyph,
} from './control-icons'
import type { MediaState } from './media-state'
import { ScrubBar, type ScrubBarProps } from './scrub-bar'

/** The height the controls take at the bottom of the player; panels and captions sit above it. */
export const CONTROLS_CLEARANCE = 'bottom-[4.25rem]'
export const CONTROLS_CLEARANCE_PX = 68

interface Toggle {
  supported?: boolean
  active: boolean
  toggle: () => void
}

export interface ControlBarProps {
  visible: boolean
  media: MediaState
  onTogglePlay: () => void
  onSeek: (time: number) => void
  onScrubbing: ScrubBarProps['onScrubbing']
  thumbnails: ScrubBarProps['thumbnails']
  onToggleMute: () => void
  onVolume: (volume: number) => void
  settingsOpen: boolean
  settingsButton: RefObject<HTMLButtonElement | null>
  onToggleSettings: () => void
  pictureInPicture: Toggle
  cast: { available: boolean; connected: boolean; prompt: () => void }
  theatre: Toggle
  fullscreen: Toggle
  /** The controls hold while the pointer or the focus is in them. */
  onHold: (held: boolean) => void
}

interface ControlButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'className'> {
  /** The button's name, also its tooltip. */
  label: string
  /** The key that does the same, named in the tooltip. */
  shortcut?: string
  pressed?: boolean
  className?: string
  buttonRef?: RefObject<HTMLButtonElement | null>
  children: ReactNode
}

function ControlButton({ label, shortcut, pressed, className = '', buttonRef, children, ...attributes }: ControlButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={shortcut ? t('player.withKey', { action: label, key: shortcut }) : label}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 aria-pressed:text-brand-400 ${className}`}
      {...attributes}
    >
      {children}
    </button>
  )
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible')
  } catch {
    return true
  }
}

export function ControlBar(props: ControlBarProps) {
  const { media, pictureInPicture, cast, theatre, fullscreen } = props
  const silent = media.muted || media.volume === 0
  return (
    <>
      <div
        className={`pointer-events-none absolute inset-x-0 bottom-0 z-20 h-24 bg-gradient-to-t from-black/85 via-black/40 via-40% to-transparent transition-opacity duration-300 ${props.visible ? 'opacity-100' : 'opacity-0'}`}
        aria-hidden="true"
      />
      <div
        dir="ltr"
        className={`absolute inset-x-0 bottom-0 z-20 px-2 pb-1 transition-opacity duration-300 sm:px-3 ${props.visible ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
        onPointerEnter={(e) => e.pointerType === 'mouse' && props.onHold(true)}
        onPointerLeave={(e) => e.pointerType === 'mouse' && props.onHold(false)}
        // Held for the keyboard only: a button pressed with the mouse keeps the focus, and must not keep the controls.
        onFocus={(e) => focusVisible(e.target) && props.onHold(true)}
        onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && props.onHold(false)}
        data-testid="player-controls"
        data-player-controls=""
        data-visible={props.visible}
      >
        <ScrubBar currentTime={media.currentTime} duration={media.duration} buffered={media.buffered} onSeek={props.onSeek} onScrubbing={props.onScrubbing} thumbnails={props.thumbnails} />
        <div className="flex h-10 items-center gap-0.5 sm:gap-1">
          <ControlButton label={media.paused ? t('player.play') : t('player.pause')} shortcut="K" onClick={props.onTogglePlay}>
            {media.paused ? <PlayGlyph /> : <PauseGlyph />}
          </ControlButton>
          <div className="flex items-center">
            <ControlButton label={silent ? t('player.unmute') : t('player.mute')} shortcut="M" onClick={props.onToggleMute}>
              {silent ? <MutedGlyph /> : <VolumeGlyph />}
            </ControlButton>
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={media.muted ? 0 : media.volume}
              onChange={(e) => props.onVolume(Number(e.target.value))}
              aria-label={t('player.volume')}
              aria-valuetext={`${Math.round((media.muted ? 0 : media.volume) * 100)}%`}
              className="hidden h-1 w-20 cursor-pointer accent-brand-500 sm:block"
            />
          </div>
          <span className="ms-1 truncate text-xs font-medium whitespace-nowrap text-neutral-100 tabular-nums sm:ms-2 sm:text-sm" aria-hidden="true" data-testid="player-time">
            {clockTime(media.currentTime)} / {clockTime(media.duration)}
          </span>
          <span className="flex-1" />
          <ControlButton
            label={t('player.settings')}
            buttonRef={props.settingsButton}
            aria-expanded={props.settingsOpen}
            aria-haspopup="dialog"
            onClick={props.onToggleSettings}
            className={props.settingsOpen ? 'bg-white/15' : ''}
          >
            <SettingsGlyph width={22} height={22} className={`transition-transform ${props.settingsOpen ? 'rotate-45' : ''}`} />
          </ControlButton>
          {pictureInPicture.supported && (
            <ControlButton label={t('player.pip')} shortcut="P" pressed={pictureInPicture.active} onClick={pictureInPicture.toggle}>
              <PictureInPictureGlyph />
            </ControlButton>
          )}
          {(cast.available || cast.connected) && (
            <ControlButton label={t('player.cast')} pressed={cast.connected} onClick={cast.prompt}>
              <CastGlyph />
            </ControlButton>
          )}
          {!fullscreen.active && (
            // Theatre mode changes the page's layout only where the player stands beside the title's facts.
            <span className="hidden lg:contents">
              <ControlButton label={t('title.theatreMode')} pressed={theatre.active} onClick={theatre.toggle}>
                <TheatreGlyph />
              </ControlButton>
            </span>
          )}
          {fullscreen.supported && (
            <ControlButton label={fullscreen.active ? t('player.exitFullscreen') : t('player.fullscreen')} shortcut="F" onClick={fullscreen.toggle}>
              {fullscreen.active ? <ExitFullscreenGlyph /> : <FullscreenGlyph />}
            </ControlButton>
          )}
        </div>
      </div>
    </>
  )
}
