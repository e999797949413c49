/**
 * The cast as a horizontal strip. Arrow buttons scroll it by 200 px and appear only when there is
 * somewhere to scroll (lib/use-scroll-arrows.ts; SPEC.md sections 2 and 9).
 */
import { useRef } from 'react'
import type { CastMember } from '../../../worker/catalog/types'
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons'
import { useImageUrl } from '../../lib/images'
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

export function CastStrip({ cast }: { cast: CastMember[] }) {
  const image = useImageUrl()
  const scroller = useRef<HTMLUListElement>(null)
  const { arrows: canScroll } = useScrollArrows(scroller, cast)

  if (cast.length === 0) return null
  const scrollBy = (direction: 1 | -1) => scroller.current?.scrollBy({ left: direction * CAST_SCROLL_STEP, behavior: 'smooth' })

  return (
    <section aria-labelledby="cast-heading" className="py-4">
      <div className="flex items-center justify-between">
        <h2 id="cast-heading" className="text-lg font-semibold md:text-xl">Cast</h2>
        <div className="flex gap-1">
          {canScroll.left && (
            <button type="button" aria-label="Scroll cast left" onClick={() => scrollBy(-1)} className="rounded-full bg-neutral-800 p-1.5 hover:bg-neutral-700">
              <ChevronLeftIcon />
            </button>
          )}
          {canScroll.right && (
            <button type="button" aria-label="Scroll cast right" onClick={() => scrollBy(1)} className="rounded-full bg-neutral-800 p-1.5 hover:bg-neutral-700">
              <ChevronRightIcon />
            </button>
          )}
        </div>
      </div>
      <ul ref={scroller} data-testid="cast-strip" className="scrollbar-none relative mt-3 flex gap-4 overflow-x-auto scroll-smooth pb-1">
        {cast.map((person) => {
          const src = image(person.profile_path, 'w200')
          return (
            <li key={`${person.id}-${person.character}`} className="w-24 shrink-0 text-center">
              <div className="mx-auto flex h-24 w-24 items-center justify-center overflow-hidden rounded-full bg-neutral-800 text-lg font-semibold text-neutral-300">
                {src ? <img src={src} alt="" loading="lazy" width={96} height={96} className="h-full w-full object-cover" /> : <span aria-hidden="true">{initials(person.name)}</span>}
              </div>
              <p className="mt-2 line-clamp-2 text-sm font-medium">{person.name}</p>
              {person.character && <p className="line-clamp-2 text-xs text-neutral-400">{person.character}</p>}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
