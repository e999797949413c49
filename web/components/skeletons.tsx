/**
 * Placeholders with the exact footprint of what they stand for (hero height, poster aspect
 * ratio, row height), so nothing moves when the data arrives.
 */
import { heroBackdrop, heroFrame } from './hero-frame'

export function HeroSkeleton() {
  return (
    <div aria-hidden="true" className={`${heroFrame} animate-pulse overflow-hidden bg-neutral-950 lg:bg-neutral-900`}>
      <div className={`${heroBackdrop} bg-neutral-900`} />
      <div className="absolute inset-x-0 bottom-14 space-y-4 px-4 md:bottom-16 md:px-16">
        <div className="h-6 w-40 rounded bg-neutral-800" />
        <div className="h-9 w-3/4 max-w-xl rounded bg-neutral-800 md:h-12" />
        <div className="h-4 w-1/2 max-w-xs rounded bg-neutral-800" />
        <div className="h-16 w-full max-w-xl rounded bg-neutral-800" />
        <div className="flex gap-3">
          <div className="h-11 w-32 rounded-lg bg-neutral-800" />
          <div className="h-11 w-44 rounded-lg bg-neutral-800" />
        </div>
      </div>
    </div>
  )
}

export function PosterCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse">
      <div className="aspect-[2/3] rounded-lg bg-neutral-800" />
      <div className="mt-1.5 h-4 w-4/5 rounded bg-neutral-800" />
      <div className="mt-1 h-3 w-1/3 rounded bg-neutral-800" />
    </div>
  )
}

export function PosterRowSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="py-3">
      <div className="mx-4 h-6 w-44 animate-pulse rounded bg-neutral-800 md:mx-8" />
      <div className="mt-2 flex gap-3 overflow-hidden px-4 md:px-8">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="w-32 shrink-0 sm:w-36 md:w-40">
            <PosterCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  )
}

// Columns of about 150 to 200 px at every width, sidebar included.
export const posterGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8'

export function PosterGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div aria-hidden="true" className={posterGridClass}>
      {Array.from({ length: count }, (_, i) => (
        <PosterCardSkeleton key={i} />
      ))}
    </div>
  )
}
