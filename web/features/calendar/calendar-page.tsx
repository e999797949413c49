/**
 * /calendar: the episodes of the shows the signed-in account follows, the next 30 days and the
 * last 7, by day in the browser's time zone; each opens the episode's page. With a catalogue whose
 * series have ended (the embedded one) it says so, and lists the latest episode it has a date for
 * of each followed show. Below, the account's private iCal feed (feed-section.tsx). A visitor sees the access-restricted view, as on /watchlist.
 */
import { Link } from 'react-router-dom'
import type { CalendarEpisode } from '../../../worker/calendar/episodes'
import { AccessDenied } from '../../components/access-denied'
import { LoadError } from '../../components/load-error'
import { PageHeading } from '../../components/page-heading'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { useCalendar } from './api'
import { browserTimeZone, fullDate, groupByDay, type CalendarDay } from './days'
import { FeedSection } from './feed-section'

function EpisodeLink({ episode, withDate = false }: { episode: CalendarEpisode; withDate?: boolean }) {
  const code = t('account.calendarEpisodeCode', { season: episode.season_number, episode: episode.episode_number })
  return (
    <Link
      to={paths.episode(episode.show_id, episode.season_number, episode.episode_number)}
      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-neutral-800 bg-neutral-900 px-4 py-3 hover:border-neutral-600 hover:bg-neutral-800"
    >
      <span data-catalog="" className="font-semibold text-white">{episode.show_title}</span>
      <span className="text-sm font-semibold text-brand-400">{code}</span>
      {episode.name && <span data-catalog="" className="text-sm text-neutral-300">{episode.name}</span>}
      {withDate && <span className="text-sm text-neutral-400">{t('account.calendarAiredOn', { date: fullDate(episode.air_date) })}</span>}
    </Link>
  )
}

function Days({ days, headingLevel }: { days: CalendarDay[]; headingLevel: 'h3' }) {
  const Heading = headingLevel
  return (
    <ol className="space-y-5">
      {days.map((day) => (
        <li key={day.day}>
          <Heading className="mb-2 text-sm font-semibold text-neutral-300">
            <time dateTime={day.day}>{day.label}</time>
          </Heading>
          <ul className="space-y-2">
            {day.episodes.map((e) => (
              <li key={`${e.show_id}-${e.season_number}-${e.episode_number}`}>
                <EpisodeLink episode={e} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  )
}

export function Component() {
  const session = useSession()
  const timeZone = browserTimeZone()
  const calendar = useCalendar(timeZone, !!session)

  if (session === null) return <AccessDenied variant="login-required" subheading={t('account.calendarLogin')} showHome={false} />

  const data = calendar.data
  return (
    <div className="pb-10">
      <PageHeading title={t('account.calendarTitle')}>
        <p className="mt-1 text-sm text-neutral-400" data-catalog-text={timeZone}>
          {t('account.calendarIntro', { zone: timeZone })}
        </p>
      </PageHeading>
      <div className="max-w-3xl space-y-8 px-4 md:px-8">
        {session === undefined || calendar.isPending ? (
          <p role="status" className="py-10 text-neutral-400">{t('common.loadingDots')}</p>
        ) : calendar.isError || !data ? (
          <LoadError message={t('account.calendarLoadFailed')} onRetry={() => void calendar.refetch()} className="!mx-0" />
        ) : data.following === 0 ? (
          <div className="flex flex-col items-start gap-3 py-6">
            <p className="text-lg font-semibold">{t('account.calendarFollowNothing')}</p>
            <p className="text-neutral-400">{t('account.calendarFollowNothingText')}</p>
            <Link to={paths.tvShows()} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
              {t('account.calendarBrowseShows')}
            </Link>
          </div>
        ) : (
          <>
            {data.catalogue.kind === 'snapshot' && data.catalogue.date && (
              <p role="note" className="rounded-lg border border-amber-500/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
                {t('account.calendarSnapshotNotice', { date: fullDate(data.catalogue.date) })}
              </p>
            )}
            <section aria-labelledby="calendar-upcoming" className="space-y-3">
              <h2 id="calendar-upcoming" className="text-xl font-semibold">{t('account.calendarUpcomingHeading')}</h2>
              {data.upcoming.length ? <Days days={groupByDay(data.upcoming, data.today)} headingLevel="h3" /> : <p className="text-neutral-400">{t('account.calendarNoUpcoming')}</p>}
            </section>
            <section aria-labelledby="calendar-recent" className="space-y-3">
              <h2 id="calendar-recent" className="text-xl font-semibold">{t('account.calendarRecentHeading')}</h2>
              {data.recent.length ? <Days days={groupByDay(data.recent, data.today, true)} headingLevel="h3" /> : <p className="text-neutral-400">{t('account.calendarNoRecent')}</p>}
            </section>
            {data.latest.length > 0 && (
              <section aria-labelledby="calendar-latest" className="space-y-3">
                <h2 id="calendar-latest" className="text-xl font-semibold">{t('account.calendarLatestHeading')}</h2>
                <p className="text-sm text-neutral-400">{t('account.calendarLatestIntro')}</p>
                <ul className="space-y-2">
                  {[...data.latest].reverse().map((e) => (
                    <li key={e.show_id}>
                      <EpisodeLink episode={e} withDate />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
        {session && !session.viewer?.kids && <FeedSection timeZone={timeZone} />}
      </div>
    </div>
  )
}
