/**
 * Finds a title in the catalogue by name, as the site's quick search does, and offers the films and
 * series it found as buttons: the streams editor, a row of hand-picked titles and the hero's picks
 * all choose titles with it.
 */
import { useState } from 'react'
import { Button } from '../../components/button'
import { t } from '../../i18n'
import { titleOf, yearOf } from '../../lib/titles'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { TextField } from '../account/auth-form'
import { SEARCH_MIN_LENGTH, useQuickSearch } from '../search/api/use-search'

export interface ChosenTitle {
  content_type: 'movie' | 'tv'
  content_id: number
  name: string
}

export function TitleFinder({ onChoose, label = t('admin.streamFind'), disabled = false }: { onChoose: (title: ChosenTitle) => void; label?: string; disabled?: boolean }) {
  const [term, setTerm] = useState('')
  const settled = useDebouncedValue(term.trim(), 300)
  const search = useQuickSearch(settled)
  const results = (search.data?.results ?? []).filter((item) => item.media_type === 'movie' || item.media_type === 'tv').slice(0, 8)
  return (
    <div>
      <TextField
        label={label}
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        autoComplete="off"
        disabled={disabled}
        // The titles come as the term is typed: Enter asks nothing more, and sends no form the finder is in.
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      />
      {!disabled && settled.length >= SEARCH_MIN_LENGTH && search.data && (
        results.length === 0 ? (
          <p className="mt-2 text-sm text-neutral-400">{t('admin.streamNoResults')}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('admin.streamSearchResults')}>
            {results.map((item) => {
              const name = titleOf(item)
              const year = yearOf(item)
              return (
                <li key={`${item.media_type}-${item.id}`}>
                  <Button variant="secondary" onClick={() => onChoose({ content_type: item.media_type as 'movie' | 'tv', content_id: item.id, name })}>
                    <span dir="auto">{name}</span>
                    {year && ` (${year})`} · {t(item.media_type === 'movie' ? 'admin.streamKindFilm' : 'admin.streamKindShow')}
                  </Button>
                </li>
              )
            })}
          </ul>
        )
      )}
    </div>
  )
}
