/**
 * The player's one settings menu: Quality, Captions and Speed, each a labelled row naming its
 * current choice at every width, opening its list of choices (radio buttons, so the arrow keys move
 * through them), and the keyboard shortcuts. It opens above the control bar, inside the player, so
 * it stays in full screen and never covers the controls. Escape steps back, then closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Switch } from '../../../components/switch'
import { t } from '../../../i18n'
import type { QualityLevel } from '../hls-config'
import type { CaptionTrack } from './captions'
import { BackGlyph, CheckGlyph, NextGlyph } from './control-icons'
import { PLAYBACK_RATES } from './shortcuts'

export function rateLabel(rate: number): string {
  return rate === 1 ? t('player.speedNormal') : t('player.speedRate', { rate })
}

export type SettingsPage = 'quality' | 'captions' | 'speed'

export interface SettingsMenuProps {
  levels: QualityLevel[]
  chosenLevel: number
  /** 'Auto', or 'Auto (480p)' once the rendition on screen is known. */
  autoLabel: string
  onLevel: (level: number) => void
  captions: CaptionTrack[]
  captionId: number
  onCaption: (id: number) => void
  rate: number
  onRate: (rate: number) => void
  onShortcuts: () => void
  onClose: () => void
  /** On/off preferences listed under the rows (on a show: autoplay, skipping intros). */
  switches?: SettingsSwitch[]
}

export interface SettingsSwitch {
  id: string
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}

interface Choice {
  value: number
  label: string
  lang?: string
}

function ChoiceList({ name, label, choices, value, onChoose }: { name: string; label: string; choices: Choice[]; value: number; onChoose: (value: number) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{label}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-white/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400">
          <input type="radio" name={name} value={choice.value} checked={choice.value === value} onChange={() => onChoose(choice.value)} className="peer sr-only" />
          <CheckGlyph width={16} height={16} className="shrink-0 text-brand-400 opacity-0 peer-checked:opacity-100" />
          <span lang={choice.lang}>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  )
}

export function SettingsMenu(props: SettingsMenuProps) {
  const { levels, captions } = props
  const id = useId()
  const [page, setPage] = useState<SettingsPage | null>(null)
  const panel = useRef<HTMLDivElement>(null)
  const returnTo = useRef<SettingsPage | null>(null)

  // The first row (or the page's checked choice, or the row it came back to) takes the focus.
  useEffect(() => {
    const root = panel.current
    if (!root) return
    const target = page
      ? root.querySelector<HTMLElement>('input:checked') ?? root.querySelector<HTMLElement>('input')
      : (returnTo.current && root.querySelector<HTMLElement>(`[data-page="${returnTo.current}"]`)) || root.querySelector<HTMLElement>('button')
    target?.focus()
  }, [page])

  const open = (next: SettingsPage) => {
    returnTo.current = next
    setPage(next)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    if (page) setPage(null)
    else props.onClose()
  }

  const qualityValue = props.chosenLevel === -1 ? props.autoLabel : (levels.find((l) => l.index === props.chosenLevel)?.label ?? props.autoLabel)
  const captionsValue = captions.find((c) => c.id === props.captionId)?.label ?? t('player.captionsNone')
  const rows: { page: SettingsPage; label: string; value: string; lang?: string }[] = []
  if (levels.length > 1) rows.push({ page: 'quality', label: t('player.quality'), value: qualityValue })
  if (captions.length > 0) rows.push({ page: 'captions', label: t('player.captions'), value: captionsValue, lang: captions.find((c) => c.id === props.captionId)?.lang || undefined })
  rows.push({ page: 'speed', label: t('player.speed'), value: rateLabel(props.rate) })

  let body: ReactNode
  if (page === null) {
    body = (
      <ul className="py-1">
        {rows.map((row) => (
          <li key={row.page}>
            <button
              type="button"
              data-page={row.page}
              onClick={() => open(row.page)}
              className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-start text-sm hover:bg-white/10"
            >
              <span className="font-semibold">{row.label}</span>
              {/* The space keeps the button's name from running the two together for screen readers. */}{' '}
              <span className="ms-auto truncate text-neutral-300" lang={row.lang}>
                {row.value}
              </span>
              <NextGlyph width={16} height={16} className="shrink-0 text-neutral-400 rtl:-scale-x-100" />
            </button>
          </li>
        ))}
        {props.switches?.map((item) => (
          <li key={item.id}>
            <Switch checked={item.checked} onChange={item.onChange} trackLast className="w-full rounded-md px-2 py-2 text-start text-sm hover:bg-white/10">
              <span className="min-w-0 flex-1">{item.label}</span>
            </Switch>
          </li>
        ))}
        {/* A touch screen has no keys to list. */}
        <li className="mt-1 border-t border-white/10 pt-1 pointer-coarse:hidden">
          <button type="button" onClick={props.onShortcuts} className="flex w-full items-center rounded-md px-2 py-2 text-start text-sm hover:bg-white/10">
            {t('player.shortcuts')}
          </button>
        </li>
      </ul>
    )
  } else {
    const title = page === 'quality' ? t('player.quality') : page === 'captions' ? t('player.captions') : t('player.speed')
    const list =
      page === 'quality' ? (
        <ChoiceList name={`${id}-quality`} label={title} value={props.chosenLevel} onChoose={props.onLevel} choices={[{ value: -1, label: props.autoLabel }, ...levels.map((l) => ({ value: l.index, label: l.label }))]} />
      ) : page === 'captions' ? (
        <ChoiceList
          name={`${id}-captions`}
          label={title}
          value={props.captionId}
          onChoose={props.onCaption}
          choices={[{ value: -1, label: t('player.captionsNone') }, ...captions.map((c) => ({ value: c.id, label: c.label, lang: c.lang || undefined }))]}
        />
      ) : (
        <ChoiceList name={`${id}-speed`} label={title} value={props.rate} onChoose={props.onRate} choices={PLAYBACK_RATES.map((rate) => ({ value: rate, label: rateLabel(rate) }))} />
      )
    body = (
      <div className="py-1">
        <button type="button" onClick={() => setPage(null)} aria-label={t('player.settingsBack', { menu: title })} className="mb-1 flex w-full items-center gap-1 rounded-md px-1 py-1.5 text-sm font-semibold hover:bg-white/10">
          <BackGlyph width={18} height={18} className="shrink-0 rtl:-scale-x-100" />
          {title}
        </button>
        {list}
      </div>
    )
  }

  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={t('player.settings')}
      onKeyDown={onKeyDown}
      className="pointer-events-auto absolute right-2 bottom-2 max-h-[calc(100%-1rem)] w-64 max-w-[calc(100%-1rem)] overflow-y-auto overscroll-contain rounded-xl bg-neutral-950/95 px-1 text-white shadow-2xl ring-1 ring-white/15"
      data-testid="player-settings"
    >
      {body}
    </div>
  )
}
