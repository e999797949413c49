/**
 * Where to Watch's place on a title page: the section and its heading are drawn with the page;
 * what it holds (where-to-watch.tsx: the services, the region menu) has its code and its data
 * fetched once the section comes near the screen, far below where the page opens. Nothing moves
 * meanwhile: the section keeps its least height.
 */
import { memo, Suspense, useRef, type ReactNode } from 'react'
import type { MediaType } from '../../../worker/catalog/types'
import { t } from '../../i18n'
import { lazyPart } from '../../lib/lazy-part'
import { useNearScreen } from '../../lib/use-in-view'

const WhereToWatchBody = lazyPart('where-to-watch', () => import('./where-to-watch').then((m) => m.WhereToWatchBody))

/** The heading's row, with what goes beside the heading (the region menu). */
export function WhereToWatchHeading({ children }: { children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id="where-to-watch" className="text-xl font-semibold">
        {t('watch.heading')}
      </h2>
      {children}
    </div>
  )
}

/** The section's line while its answer is on the way (empty while the section is still far off). */
export function WhereToWatchPending({ near }: { near: boolean }) {
  return (
    <p className="text-sm text-neutral-400" aria-live="polite">
      {near ? t('common.loading') : ''}
    </p>
  )
}

function WhereToWatchView({ type, id }: { type: MediaType; id: number }) {
  const ref = useRef<HTMLElement>(null)
  const near = useNearScreen(ref)
  const waiting = (
    <>
      <WhereToWatchHeading />
      <WhereToWatchPending near={near} />
    </>
  )
  return (
    <section ref={ref} aria-labelledby="where-to-watch" className="mt-8 min-h-32 rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5">
      {near ? (
        <Suspense fallback={waiting}>
          <WhereToWatchBody type={type} id={id} />
        </Suspense>
      ) : (
        waiting
      )}
    </section>
  )
}

// Drawn again only when the title changes, not with every later answer of the title page.
export const WhereToWatch = memo(WhereToWatchView)
