/**
 * "Your rating" on a title page and in the player at the end of a title, for a signed-in viewer:
 * the stars (star-rating.tsx), the rating in figures and Remove rating; at the end of a title, in
 * the player's closing card (with More like this on a film that has similar titles), the stars
 * taking the focus when the viewer was in the player. Loaded on demand (a visitor never downloads it). A change shows at once, on this page and on every card (the ratings' place
 * in the query cache, web/lib/my-ratings.ts); it is saved half a second after the last, so moving
 * through the stars with the arrows sends one request, and a page left before then still sends it.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { MediaType } from '../../../worker/catalog/types'
import { CloseIcon } from '../../components/icons'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { myRatingsKey, myRatingsQuery, ratingKey, starsText, type MyRatings } from '../../lib/my-ratings'
import type { ClosingFrames } from './player'
import { StarRating } from './star-rating'

const SAVE_AFTER_MS = 500

const waiting = new Map<string, ReturnType<typeof setTimeout>>()

function saveSoon(client: QueryClient, type: MediaType, id: number, value: number | null, done: (error: string | null) => void): void {
  const key = ratingKey(type, id)
  clearTimeout(waiting.get(key))
  waiting.set(
    key,
    setTimeout(() => {
      waiting.delete(key)
      const param = { content_type: type, content_id: String(id) }
      const request = value ? api.me.ratings[':content_type'][':content_id'].$put({ param, json: { rating: value } }) : api.me.ratings[':content_type'][':content_id'].$delete({ param })
      readJson(request).then(
        () => done(null),
        (error: Error) => {
          // what the server holds is the truth again
          void client.invalidateQueries({ queryKey: myRatingsKey })
          done(error.message)
        },
      )
    }, SAVE_AFTER_MS),
  )
}

/** The player's closing card this rating goes in: the title's name, where More like this leads, where the card is, and its frames. */
export interface TitleEnd {
  title: string
  similarHref?: string
  atCredits: boolean
  onCancel: () => void
  frames: ClosingFrames
}

export function TitleRating({ type, id, end }: { type: MediaType; id: number; end?: TitleEnd }) {
  const rating = <Rating type={type} id={id} focusAtEnd={!!end && !end.atCredits && !end.similarHref} />
  if (!end) return rating
  const { ClosingCard, MoreLikeThisCard } = end.frames
  if (end.similarHref) {
    return (
      <MoreLikeThisCard href={end.similarHref} atCredits={end.atCredits} onCancel={end.onCancel}>
        {rating}
      </MoreLikeThisCard>
    )
  }
  return (
    <ClosingCard label={t('taste.rateTitle', { title: end.title })} testId="rate-title" atCredits={end.atCredits} onCancel={end.onCancel}>
      <p className="text-sm font-semibold sm:text-base">{t('taste.rateTitle', { title: end.title })}</p>
      {rating}
    </ClosingCard>
  )
}

function Rating({ type, id, focusAtEnd }: { type: MediaType; id: number; focusAtEnd: boolean }) {
  const client = useQueryClient()
  const ratings = useQuery(myRatingsQuery)
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const loaded = ratings.isSuccess
  useEffect(() => {
    // as the closing card's first action would: only when the viewer was in the player, not elsewhere on the page
    if (!focusAtEnd || !loaded) return
    const active = document.activeElement
    if (!active || active === document.body || box.current?.closest('[role="group"]')?.contains(active)) box.current?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')?.focus()
  }, [focusAtEnd, loaded])
  // the label's line and the stars (68 px), kept while the ratings load so nothing moves when they come
  if (ratings.isPending) return <div aria-hidden="true" className="h-[4.25rem]" />
  if (ratings.isError) return null
  const key = ratingKey(type, id)
  const value = ratings.data[key] ?? null

  const change = (next: number | null) => {
    client.setQueryData<MyRatings>(myRatingsKey, (all) => {
      const { [key]: _old, ...others } = all ?? {}
      return next ? { ...others, [key]: next } : others
    })
    setStatus(null)
    saveSoon(client, type, id, next, (error) =>
      setStatus({ text: error ? t('taste.ratingNotSaved', { error }) : next ? t('taste.ratingSaved') : t('taste.ratingRemoved'), failed: !!error }),
    )
  }

  const remove = () => {
    change(null)
    // the button goes with the rating: the focus goes back to the stars
    requestAnimationFrame(() => box.current?.querySelector<HTMLElement>('[role="radio"]')?.focus())
  }

  return (
    <div ref={box} data-testid="title-rating">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span aria-hidden="true" className="font-semibold text-neutral-200">
          {t('taste.yourRating')}
        </span>
        {value && (
          <span aria-hidden="true" className="font-semibold text-amber-300 tabular-nums">
            {starsText(value)}
          </span>
        )}
        <span role="status" className={`text-xs ${status?.failed ? 'text-red-300' : 'text-neutral-400'}`}>
          {status?.text}
        </span>
      </p>
      <div className="-ms-1.5 flex flex-wrap items-center gap-x-2">
        <StarRating value={value} onChange={change} />
        {value && (
          <button
            type="button"
            onClick={remove}
            aria-label={t('taste.removeRating')}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-neutral-300 hover:bg-neutral-800 hover:text-white"
          >
            <CloseIcon width={16} height={16} />
            {t('taste.remove')}
          </button>
        )}
      </div>
    </div>
  )
}
