/** A saved title on the watchlist, history or a list's grid: poster and title linking to its page, the viewer's rating, Add to list in its corner, plus extras below. */
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { MediaType } from '../../../worker/catalog/types'
import { AddToListCorner } from '../../components/add-to-list'
import { PosterFrame, YourRatingSlot } from '../../components/poster-card'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'

// A catalogue text keeps its own direction (dir="auto": a Latin title on an Arabic page reads and
// truncates left to right) but lines up with the page's own side.
const pageSide = 'text-left [:root[dir=rtl]_&]:text-right'

export const listGridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5'

export function ListCard({
  type,
  id,
  title,
  posterPath,
  badge,
  children,
  to,
}: {
  type: MediaType
  id: number
  title: string
  posterPath: string | null
  badge?: ReactNode
  children?: ReactNode
  /** Where the card leads, when not the title's page itself (a show's episode). */
  to?: string
}) {
  return (
    <article className="group/card relative flex flex-col">
      <Link to={to ?? paths.title(type, id)} className="group block">
        <PosterFrame path={posterPath}>
          {badge}
          <YourRatingSlot type={type} id={id} badge />
        </PosterFrame>
        <h2 dir="auto" className={`mt-2 truncate text-sm font-semibold text-neutral-100 ${pageSide}`}>{title}</h2>
        <YourRatingSlot type={type} id={id} />
      </Link>
      <AddToListCorner target={{ content_type: type, content_id: id, title, poster_path: posterPath }} />
      <p className="text-xs text-neutral-400">{type === 'movie' ? t('lists.movie') : t('lists.tvShow')}</p>
      {children}
    </article>
  )
}
