/**
 * A search hit: Movie / TV Show badge, poster (a drawn placeholder when there is none or it fails
 * to load), title or 'Unknown', year and a one-decimal star rating (none before anyone has rated it), the
 * viewer's own rating; optionally a two-line overview.
 */
import { Link } from 'react-router-dom'
import type { ListItem } from '../../../worker/catalog/types'
import { AddToListCorner } from '../../components/add-to-list'
import { FilmIcon, StarIcon } from '../../components/icons'
import { PosterFrame, YourRatingSlot } from '../../components/poster-card'
import { currentLocale, t } from '../../i18n'
import { paths } from '../../lib/paths'
import { hasRating, titleOf, yearOf } from '../../lib/titles'

// A catalogue text keeps its own direction (dir="auto": a Latin title on an Arabic page reads and
// truncates left to right) but lines up with the page's own side.
const pageSide = 'text-left [:root[dir=rtl]_&]:text-right'

/** A rating with one decimal, in the page's language (7.3, 7,3). */
function formatRating(value: number): string {
  return new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
}

export function SearchResultCard({ item, showOverview = false, onOpen }: { item: ListItem; showOverview?: boolean; onOpen?: () => void }) {
  const title = titleOf(item)
  const year = yearOf(item)
  return (
    <div className="group/card relative">
      <Link to={paths.title(item.media_type, item.id)} onClick={onOpen} className="group block">
        <PosterFrame
          path={item.poster_path}
          placeholder={
            <div data-testid="poster-placeholder" className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-b from-neutral-800 to-neutral-900 text-neutral-500">
              <FilmIcon width={32} height={32} />
              <span className="text-xs">{t('search.noImage')}</span>
            </div>
          }
        >
          <span className={`absolute start-1.5 top-1.5 rounded px-1.5 py-0.5 text-[11px] font-bold text-white ${item.media_type === 'movie' ? 'bg-sky-700' : 'bg-violet-700'}`}>
            {item.media_type === 'movie' ? t('search.movie') : t('search.tvShow')}
          </span>
          <YourRatingSlot type={item.media_type} id={item.id} badge />
        </PosterFrame>
        <p dir="auto" className={`mt-1.5 truncate text-sm font-medium text-neutral-100 ${pageSide}`} data-catalog="">
          {title}
        </p>
        <p className="flex h-4 items-center gap-2 text-xs text-neutral-400">
          <span>{year}</span>
          {hasRating(item.vote_average) && (
            <span className="flex items-center gap-0.5 text-amber-300">
              <StarIcon width={11} height={11} />
              <span className="sr-only">{t('search.rating')}</span>
              {formatRating(item.vote_average)}
            </span>
          )}
          <YourRatingSlot type={item.media_type} id={item.id} />
        </p>
        {showOverview && (
          <p dir="auto" className={`mt-1 line-clamp-2 text-xs text-neutral-400 ${pageSide}`} data-catalog="">
            {item.overview}
          </p>
        )}
      </Link>
      <AddToListCorner target={{ content_type: item.media_type, content_id: item.id, title, poster_path: item.poster_path }} />
    </div>
  )
}
