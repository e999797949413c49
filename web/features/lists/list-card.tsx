/** A saved title on the watchlist or history grid: poster and title linking to its page, plus extras below. */
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { MediaType } from '../../../worker/catalog/types'
import { useImageUrl } from '../../lib/images'
import { paths } from '../../lib/paths'

export const listGridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5'

export function ListCard({
  type,
  id,
  title,
  posterPath,
  badge,
  children,
}: {
  type: MediaType
  id: number
  title: string
  posterPath: string | null
  badge?: ReactNode
  children?: ReactNode
}) {
  const image = useImageUrl()
  const [broken, setBroken] = useState(false)
  const src = broken ? null : image(posterPath, 'w500')
  return (
    <article className="flex flex-col">
      <Link to={paths.title(type, id)} className="group block">
        <div className="relative aspect-[2/3] overflow-hidden rounded-lg bg-neutral-800 ring-brand-400 transition group-hover:ring-2 group-focus-visible:ring-2">
          {src ? (
            <img src={src} alt="" loading="lazy" decoding="async" width={500} height={750} onError={() => setBroken(true)} className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full w-full items-center justify-center p-2 text-center text-xs text-neutral-400">No Image</div>
          )}
          {badge}
        </div>
        <h2 className="mt-2 truncate text-sm font-semibold text-neutral-100">{title}</h2>
      </Link>
      <p className="text-xs text-neutral-400">{type === 'movie' ? 'Movie' : 'TV Show'}</p>
      {children}
    </article>
  )
}
