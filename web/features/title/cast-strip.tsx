/**
 * The cast as a horizontal strip, each member a link to their page. Arrow buttons scroll it by 200 px and appear only when there is
 * somewhere to scroll (lib/use-scroll-arrows.ts; SPEC.md sections 2 and 9). The strip starts at
 * the language's start side; the arrows are back (towards the start) and forward, and point the
 * way the strip moves, so in a right-to-left page back is on the right and points right.
 */
import { memo, useRef } from 'react'
import { Link } from 'react-router-dom'
import type { CastMember } from '../../../worker/catalog/types'
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons'
import { t } from '../../i18n'
import { isRightToLeft } from '../../lib/direction'
import { useImage } from '../../lib/images'
import { paths } from '../../lib/paths'
import { useScrollArrows } from '../../lib/use-scroll-arrows'

export const CAST_SCROLL_STEP = 200

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
}

function CastStripView({ cast }: { cast: CastMember[] }) {
  const image = useImage()
  const scroller = useRef<HTMLUListElement>(null)
  const { arrows } = useScrollArrows(scroller, cast)

  if (cast.length === 0) return null
  const rtl = isRightToLeft()
  // Forward is towards the end: rightwards in a left-to-right page, leftwards in a right-to-left one.
  const canScroll = { back: rtl ? arrows.right : arrows.left, forward: rtl ? arrows.left : arrows.right }
  const scrollBy = (direction: 1 | -1) => scroller.current?.scrollBy({ left: direction * (rtl ? -1 : 1) * CAST_SCROLL_STEP, behavior: 'smooth' })

  return (
    <section aria-labelledby="cast-heading" className="py-4">
      <div className="flex items-center justify-between">
        <h2 id="cast-heading" className="text-lg font-semibold md:text-xl">
          {t('title.cast')}
        </h2>
        <div className="flex gap-1">
          {canScroll.back && (
            <button type="button" aria-label={t('title.castScrollBack')} onClick={() => scrollBy(-1)} className="rounded-full bg-neutral-800 p-1.5 hover:bg-neutral-700">
              <ChevronLeftIcon className="rtl:-scale-x-100" />
            </button>
          )}
          {canScroll.forward && (
            <button type="button" aria-label={t('title.castScrollForward')} onClick={() => scrollBy(1)} className="rounded-full bg-neutral-800 p-1.5 hover:bg-neutral-700">
              <ChevronRightIcon className="rtl:-scale-x-100" />
            </button>
          )}
        </div>
      </div>
      <ul ref={scroller} data-testid="cast-strip" className="scrollbar-none relative mt-3 flex gap-4 overflow-x-auto scroll-smooth pb-1">
        {cast.map((person) => {
          const src = image(person.profile_path, 'profile', 96)
          return (
            <li key={`${person.id}-${person.character}`} className="w-24 shrink-0 text-center">
              <Link to={paths.person(person.id)} className="group block rounded-lg">
                <div className="mx-auto flex h-24 w-24 items-center justify-center overflow-hidden rounded-full bg-neutral-800 text-lg font-semibold text-neutral-300 ring-brand-400 group-hover:ring-2 group-focus-visible:ring-2">
                  {src ? <img src={src.src} srcSet={src.srcSet} sizes={src.srcSet && '96px'} alt="" loading="lazy" width={96} height={96} className="h-full w-full object-cover" /> : <span aria-hidden="true">{initials(person.name)}</span>}
                </div>
                <p className="mt-2 line-clamp-2 text-sm font-medium group-hover:underline" data-catalog="">
                  {person.name}
                </p>
                {person.character && (
                  <p className="line-clamp-2 text-xs text-neutral-400" data-catalog="">
                    {person.character}
                  </p>
                )}
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

// Drawn again only when the cast changes, not with every later answer of the title page.
export const CastStrip = memo(CastStripView)
