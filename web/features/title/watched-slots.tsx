/**
 * Where a title page shows the signed-in viewer's watched marks (watched-marks.tsx): nothing for a
 * visitor, and for a viewer the marks once their code has loaded, apart from the page's own. A
 * film's button is drawn, unpressable, while that code comes, so the buttons beside it never move.
 */
import { Suspense } from 'react'
import { CheckIcon } from '../../components/icons'
import { t } from '../../i18n'
import { lazyPart } from '../../lib/lazy-part'
import { useSession } from '../../lib/session'
import type { WatchedPartProps } from './watched-marks'

const WatchedPart = lazyPart('watched-marks', () => import('./watched-marks').then((m) => m.WatchedPart))

export const toggleClass = 'inline-flex items-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-semibold disabled:cursor-wait disabled:opacity-60'

/** A film's Mark watched / Watched, and under it how often it was watched once more than once; without `onClick`, waiting. */
export function FilmWatchedButton({ watched, plays, onClick }: { watched: boolean; plays: number; onClick?: () => void }) {
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        aria-pressed={watched}
        disabled={!onClick}
        onClick={onClick}
        className={`${toggleClass} ${watched ? 'border-brand-500 bg-brand-600/20 text-white hover:bg-brand-600/30' : 'border-neutral-500 bg-neutral-900/70 text-white hover:bg-neutral-800'}`}
      >
        <CheckIcon width={16} height={16} aria-hidden="true" />
        {watched ? t('taste.watchedFilm') : t('taste.markWatched')}
      </button>
      {plays > 1 && <span className="mt-1 text-xs text-neutral-400">{t('taste.watchedTimes', { count: plays })}</span>}
    </span>
  )
}

/** The place of a season's count and toggle, while they cannot be drawn yet. */
export function SeasonWatchedPlace() {
  return <div aria-hidden="true" className="min-h-9" />
}

/**
 * A film's toggle (`film`), an episode's mark (`episode`, `progress`) or a season's count and toggle
 * (`season`). While it is not known yet whether the viewer is signed in (a session cookie came, and
 * GET /api/auth/me has not answered), and while the code comes, a film's button and a season's row
 * keep their place.
 */
export function WatchedSlot(props: WatchedPartProps) {
  const session = useSession()
  if (session === null) return null
  const place = 'film' in props ? <FilmWatchedButton watched={false} plays={0} /> : 'season' in props ? <SeasonWatchedPlace /> : null
  if (session === undefined) return place
  return (
    <Suspense fallback={place}>
      <WatchedPart {...props} />
    </Suspense>
  )
}
