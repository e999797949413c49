/**
 * Where a title page shows the signed-in viewer's watched marks (watched-marks.tsx): nothing for a
 * visitor, and for a viewer the marks once their code has loaded, apart from the page's own.
 */
import { Suspense } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { useSession } from '../../lib/session'
import type { WatchedPartProps } from './watched-marks'

const WatchedPart = lazyPart('watched-marks', () => import('./watched-marks').then((m) => m.WatchedPart))

/** A film's toggle (`film`), an episode's mark (`episode`, `progress`) or a season's count and toggle (`season`). */
export function WatchedSlot(props: WatchedPartProps) {
  return useSession() ? (
    <Suspense>
      <WatchedPart {...props} />
    </Suspense>
  ) : null
}
