/**
 * "Your rating" on a poster card, for a signed-in viewer: a "★ 4.5" badge on the poster, or the
 * same in words after the year (the card's link reads it). Loaded apart from the card, once someone
 * is signed in.
 */
import type { MediaType } from '../../worker/catalog/types'
import { t } from '../i18n'
import { starsText, useMyRating } from '../lib/my-ratings'
import { StarIcon } from './icons'

export function YourRating({ type, id, badge = false }: { type: MediaType; id: number; badge?: boolean }) {
  const mine = useMyRating(type, id)
  if (!mine) return null
  return badge ? (
    <span aria-hidden="true" data-testid="your-rating" className="absolute end-1.5 bottom-2.5 flex items-center gap-0.5 rounded bg-brand-600 px-1.5 py-0.5 text-[11px] font-semibold text-white">
      <StarIcon width={10} height={10} />
      {starsText(mine)}
    </span>
  ) : (
    <span className="sr-only">{t('taste.yourRatingAfterYear', { stars: starsText(mine) })}</span>
  )
}
