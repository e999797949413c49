/**
 * The viewing history on the profile page (GET /api/me/watched/plays): every film and episode the
 * viewer watched or marked watched, newest first, with the day; a rewatch is one more line. Read a
 * page at a time, the next on Show more.
 */
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { StorePlayRow } from '../../../drizzle/account-store'
import { Button } from '../../components/button'
import { currentLocale, t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { AccountSection } from './account-section'

const PAGE = 30

interface PlaysPage {
  results: StorePlayRow[]
  next: string | null
}

const playsKey = ['me', 'watched', 'plays'] as const

function dayText(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric' })
}

function PlayLine({ play }: { play: StorePlayRow }) {
  const episode = play.content_type === 'tv' && play.season_number != null && play.episode_number != null
  const to = episode ? paths.episode(play.content_id, play.season_number!, play.episode_number!) : paths.title(play.content_type, play.content_id)
  return (
    <li className="flex items-baseline justify-between gap-3 py-2">
      <Link to={to} className="min-w-0 truncate font-medium text-neutral-100 hover:underline">
        {play.title}
        {episode && <span className="ms-2 text-sm font-normal text-neutral-400">{t('cards.episodeShort', { season: play.season_number, episode: play.episode_number })}</span>}
      </Link>
      <time dateTime={play.watched_at} className="shrink-0 text-sm text-neutral-400 tabular-nums">
        {dayText(play.watched_at)}
      </time>
    </li>
  )
}

export function PlayHistory() {
  const plays = useInfiniteQuery({
    queryKey: playsKey,
    queryFn: ({ pageParam }) => readJson<PlaysPage>(api.me.watched.plays.$get({ query: { limit: String(PAGE), ...(pageParam && { before: pageParam }) } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  })
  const lines = plays.data?.pages.flatMap((page) => page.results) ?? []
  return (
    <AccountSection id="profile-plays-title" title={t('taste.playsTitle')} intro={t('taste.playsText')}>
      {plays.isPending ? (
        <p role="status" className="mt-3 text-neutral-400">
          {t('taste.playsLoading')}
        </p>
      ) : plays.isError ? (
        <p className="mt-3 text-neutral-400">{t('taste.playsFailed')}</p>
      ) : lines.length === 0 ? (
        <p className="mt-3 text-neutral-400">{t('taste.playsEmpty')}</p>
      ) : (
        <>
          <ol className="mt-3 divide-y divide-neutral-800" data-testid="plays">
            {lines.map((play) => (
              <PlayLine key={play.id} play={play} />
            ))}
          </ol>
          {plays.hasNextPage && (
            <Button variant="secondary" className="mt-3 min-h-10" onClick={() => void plays.fetchNextPage()} busy={plays.isFetchingNextPage}>
              {t('taste.playsMore')}
            </Button>
          )}
        </>
      )}
    </AccountSection>
  )
}
