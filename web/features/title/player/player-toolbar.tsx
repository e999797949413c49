/**
 * The controls our player adds to the browser's own: quality, captions, speed, picture-in-picture,
 * casting (each only where it can work) and the keyboard shortcuts help. They sit over the top of
 * the video, inside the player, so they stay in its full screen.
 */
import { useId } from 'react'
import { t } from '../../../i18n'
import type { QualityLevel } from '../hls-config'
import type { CaptionTrack } from './captions'
import { PLAYBACK_RATES } from './shortcuts'

const selectClass = 'max-w-40 rounded bg-neutral-900 px-0.5 py-0.5 text-xs text-white sm:max-w-none sm:px-1'
const buttonClass = 'rounded px-1.5 py-0.5 text-xs font-semibold text-white hover:bg-neutral-700 aria-pressed:bg-brand-600'

export interface PlayerToolbarProps {
  levels: QualityLevel[]
  chosenLevel: number
  autoLabel: string
  onLevel: (level: number) => void
  captions: CaptionTrack[]
  captionId: number
  onCaption: (id: number) => void
  rate: number
  onRate: (rate: number) => void
  pictureInPicture: { supported: boolean; active: boolean; toggle: () => void }
  cast: { available: boolean; connected: boolean; prompt: () => void }
  onHelp: () => void
}

export function rateLabel(rate: number): string {
  return rate === 1 ? t('player.speedNormal') : t('player.speedRate', { rate })
}

export function PlayerToolbar(props: PlayerToolbarProps) {
  const id = useId()
  const { levels, captions, pictureInPicture, cast } = props
  return (
    <div className="absolute end-2 top-2 z-10 flex max-w-[calc(100%-1rem)] flex-wrap items-center justify-end gap-1 rounded-md bg-black/70 px-1.5 py-1 sm:gap-1.5 sm:px-2 text-xs text-white" data-testid="player-toolbar">
      {levels.length > 1 && (
        <span className="flex items-center gap-1">
          <label htmlFor={`${id}-quality`} className="max-sm:sr-only">
            {t('player.quality')}
          </label>
          <select id={`${id}-quality`} value={props.chosenLevel} onChange={(e) => props.onLevel(Number(e.target.value))} className={selectClass}>
            <option value={-1}>{props.autoLabel}</option>
            {levels.map((level) => (
              <option key={level.index} value={level.index}>
                {level.label}
              </option>
            ))}
          </select>
        </span>
      )}
      {captions.length > 0 && (
        <span className="flex items-center gap-1">
          <label htmlFor={`${id}-captions`} className="max-sm:sr-only">
            {t('player.captions')}
          </label>
          <select id={`${id}-captions`} value={props.captionId} onChange={(e) => props.onCaption(Number(e.target.value))} className={selectClass}>
            <option value={-1}>{t('player.captionsNone')}</option>
            {captions.map((track) => (
              <option key={track.id} value={track.id} lang={track.lang || undefined}>
                {track.label}
              </option>
            ))}
          </select>
        </span>
      )}
      <span className="flex items-center gap-1">
        <label htmlFor={`${id}-speed`} className="max-sm:sr-only">
          {t('player.speed')}
        </label>
        <select id={`${id}-speed`} value={props.rate} onChange={(e) => props.onRate(Number(e.target.value))} className={selectClass}>
          {PLAYBACK_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rateLabel(rate)}
            </option>
          ))}
        </select>
      </span>
      {pictureInPicture.supported && (
        <button type="button" aria-pressed={pictureInPicture.active} title={t('player.pipTooltip')} onClick={pictureInPicture.toggle} className={buttonClass}>
          <span aria-hidden="true">{t('player.pipShort')}</span>
          <span className="sr-only">{t('player.pip')}</span>
        </button>
      )}
      {(cast.available || cast.connected) && (
        <button type="button" aria-pressed={cast.connected} title={t('player.cast')} onClick={cast.prompt} className={buttonClass}>
          <span aria-hidden="true">{t('player.castShort')}</span>
          <span className="sr-only">{t('player.cast')}</span>
        </button>
      )}
      <button type="button" title={t('player.shortcutsTooltip')} onClick={props.onHelp} className={buttonClass}>
        <span aria-hidden="true">?</span>
        <span className="sr-only">{t('player.shortcuts')}</span>
      </button>
    </div>
  )
}
