/**
 * "Add a row": a row of the administrator's from a genre (films or series), a public list (its
 * address or code), a search (optionally films or series only) or titles picked by hand, with
 * its English title; the other languages are set with the row's Edit titles once it is added.
 */
import { useState, type FormEvent } from 'react'
import type { CustomRow, LayoutRow, TitleRef } from '../../../worker/catalog/layout-schema'
import { LAYOUT_MAX_PICKS, LAYOUT_MAX_ROWS, LAYOUT_SEARCH_MAX, LAYOUT_TITLE_MAX } from '../../../worker/catalog/layout-rules'
import { GENRE_MESSAGE_IDS } from '../../../worker/catalog/genre-map'
import { Button } from '../../components/button'
import { currentLocale, t } from '../../i18n'
import { genreName, isFilmGenre } from '../../lib/genres'
import { FormError, SelectField, TextField } from '../account/auth-form'
import { listSlug, newRowKey } from './layout-edit'
import { PickedTitles } from './picked-titles'

type Kind = CustomRow['kind']
type MediaType = 'movie' | 'tv'

const kinds = [
  { kind: 'genre', label: 'admin.rowsKindOptionGenre' },
  { kind: 'list', label: 'admin.rowsKindOptionList' },
  { kind: 'search', label: 'admin.rowsKindOptionSearch' },
  { kind: 'picks', label: 'admin.rowsKindOptionPicks' },
] as const

/** The genres a row can be made of, by name in the page's language: films have the film genres, series every genre. */
function genreChoices(type: MediaType): { id: number; name: string }[] {
  const ids = Object.keys(GENRE_MESSAGE_IDS).map(Number)
  const collator = new Intl.Collator(currentLocale())
  return (type === 'movie' ? ids.filter(isFilmGenre) : ids).map((id) => ({ id, name: genreName(id) ?? String(id) })).sort((a, b) => collator.compare(a.name, b.name))
}

interface AddRowFormProps {
  rows: LayoutRow[]
  /** Whether the page has room for another row. */
  full: boolean
  onAdd: (row: CustomRow) => void
  say: (message: string) => void
}

export function AddRowForm({ rows, full, onAdd, say }: AddRowFormProps) {
  const [kind, setKind] = useState<Kind>('genre')
  const [type, setType] = useState<MediaType>('movie')
  const [genre, setGenre] = useState(() => String(genreChoices('movie')[0]?.id ?? ''))
  const [list, setList] = useState('')
  const [query, setQuery] = useState('')
  const [searchType, setSearchType] = useState<MediaType | ''>('')
  const [picks, setPicks] = useState<TitleRef[]>([])
  const [title, setTitle] = useState('')
  const [error, setError] = useState<string | null>(null)
  // Each row added starts the title finder afresh.
  const [added, setAdded] = useState(0)

  const chooseType = (next: MediaType) => {
    setType(next)
    // A series-only genre is no film genre: the choice falls back to the first film genre.
    if (next === 'movie' && !isFilmGenre(Number(genre))) setGenre(String(genreChoices('movie')[0]?.id ?? ''))
  }

  const build = (): CustomRow | string => {
    const titles = { en: title.trim() }
    const key = newRowKey(rows)
    if (!titles.en) return t('admin.rowsNeedTitle')
    switch (kind) {
      case 'genre':
        return { kind, key, titles, type, genre: Number(genre) }
      case 'list':
        return listSlug(list) ? { kind, key, titles, slug: listSlug(list) } : t('admin.rowsNeedList')
      case 'search':
        if (!query.trim()) return t('admin.rowsNeedQuery')
        return searchType ? { kind, key, titles, query: query.trim(), type: searchType } : { kind, key, titles, query: query.trim() }
      case 'picks':
        return picks.length ? { kind, key, titles, items: picks } : t('admin.rowsNeedPicks')
    }
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const row = build()
    if (typeof row === 'string') return setError(row)
    setError(null)
    onAdd(row)
    say(t('admin.rowsAdded', { title: row.titles.en ?? '', position: rows.length + 1 }))
    setList('')
    setQuery('')
    setPicks([])
    setTitle('')
    setAdded((n) => n + 1)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('admin.rowsAddHeading')}>
      <SelectField label={t('admin.rowsAddKind')} value={kind} onChange={(value) => setKind(value as Kind)}>
        {kinds.map((k) => (
          <option key={k.kind} value={k.kind}>
            {t(k.label)}
          </option>
        ))}
      </SelectField>
      {kind === 'genre' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t('admin.rowsAddType')} value={type} onChange={(value) => chooseType(value as MediaType)}>
            <option value="movie">{t('admin.rowsFilms')}</option>
            <option value="tv">{t('admin.rowsSeries')}</option>
          </SelectField>
          <SelectField label={t('admin.rowsAddGenre')} value={genre} onChange={setGenre}>
            {genreChoices(type).map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {kind === 'list' && <TextField label={t('admin.rowsAddList')} hint={t('admin.rowsAddListHint')} dir="ltr" value={list} onChange={(e) => setList(e.target.value)} autoComplete="off" />}
      {kind === 'search' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('admin.rowsAddQuery')} maxLength={LAYOUT_SEARCH_MAX} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
          <SelectField label={t('admin.rowsAddSearchType')} value={searchType} onChange={(value) => setSearchType(value as MediaType | '')}>
            <option value="">{t('admin.rowsAnyType')}</option>
            <option value="movie">{t('admin.rowsFilmsOnly')}</option>
            <option value="tv">{t('admin.rowsSeriesOnly')}</option>
          </SelectField>
        </div>
      )}
      {kind === 'picks' && (
        <fieldset>
          <legend className="text-sm font-medium text-neutral-200">{t('admin.rowsAddPicks')}</legend>
          <div className="mt-2">
            <PickedTitles
              key={added}
              titles={picks}
              max={LAYOUT_MAX_PICKS}
              onChange={setPicks}
              say={say}
              label={t('admin.rowsAddPicks')}
              finderLabel={t('admin.rowsFindTitle')}
              empty={t('admin.rowsPicksEmpty')}
            />
          </div>
        </fieldset>
      )}
      <TextField label={t('admin.rowsAddTitle')} hint={t('admin.rowsAddTitleHint')} lang="en" maxLength={LAYOUT_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" />
      {full && <p className="text-sm text-amber-200">{t('admin.rowsFull', { max: LAYOUT_MAX_ROWS })}</p>}
      <FormError message={error} />
      <Button type="submit" disabled={full}>
        {t('admin.rowsAddSubmit')}
      </Button>
    </form>
  )
}
