/**
 * The weekly "new on the site" e-mail (Cron Trigger WEEKLY_CRON in wrangler.toml, the `scheduled`
 * handler in worker/index.ts). An issue is named by the Monday it starts (UTC). The weekly run
 * starts it: it marks the week as started in KV and sends to the first WEEKLY_BATCH confirmed
 * addresses; each hourly run after it sends to the next batch until every confirmed address has
 * it, so one invocation stays well inside Workers' subrequest limit (each e-mail is one). Addresses
 * are claimed and marked in one statement (worker/newsletter/subscribers.ts), so overlapping runs
 * never send one twice; one whose e-mail then fails is logged and waits for next week. An address
 * confirmed during the week gets that week's issue with the next hourly run.
 *
 * What is new: with a live catalogue (TMDB), the films and series first released in the last 7
 * days, newest first; with the embedded catalogue, whose dates stop at its snapshot, nothing is
 * released any more, so the e-mail says plainly that it lists the catalogue's newest titles. At
 * most NEWSLETTER_ITEMS of each kind, in the subscriber's language. A week with nothing at all to
 * list sends nothing. Without a mailer (worker/mail/mailer.ts: the MAILER binding with MAIL_FROM,
 * or the dev mailbox on a loopback SITE_URL) nothing runs.
 */
import type { Db } from '../accounts/db'
import { database } from '../accounts/db'
import { catalogFor } from '../catalog'
import type { ListItem } from '../catalog/types'
import type { Bindings } from '../env'
import { addDays } from '../catalog/rules'
import { DEFAULT_LOCALE, isLocale, localizedPath, type Locale } from '../lib/locales'
import { configuredSite } from '../lib/site-url'
import { mailConfigured, sendMail } from '../mail/mailer'
import { newsletterWeeklyMail, type NewsletterItem } from '../mail/messages'
import { claimRecipients, deleteExpiredPending, releaseRecipients, unsubscribeToken } from './subscribers'

export const WEEKLY_CRON = '0 8 * * 1'
/** Addresses e-mailed by one run. */
export const WEEKLY_BATCH = 200
/** Films and series each (the e-mail lists at most twice this). */
export const NEWSLETTER_ITEMS = 5
const ISSUE_KEY = 'newsletter-issue:v1'
const SEND_CONCURRENCY = 10

/** The Monday (UTC, YYYY-MM-DD) of the week `time` falls in. */
export function weekOf(time: number): string {
  const day = new Date(time)
  const sinceMonday = (day.getUTCDay() + 6) % 7
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday)).toISOString().slice(0, 10)
}

export interface WeeklyReport {
  week: string
  sent: number
  failed: number
  skipped: number
}

interface Issue {
  kind: 'week' | 'newest'
  items: NewsletterItem[]
}

async function issueIn(env: Bindings, locale: Locale, origin: string, time: number, waitUntil: (p: Promise<unknown>) => void): Promise<Issue> {
  const provider = catalogFor(env, waitUntil, { locale })
  const snapshot = await provider.snapshotDate()
  const today = snapshot ?? new Date(time).toISOString().slice(0, 10)
  const kind = snapshot ? 'newest' : 'week'
  const window = { sortBy: 'newest' as const, releasedTo: today, ...(kind === 'week' && { releasedFrom: addDays(today, -6) }) }
  const [films, series] = await Promise.all([provider.discover('movie', window, 1), provider.discover('tv', window, 1)])
  const items = [...films.results.slice(0, NEWSLETTER_ITEMS), ...series.results.slice(0, NEWSLETTER_ITEMS)].map((item: ListItem) => ({
    title: item.title ?? item.name ?? '',
    year: (item.release_date ?? item.first_air_date ?? '').slice(0, 4) || null,
    url: `${origin}${localizedPath(locale, `/${item.media_type}/${item.id}`)}`,
  }))
  return { kind, items }
}

/**
 * Sends the week's e-mail to the next batch of confirmed addresses. `start` is the weekly run,
 * which starts the issue; an hourly run only continues an issue started this week.
 */
export async function sendWeekly(env: Bindings, waitUntil: (p: Promise<unknown>) => void, time: number, start: boolean): Promise<WeeklyReport> {
  const week = weekOf(time)
  const report: WeeklyReport = { week, sent: 0, failed: 0, skipped: 0 }
  if (!mailConfigured(env)) return report
  if (start) await env.CACHE.put(ISSUE_KEY, week)
  else if ((await env.CACHE.get(ISSUE_KEY)) !== week) return report
  const db: Db = database(env.DB)
  if (start) await deleteExpiredPending(db)
  const recipients = await claimRecipients(db, week, WEEKLY_BATCH)
  if (recipients.length === 0) return report
  const origin = configuredSite(env).origin
  const issues = new Map<Locale, Promise<Issue>>()
  const issueFor = (locale: Locale) => {
    let issue = issues.get(locale)
    if (!issue) issues.set(locale, (issue = issueIn(env, locale, origin, time, waitUntil)))
    return issue
  }
  const unsent: number[] = []
  for (let i = 0; i < recipients.length; i += SEND_CONCURRENCY) {
    await Promise.all(
      recipients.slice(i, i + SEND_CONCURRENCY).map(async (recipient) => {
        const locale = isLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE
        let issue: Issue
        try {
          issue = await issueFor(locale)
        } catch (err) {
          // the catalogue could not say what is new: this address waits for the next run this week
          unsent.push(recipient.id)
          report.failed++
          console.error(JSON.stringify({ level: 'error', message: 'weekly e-mail issue not made', week, locale, error: String(err) }))
          return
        }
        try {
          if (issue.items.length === 0) {
            report.skipped++
            return
          }
          const unsubscribeUrl = `${origin}/newsletter/unsubscribe?token=${await unsubscribeToken(env, recipient.id, recipient.salt)}`
          await sendMail(env, env.SITE_URL, newsletterWeeklyMail(env, recipient.email, issue.kind, issue.items, unsubscribeUrl, locale))
          report.sent++
        } catch (err) {
          report.failed++
          console.error(JSON.stringify({ level: 'error', message: 'weekly e-mail not sent', week, error: String(err) }))
        }
      }),
    )
  }
  await releaseRecipients(db, unsent, week)
  return report
}
