/**
 * A show's seasons, every one reachable at every width. Up to six are tabs in a strip that scrolls
 * sideways, with arrow buttons when it overflows and the arrow keys moving between tabs (Enter or
 * Space opens one, as loading a season is more than a glance); past six they are a menu. A season
 * is named with its number of episodes ("Season 1, 10 episodes"), a plural in every language.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from '../../components/icons'
import { t } from '../../i18n'
import { isRightToLeft } from '../../lib/direction'
import { useKeptInput } from '../../lib/hydration'
import { useScrollArrows } from '../../lib/use-scroll-arrows'
import { seasonName } from './episode-text'
import { withElements } from './title-format'

/** More seasons than this are offered as a menu rather than tabs. */
export const MAX_SEASON_TABS = 6

export interface SeasonSummary {
  season_number: number
  name: string
  /** Null where the provider leaves it out and the season's own answer has not come yet. */
  episode_count: number | null
}

/**
 * Where the seasons are tabs, the ids that tie them to the episode list they control: the list's
 * own, and the one of the tab showing it. Undefined where they are a menu (or there are none).
 */
export function seasonPanel(idBase: string, seasons: SeasonSummary[], selected: number | null): { id: string; labelledBy: string } | undefined {
  if (seasons.length === 0 || seasons.length > MAX_SEASON_TABS) return undefined
  return { id: panelId(idBase), labelledBy: tabId(idBase, selected ?? seasons[0]!.season_number) }
}

const tabId = (idBase: string, season: number) => `${idBase}season-${season}`
const panelId = (idBase: string) => `${idBase}episodes`

/** "Season 1, 10 episodes": a tab's accessible name and a menu item's text. */
function seasonWithEpisodes(season: SeasonSummary): string {
  return !season.episode_count ? seasonName(season) : t('title.seasonTab', { season: seasonName(season), count: season.episode_count })
}

interface PickerProps {
  seasons: SeasonSummary[]
  selected: number | null
  onSelect: (season: number) => void
  idBase: string
}

export function SeasonPicker(props: PickerProps) {
  if (props.seasons.length === 0) return null
  return props.seasons.length > MAX_SEASON_TABS ? <SeasonMenu {...props} /> : <SeasonTabs {...props} />
}

function SeasonMenu({ seasons, selected, onSelect, idBase }: PickerProps) {
  const id = `${idBase}season-menu`
  const menu = useRef<HTMLSelectElement>(null)
  // A season chosen on the painted page before React listened: its episodes are loaded now.
  useKeptInput(menu, String(selected), (season) => {
    if (selected !== null) onSelect(Number(season))
  })
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <label htmlFor={id} className="text-sm font-semibold text-neutral-300">
        {t('title.seasons')}
      </label>
      <div className="relative min-w-0">
        <select
          ref={menu}
          id={id}
          value={selected ?? ''}
          onChange={(event) => onSelect(Number(event.target.value))}
          className="w-full max-w-full appearance-none truncate rounded-lg border border-neutral-700 bg-neutral-800 py-2 ps-4 pe-10 text-sm font-semibold text-white hover:bg-neutral-700"
        >
          {seasons.map((season) => (
            <option key={season.season_number} value={season.season_number}>
              {seasonWithEpisodes(season)}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute end-3 top-1/2 -translate-y-1/2 text-neutral-300" width={16} height={16} />
      </div>
    </div>
  )
}

function SeasonTabs({ seasons, selected, onSelect, idBase }: PickerProps) {
  const strip = useRef<HTMLDivElement>(null)
  const { arrows } = useScrollArrows(strip, seasons)
  const rtl = isRightToLeft()

  // The chosen tab is brought into the strip's view, without moving the page itself (which
  // scrollIntoView would do while the strip is below the fold).
  useEffect(() => {
    const el = strip.current
    const tab = el?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (!el || !tab) return
    const box = el.getBoundingClientRect()
    const at = tab.getBoundingClientRect()
    if (at.left < box.left || at.right > box.right) el.scrollBy({ left: at.left + at.width / 2 - (box.left + box.width / 2) })
  }, [selected])

  const scrollBy = (direction: 1 | -1) => {
    const el = strip.current
    if (el) el.scrollBy({ left: direction * (rtl ? -1 : 1) * el.clientWidth * 0.8, behavior: 'smooth' })
  }

  /** Arrow keys, Home and End move the focus between tabs; Enter or Space chooses. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(strip.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const back = rtl ? 'ArrowRight' : 'ArrowLeft'
    const to = event.key === forward ? (at + 1) % tabs.length : event.key === back ? (at - 1 + tabs.length) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1
    if (to < 0) return
    event.preventDefault()
    tabs[to]!.focus()
  }

  // Drawn over the strip's ends rather than beside it, so the strip keeps its place when they come and go.
  const arrowClass = 'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-neutral-800 p-1.5 text-neutral-200 shadow-[0_0_12px_8px_rgb(10_10_10)] hover:bg-neutral-700'
  return (
    <div className="relative">
      {arrows.start && (
        <button type="button" aria-label={t('title.seasonsScrollBack')} onClick={() => scrollBy(-1)} className={`${arrowClass} start-0`}>
          <ChevronLeftIcon width={18} height={18} className="rtl:-scale-x-100" />
        </button>
      )}
      <div ref={strip} role="tablist" aria-label={t('title.seasons')} onKeyDown={onKeyDown} className="scrollbar-none flex gap-2 overflow-x-auto scroll-smooth py-1">
        {seasons.map((season) => {
          const active = season.season_number === selected
          return (
            <button
              key={season.season_number}
              id={tabId(idBase, season.season_number)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId(idBase)}
              tabIndex={active || (selected === null && season === seasons[0]) ? 0 : -1}
              onClick={() => onSelect(season.season_number)}
              className={`shrink-0 rounded-lg px-4 py-2 text-sm whitespace-nowrap ${active ? 'bg-brand-600 text-white' : 'bg-neutral-800 text-neutral-200 hover:bg-neutral-700'}`}
            >
              {/* The whole name is the tab's text, so what is seen is what a screen reader says. */}
              {!season.episode_count ? (
                <span className="font-semibold">{seasonName(season)}</span>
              ) : (
                withElements((m) => t('title.seasonTab', { season: m.season, count: season.episode_count }), { season: <span className="font-semibold">{seasonName(season)}</span> })
              )}
            </button>
          )
        })}
      </div>
      {arrows.end && (
        <button type="button" aria-label={t('title.seasonsScrollForward')} onClick={() => scrollBy(1)} className={`${arrowClass} end-0`}>
          <ChevronRightIcon width={18} height={18} className="rtl:-scale-x-100" />
        </button>
      )}
    </div>
  )
}
