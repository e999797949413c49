/**
 * 'Browse by Title' on /: # and A to Z (A first), movies and TV starting with the letter, infinite
 * scroll. It sits at the foot of the page, so its titles are fetched only when the visitor comes near.
 */
import { useCallback, useRef, useState } from 'react'
import { PosterGrid } from '../../components/poster-grid'
import { PosterGridSkeleton } from '../../components/skeletons'
import { t } from '../../i18n'
import { catalogKeys } from '../../lib/catalog'
import { useNearScreen } from '../../lib/use-in-view'
import { fetchBrowsePage } from './api/use-home-page'

const letters = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']

export function BrowseByTitle() {
  const [letter, setLetter] = useState('A')
  const fetchPage = useCallback((page: number) => fetchBrowsePage(letter, page), [letter])
  const section = useRef<HTMLElement>(null)
  const near = useNearScreen(section)
  return (
    <section ref={section} aria-labelledby="browse-title-heading" className="px-4 py-6 md:px-8">
      <h2 id="browse-title-heading" className="text-xl font-bold md:text-2xl">{t('home.browseByTitle')}</h2>
      {/* One line that scrolls sideways on a phone, rather than four rows of letters. */}
      <div role="group" aria-label={t('home.firstLetter')} className="scrollbar-none -mx-4 my-4 flex gap-1.5 overflow-x-auto px-4 md:mx-0 md:flex-wrap md:px-0">
        {letters.map((l) => (
          <button
            key={l}
            type="button"
            aria-pressed={l === letter}
            aria-label={l === '#' ? t('home.titlesStartingWithSymbol') : t('home.titlesStartingWith', { letter: l })}
            // The letters index the catalogue's titles, which are data, not words of the interface.
            data-catalog-text={l}
            onClick={() => setLetter(l)}
            className={`h-9 w-9 shrink-0 rounded-md text-sm font-semibold transition ${l === letter ? 'bg-brand-600 text-white' : 'bg-neutral-900 text-neutral-300 hover:bg-neutral-800 hover:text-white'}`}
          >
            <span data-catalog="">{l}</span>
          </button>
        ))}
      </div>
      {near ? (
        <PosterGrid key={letter} queryKey={catalogKeys.list('browse', letter)} fetchPage={fetchPage} label={t('home.titlesStartingWith', { letter })} labelData={letter} emptyText={t('home.noTitlesStartWith', { letter })} />
      ) : (
        <PosterGridSkeleton count={12} />
      )}
    </section>
  )
}
