/**
 * The sort and filter controls of a browse-all grid. Every change goes straight into the address
 * (the grid reads its state from there), so a filtered grid can be shared and reloaded. At phone
 * widths the filters sit in a sheet opened by a Filters button; wider, they sit above the grid.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { MediaType } from '../../../worker/catalog/types'
import { currentLocale, t, type MessageId } from '../../i18n'
import {
  activeFilterCount,
  GRID_CERTIFICATIONS,
  GRID_LANGUAGES,
  GRID_SORTS,
  type GridSort,
  type GridState,
  MIN_YEAR,
  RUNTIMES,
  type RuntimeBand,
} from '../../lib/grid-filters'
import { genreName, isFilmGenre } from '../../lib/genres'
import { useKeptInput } from '../../lib/hydration'
import { useMyServices } from '../../lib/my-services'
import { GENRE_MESSAGE_IDS } from '../../../worker/catalog/genre-map'

const SORT_LABELS: Record<GridSort, MessageId> = {
  popularity: 'grids.sortPopularity',
  rating: 'grids.sortRating',
  newest: 'grids.sortNewest',
  oldest: 'grids.sortOldest',
  title: 'grids.sortTitle',
}
const RUNTIME_LABELS: Record<RuntimeBand, MessageId> = { short: 'grids.runtimeShort', medium: 'grids.runtimeMedium', long: 'grids.runtimeLong' }

const fieldClass = 'mt-1 w-full rounded-md border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-neutral-100'
const labelClass = 'block text-sm font-medium text-neutral-300'

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id)}
    </div>
  )
}

/** A year typed in full: the grid changes once it has four digits, or when it is emptied. */
function YearInput({ id, value, onChange }: { id: string; value: number | undefined; onChange: (year: number | undefined) => void }) {
  const [text, setText] = useState(value === undefined ? '' : String(value))
  useEffect(() => setText(value === undefined ? '' : String(value)), [value])
  const max = new Date().getFullYear() + 5
  const field = useRef<HTMLInputElement>(null)
  const take = (next: string) => {
    setText(next)
    if (next === '') onChange(undefined)
    else if (/^\d{4}$/.test(next) && Number(next) >= MIN_YEAR && Number(next) <= max) onChange(Number(next))
  }
  // Typed into the painted grid before React took it over.
  useKeptInput(field, text, take)
  return (
    <input
      ref={field}
      id={id}
      type="number"
      inputMode="numeric"
      min={MIN_YEAR}
      max={max}
      value={text}
      onChange={(e) => take(e.target.value)}
      className={fieldClass}
    />
  )
}

interface GridControlsProps {
  type: MediaType
  state: GridState
  onChange: (next: GridState) => void
}

/**
 * The genres a grid can be narrowed to, by name in the page's language: films have the 18 film
 * genres, series those and TMDB's series genres (what GET /api/catalog/discover/:type accepts).
 */
function genreChoices(type: MediaType): { id: number; name: string }[] {
  const ids = Object.keys(GENRE_MESSAGE_IDS).map(Number)
  const collator = new Intl.Collator(currentLocale())
  return (type === 'movie' ? ids.filter(isFilmGenre) : ids).map((id) => ({ id, name: genreName(id) ?? '' })).sort((a, b) => collator.compare(a.name, b.name))
}

