/**
 * A titled, horizontally scrollable row of poster cards with arrow buttons on wide screens, each
 * shown only when the row can scroll that way. In a right-to-left page the row starts at the right
 * and its first arrow, which points right, goes back toward the start.
 * A `deferred` row draws its heading and a space of its height, and its cards only when the
 * visitor comes near it: a page of many rows starts with a small document.
 */
import { memo, useId, useRef, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { t } from '../i18n'
import { isRightToLeft } from '../lib/direction'
import { useNearScreen } from '../lib/use-in-view'
import { useScrollArrows } from '../lib/use-scroll-arrows'
import { PosterCard, type PosterItem } from './poster-card'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

const cardWidth = 'w-32 shrink-0 sm:w-36 md:w-40'

/** The footprint of one card (2:3 poster, title line, year line), so the row keeps its height. */
function RowSpace() {
  return (
    <div aria-hidden="true" className="mt-2 px-4 md:px-8">
      <div className={cardWidth}>
        <div className="aspect-[2/3]" />
        <div className="mt-1.5 h-5" />
        <div className="h-4" />
      </div>
    </div>
  )
}

interface PosterRowProps {
  title: string
  /** A line under the title, such as the date the row's figures are as of. */
  note?: string
  items: PosterItem[]
  id?: string
  /** Draw the cards only when the visitor comes near. */
  deferred?: boolean
  /**
   * The title and note are the catalogue's words (a composed page's rows, written by the worker
   * in the page's language), marked like other catalogue data.
   */
  fromCatalogue?: boolean
  /** The items are on their way: keep the row's place rather than leaving it out. */
  pending?: boolean
  /** Which cards carry the "on your services" mark. */
  onMyServices?: (item: PosterItem) => boolean
  /** Where "See all" leads: the row's every title, as a grid. */
  seeAll?: string | null
  /** A card of another kind than the poster card (Continue watching's). */
  renderCard?: (item: PosterItem) => ReactNode
}

function PosterRowView({ title, note, items, id, deferred = false, pending = false, fromCatalogue = false, onMyServices, seeAll, renderCard }: PosterRowProps) {
  const section = useRef<HTMLElement>(null)
  const near = useNearScreen(section, deferred)
  const scroller = useRef<HTMLUListElement>(null)
  const drawn = !(deferred && !near) && items.length > 0
  const { arrows } = useScrollArrows(scroller, drawn ? items : null)
  // Not from the title: a title in Japanese or Arabic has no letters a slug would keep.
  const autoId = useId()
  const headingId = id ?? `row-${autoId}`
  /** Toward the row's end (1) or its start (-1), whichever side of the screen that is. */
  const scrollBy = (dir: 1 | -1) => {
    const el = scroller.current
    if (el) el.scrollBy({ left: dir * (isRightToLeft() ? -1 : 1) * el.clientWidth * 0.8, behavior: 'smooth' })
  }
  if (items.length === 0 && !pending) return null
  return (
    <section ref={section} aria-labelledby={headingId} className="relative py-3">
      <div className="flex items-center justify-between px-4 md:px-8">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold md:text-xl" data-catalog={fromCatalogue ? '' : undefined}>
            {title}
          </h2>
          {note && (
            <p className="text-xs text-neutral-400" data-catalog={fromCatalogue ? '' : undefined}>
              {note}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {seeAll && (
            <Link to={seeAll} aria-describedby={headingId} className="rounded-full px-3 py-1.5 text-sm font-semibold text-brand-400 hover:bg-neutral-800">
              {t('cards.seeAll')}
            </Link>
          )}
          {arrows.start && (
            <button type="button" aria-label={t('cards.scrollRowToStart', { title })} onClick={() => scrollBy(-1)} className="hidden rounded-full p-1.5 text-neutral-300 hover:bg-neutral-800 md:block">
              <ChevronLeftIcon className="rtl:-scale-x-100" />
            </button>
          )}
          {arrows.end && (
            <button type="button" aria-label={t('cards.scrollRowToEnd', { title })} onClick={() => scrollBy(1)} className="hidden rounded-full p-1.5 text-neutral-300 hover:bg-neutral-800 md:block">
              <ChevronRightIcon className="rtl:-scale-x-100" />
            </button>
          )}
        </div>
      </div>
      {!drawn ? (
        <RowSpace />
      ) : (
        <ul ref={scroller} className="scrollbar-none relative mt-2 flex snap-x scroll-px-4 gap-3 overflow-x-auto scroll-smooth px-4 md:scroll-px-8 md:px-8">
          {items.map((item) => (
            <li key={`${item.media_type}-${item.id}`} className={`${cardWidth} snap-start`}>
              {renderCard ? renderCard(item) : <PosterCard item={item} onMyServices={onMyServices?.(item) ?? false} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

// Drawn again only when its own props change: a page's later answers (the player's sources, the
// connection's quality) redraw the page around a row, not its cards.
export const PosterRow = memo(PosterRowView)
