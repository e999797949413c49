/**
 * The suggestions under the header's search box: up to 6 titles and 3 people for what is being
 * typed, then "Search for …". The box stays in the app shell; this list, its keys and its queries
 * come as their own chunk on the box's first focus, so the entry does not carry them. Answers share
 * the search page's cache (the same query key), and a term that is no longer wanted stops its request.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ListItem, PersonResult } from '../../../worker/catalog/types'
import { FilmIcon } from '../../components/icons'
import { t } from '../../i18n'
import { useImage } from '../../lib/images'
import { paths } from '../../lib/paths'
import { titleOf, yearOf } from '../../lib/titles'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { fetchSearchPage, SEARCH_MIN_LENGTH, searchKeys, searchQueryOptions } from './api/use-search'
import { comboboxKey, type ComboboxState } from './combobox-keys'
import { DEPARTMENTS } from './people-results'

export const SUGGESTED_TITLES = 6
export const SUGGESTED_PEOPLE = 3
const DEBOUNCE_MS = 200

// A catalogue text keeps its own direction but lines up with the page's side.
const pageSide = 'text-left [:root[dir=rtl]_&]:text-right'

type Option = { kind: 'title'; item: ListItem; href: string } | { kind: 'person'; person: PersonResult; href: string } | { kind: 'search'; href: string }

export interface SuggestionsBoxState {
  expanded: boolean
  activeId: string | undefined
}

export interface HeaderSuggestionsProps {
  term: string
  /** Whether the box has the focus: the list shows only then. */
  focused: boolean
  listId: string
  /** Where the box sends its key presses. */
  keys: RefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | null>
  /** The box's ARIA state follows the list's. */
  onState: (state: SuggestionsBoxState) => void
  /** An option was opened: the box empties and lets go. */
  onPicked: () => void
}

export function HeaderSuggestions({ term, focused, listId, keys, onState, onPicked }: HeaderSuggestionsProps) {
  const navigate = useNavigate()
  const image = useImage()
  const wanted = term.trim()
  const debounced = useDebouncedValue(wanted, DEBOUNCE_MS)
  const query = useQuery({
    queryKey: searchKeys.quick(debounced),
    queryFn: ({ signal }) => fetchSearchPage(debounced, 1, signal),
    enabled: debounced.length >= SEARCH_MIN_LENGTH,
    ...searchQueryOptions,
  })
  // Kept with the term it belongs to: a new term shows its own list, open, with no option active.
  // The active option is kept by its address, not its place, so an answer that lands between two
  // key presses (the titles arriving above "Search for …") leaves the same option active.
  const [kept, setKept] = useState<{ term: string; open: boolean; activeHref: string | undefined }>({ term: wanted, open: true, activeHref: undefined })

  const options: Option[] = []
  if (query.data && debounced === wanted) {
    for (const item of query.data.results.slice(0, SUGGESTED_TITLES)) options.push({ kind: 'title', item, href: paths.title(item.media_type, item.id) })
    for (const person of query.data.people.slice(0, SUGGESTED_PEOPLE)) options.push({ kind: 'person', person, href: `/person/${person.id}` })
  }
  if (wanted.length >= SEARCH_MIN_LENGTH) options.push({ kind: 'search', href: paths.search(wanted) })

  const ours = kept.term === wanted
  const state: ComboboxState = { open: ours ? kept.open : true, active: ours ? options.findIndex((o) => o.href === kept.activeHref) : -1 }
  const expanded = focused && state.open && options.length > 0
  const active = expanded ? state.active : -1
  const optionId = (i: number) => `${listId}-${i}`
  const activeId = active >= 0 ? optionId(active) : undefined

  // Before the browser paints: the box never shows a state the list no longer has.
  useLayoutEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState])

  const open = (option: Option) => {
    onPicked()
    navigate(option.href)
  }

  // Set before the browser paints, so no key press meets the options of the render before.
  useLayoutEffect(() => {
    keys.current = (e) => {
      const step = comboboxKey(e.key, { open: expanded, active }, options.length)
      if (step.handled) e.preventDefault()
      setKept({ term: wanted, open: step.state.open, activeHref: options[step.state.active]?.href })
      const picked = options[active]
      if (step.action === 'pick' && picked) open(picked)
    }
  })

  // Follow the active option when the list scrolls (a short screen).
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [activeId])

  if (!expanded) return null
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('search.suggestions')}
      className="absolute inset-x-0 top-full z-50 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-neutral-800 bg-neutral-900 py-1 shadow-2xl lg:inset-x-auto lg:end-0 lg:top-[calc(100%+0.5rem)] lg:w-96 lg:rounded-xl lg:border"
    >
      {options.map((option, i) => {
        const props = {
          id: optionId(i),
          role: 'option' as const,
          'aria-selected': i === active,
          // The box keeps the focus (and a phone its keyboard) while a finger or the mouse picks.
          onMouseDown: (e: { preventDefault: () => void }) => e.preventDefault(),
          onClick: () => open(option),
          className: `flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? 'bg-neutral-700 text-white' : 'text-neutral-200 hover:bg-neutral-800'}`,
        }
        if (option.kind === 'title') {
          const src = image(option.item.poster_path, 'poster', 92)
          return (
            <li key={`t-${option.item.media_type}-${option.item.id}`} {...props}>
              <span className="flex h-12 w-8 shrink-0 items-center justify-center overflow-hidden rounded bg-neutral-800 text-neutral-500">
                {src ? <img src={src.src} alt="" width={32} height={48} loading="lazy" className="h-full w-full object-cover" /> : <FilmIcon width={16} height={16} aria-hidden="true" />}
              </span>
              <span className="min-w-0 flex-1">
                <span dir="auto" data-catalog="" className={`block truncate font-medium ${pageSide}`}>
                  {titleOf(option.item)}
                </span>
                <span className="block text-xs text-neutral-400">
                  {[yearOf(option.item), option.item.media_type === 'movie' ? t('search.movie') : t('search.tvShow')].filter(Boolean).join(' · ')}
                </span>
              </span>
            </li>
          )
        }
        if (option.kind === 'person') {
          const src = image(option.person.profile_path, 'profile', 64)
          const department = DEPARTMENTS[option.person.known_for_department]
          return (
            <li key={`p-${option.person.id}`} {...props}>
              <span className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-neutral-800 font-semibold text-neutral-300">
                {src ? <img src={src.src} alt="" width={40} height={40} loading="lazy" className="h-full w-full object-cover" /> : <span aria-hidden="true">{[...option.person.name.trim()][0]?.toUpperCase()}</span>}
              </span>
              <span className="min-w-0 flex-1">
                <span dir="auto" data-catalog="" className={`block truncate font-medium ${pageSide}`}>
                  {option.person.name}
                </span>
                <span className="block text-xs text-neutral-400">{department ? t(department) : t('search.people')}</span>
              </span>
            </li>
          )
        }
        return (
          <li key="search" {...props}>
            <span className="min-w-0 flex-1 truncate text-brand-400">{t('search.searchFor', { term: wanted })}</span>
          </li>
        )
      })}
    </ul>
  )
}