function FilterFields({ type, state, onChange }: GridControlsProps) {
  const { choice } = useMyServices()
  const set = (patch: Partial<GridState>) => onChange(Object.fromEntries(Object.entries({ ...state, ...patch }).filter(([, v]) => v !== undefined)) as unknown as GridState)
  const servicesId = useId()
  const hasServices = !!choice?.services.length
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4 2xl:grid-cols-8">
      <Field label={t('grids.yearFrom')}>{(id) => <YearInput id={id} value={state.from} onChange={(from) => set({ from })} />}</Field>
      <Field label={t('grids.yearTo')}>{(id) => <YearInput id={id} value={state.to} onChange={(to) => set({ to })} />}</Field>
      {/* After the years, which stay side by side on a phone. */}
      <Field label={t('grids.genre')}>
        {(id) => (
          <select id={id} value={state.genre ?? ''} onChange={(e) => set({ genre: e.target.value || undefined })} className={fieldClass}>
            <option value="">{t('grids.anyGenre')}</option>
            {/* A row's See all can narrow to several genres at once: that choice stays offered, by its names. */}
            {state.genre && !/^\d+$/.test(state.genre) && (
              <option value={state.genre}>
                {state.genre
                  .split(/[,|]/)
                  .map((g) => genreName(Number(g)) ?? g)
                  .join(state.genre.includes('|') ? ' / ' : ' + ')}
              </option>
            )}
            {genreChoices(type).map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('grids.minRating')}>
        {(id) => (
          <select id={id} value={state.rating ?? ''} onChange={(e) => set({ rating: e.target.value ? Number(e.target.value) : undefined })} className={fieldClass}>
            <option value="">{t('grids.anyRating')}</option>
            {[9, 8, 7, 6, 5, 4, 3, 2, 1].map((r) => (
              <option key={r} value={r}>
                {t('grids.ratingAtLeast', { rating: r })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('grids.runtime')}>
        {(id) => (
          <select id={id} value={state.runtime ?? ''} onChange={(e) => set({ runtime: (e.target.value || undefined) as RuntimeBand | undefined })} className={fieldClass}>
            <option value="">{t('grids.anyRuntime')}</option>
            {(Object.keys(RUNTIMES) as RuntimeBand[]).map((band) => (
              <option key={band} value={band}>
                {t(RUNTIME_LABELS[band])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('grids.language')}>
        {(id) => (
          <select id={id} value={state.lang ?? ''} onChange={(e) => set({ lang: e.target.value || undefined })} className={fieldClass}>
            <option value="">{t('grids.anyLanguage')}</option>
            {/* Each language by its own name, as language menus do (and marked so, for screen readers). */}
            {GRID_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code}
              </option>
            ))}
          </select>
        )}
      </Field>
      {type === 'movie' && (
        <Field label={t('grids.certification')}>
          {(id) => (
            <select id={id} value={state.cert ?? ''} onChange={(e) => set({ cert: e.target.value || undefined })} className={fieldClass}>
              <option value="">{t('grids.anyCertification')}</option>
              {/* The ratings' own marks (G, PG-13), the same in every language. */}
              {GRID_CERTIFICATIONS.map((c) => (
                <option key={c} value={c} data-catalog="">
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <div className="col-span-2 flex flex-col justify-end md:col-span-1">
        <div className="flex items-center gap-2 py-2">
          <input
            id={servicesId}
            type="checkbox"
            checked={!!state.services}
            disabled={!hasServices && !state.services}
            aria-describedby={hasServices || state.services ? undefined : `${servicesId}-none`}
            onChange={(e) => set(e.target.checked && choice ? { services: choice.services, region: choice.region } : { services: undefined, region: undefined })}
            className="h-4 w-4 accent-brand-600"
          />
          <label htmlFor={servicesId} className="text-sm font-medium text-neutral-200">
            {t('grids.myServices')}
          </label>
        </div>
        {!hasServices && !state.services && (
          <p id={`${servicesId}-none`} className="text-xs text-neutral-400">
            {t('grids.noServices')}
          </p>
        )}
      </div>
    </div>
  )
}

export function GridControls({ type, state, onChange }: GridControlsProps) {
  const sheet = useRef<HTMLDialogElement>(null)
  // The phone's sheet holds its own fields while it is open, and none otherwise.
  const [sheetOpen, setSheetOpen] = useState(false)
  useEffect(() => {
    if (sheetOpen && !sheet.current?.open) sheet.current?.showModal()
  }, [sheetOpen])
  const sortId = useId()
  const count = activeFilterCount(state)
  const clear = () => onChange({ sort: state.sort, genre: state.genre, preset: state.preset, votes: state.votes, airing: state.airing } as GridState)
  const clearButton = count > 0 && (
    <button type="button" onClick={clear} className="rounded-md px-3 py-2 text-sm font-semibold text-brand-400 hover:bg-neutral-800">
      {t('grids.clear')}
    </button>
  )
  return (
    <div className="mb-5">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={sortId} className={labelClass}>
            {t('grids.sortBy')}
          </label>
          <select id={sortId} value={state.sort} onChange={(e) => onChange({ ...state, sort: e.target.value as GridSort })} className={`${fieldClass} w-auto min-w-40`}>
            {GRID_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(SORT_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
          className="rounded-md border border-neutral-700 bg-neutral-900 px-4 py-2 text-sm font-semibold text-neutral-100 md:hidden"
        >
          {count ? t('grids.filtersCount', { count }) : t('grids.filters')}
        </button>
        {clearButton}
      </div>
      {/* Always drawn, and hidden on a phone by style, so a page painted without knowing the width is right at every width. */}
      <form role="search" aria-label={t('grids.filtersLabel')} className="mt-3 hidden md:block" onSubmit={(e) => e.preventDefault()}>
        <FilterFields type={type} state={state} onChange={onChange} />
      </form>
      <dialog
        ref={sheet}
        onClose={() => setSheetOpen(false)}
        aria-label={t('grids.filtersLabel')}
        className="m-0 mt-auto max-h-[85vh] w-full max-w-none rounded-t-2xl border-t border-neutral-700 bg-neutral-950 p-4 text-neutral-100 backdrop:bg-black/70"
        onClick={(e) => {
          // A tap on the backdrop (the dialog itself, outside its content) closes the sheet.
          if (e.target === sheet.current) sheet.current.close()
        }}
      >
        {sheetOpen && (
          <form method="dialog" aria-label={t('grids.filtersLabel')}>
            <div className="mb-4 flex items-center justify-between">
              <h2 className="text-lg font-semibold">{t('grids.filters')}</h2>
              {clearButton}
            </div>
            <FilterFields type={type} state={state} onChange={onChange} />
            <button type="submit" className="mt-5 w-full rounded-md bg-brand-600 px-4 py-3 text-sm font-semibold text-white">
              {t('grids.showResults')}
            </button>
          </form>
        )}
      </dialog>
    </div>
  )
}
