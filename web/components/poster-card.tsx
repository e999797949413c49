/** A title's poster card: links to its page and shows the poster (or 'No Image'), rating badge, the viewer's own rating and year, with Add to list in its corner. */
import { Suspense, useState, type ComponentProps, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { ListItem } from '../../worker/catalog/types'
import { t } from '../i18n'
import { useImage } from '../lib/images'
import { lazyPart } from '../lib/lazy-part'
import { useSession } from '../lib/session'
import { paths } from '../lib/paths'
import { hasRating, ratingOf, titleOf, yearOf } from '../lib/titles'
import { AddToListCorner } from './add-to-list'
import { CheckIcon, StarIcon } from './icons'

/** `vote_average` may be missing for saved entries (watchlist, history), or 0 for a title nobody has rated yet: the badge is left out then. */
export type PosterItem = Pick<ListItem, 'id' | 'media_type' | 'title' | 'name' | 'poster_path' | 'release_date' | 'first_air_date'> & {
  vote_average?: number | null
  /** The streaming services the title is on, where a composed page says (see CardItem). */
  providers?: number[]
}

/** A card is at most about 240 px wide (2 to 10 columns, rows of fixed-width cards): its 1x image. */
const POSTER_WIDTH = 240
/** How wide a card is shown, for the browser to pick from the srcset: half a phone (two columns), else at most 240 px. */
export const POSTER_SIZES = '(min-width: 640px) 240px, 50vw'

/**
 * A poster in its 2:3 frame, inside a `group` link: the image (lazy, and replaced by the
 * placeholder when it is missing or fails to load) and whatever badges are laid over it.
 */
export function PosterFrame({ path, placeholder, children }: { path: string | null; placeholder?: ReactNode; children?: ReactNode }) {
  const image = useImage()
  const [broken, setBroken] = useState(false)
  const src = broken ? null : image(path, 'poster', POSTER_WIDTH)
  return (
    <div className="relative aspect-[2/3] overflow-hidden rounded-lg bg-neutral-800 ring-brand-400 transition group-hover:ring-2 group-focus-visible:ring-2">
      {src ? (
        <img src={src.src} srcSet={src.srcSet} sizes={src.srcSet && POSTER_SIZES} alt="" loading="lazy" decoding="async" width={500} height={750} onError={() => setBroken(true)} className="h-full w-full object-cover transition group-hover:scale-105" />
      ) : (
        (placeholder ?? (
          <div aria-hidden="true" className="flex h-full w-full items-center justify-center p-2 text-center text-xs text-neutral-400">
            {t('cards.noImage')}
          </div>
        ))
      )}
      {children}
    </div>
  )
}

/** The mark on a card whose title is on one of the visitor's services; its words are in the card's text. */
function OnServicesMark() {
  return (
    <span aria-hidden="true" title={t('cards.onYourServices')} className="absolute start-1.5 bottom-1.5 flex h-5 w-5 items-center justify-center rounded-full bg-emerald-600 text-white ring-1 ring-black/40">
      <CheckIcon width={12} height={12} strokeWidth={3} />
    </span>
  )
}

const YourRating = lazyPart('your-rating', () => import('./your-rating').then((m) => m.YourRating))

/**
 * A signed-in viewer's own rating of a card's title (your-rating.tsx, whose code loads then): the
 * badge on the poster, or its words after the card's text.
 */
export function YourRatingSlot(props: ComponentProps<typeof YourRating>) {
  if (!useSession()) return null
  return (
    <Suspense fallback={null}>
      <YourRating {...props} />
    </Suspense>
  )
}

export function PosterCard({ item, className = '', onMyServices = false }: { item: PosterItem; className?: string; onMyServices?: boolean }) {
  const title = titleOf(item)
  const year = yearOf(item)
  return (
    // The list button sits beside the link, not in it: a button inside a link is not allowed.
    <div className={`group/card relative ${className}`}>
      <Link to={paths.title(item.media_type, item.id)} className="group block">
        <PosterFrame path={item.poster_path}>
          {hasRating(item.vote_average) && (
            <span aria-hidden="true" className="absolute start-1.5 top-1.5 flex items-center gap-0.5 rounded bg-black/75 px-1.5 py-0.5 text-[11px] font-semibold text-amber-300">
              <StarIcon width={10} height={10} />
              {ratingOf(item.vote_average)}
            </span>
          )}
          {onMyServices && <OnServicesMark />}
          <YourRatingSlot type={item.media_type} id={item.id} badge />
        </PosterFrame>
        {/* A title keeps its own direction (a Latin title on an Arabic page reads and is cut left to
            right) and lines up with the page's side. */}
        <p data-catalog="" dir="auto" className="mt-1.5 truncate text-left text-sm font-medium text-neutral-100 rtl:text-right">{title}</p>
        <p className="h-4 text-xs text-neutral-400">
          {year}
          {hasRating(item.vote_average) && <span className="sr-only">{t('cards.ratingAfterYear', { rating: ratingOf(item.vote_average) })}</span>}
          {onMyServices && <span className="sr-only">{t('cards.onServicesAfterYear')}</span>}
          <YourRatingSlot type={item.media_type} id={item.id} />
        </p>
      </Link>
      <AddToListCorner target={{ content_type: item.media_type, content_id: item.id, title, poster_path: item.poster_path }} />
    </div>
  )
}
