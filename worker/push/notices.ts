/**
 * The Cron Trigger's run (wrangler.toml `[triggers] crons`, the `scheduled` handler in
 * worker/index.ts): for each account with a Web Push subscription (D1's `push_subscribers`), the
 * episodes of its followed shows that became available since its last notice (an episode is
 * available from midnight of its air date in the account's zone), in one notice per account and
 * run, sent to each of its browsers; with "my services" set, each episode says which of them
 * carries it. During the account's quiet hours nothing is sent and nothing is marked, so the next
 * run after them tells of everything. A subscription the push service answers 404 or 410 for is
 * removed; one it refuses (another 4xx but 429) REFUSALS_BEFORE_DROP runs in a row is removed too
 * (push/settings.ts). A notice never reaches back more than 3 days (after a long outage, the rest
 * is old news). One run visits at most RUN_ACCOUNT_BATCH accounts, taking up where the last one
 * stopped (push/subscribers.ts), so an invocation's subrequests stay bounded.
 */
import type { NoticePlan } from '../accounts/store'
import { accountStore } from '../accounts/store-client'
import type { Owner } from '../accounts/watchlist'
import { database } from '../accounts/db'
import { dayIn, minuteOfDayIn, startOfDayIn } from '../calendar/dates'
import { followedEpisodes } from '../calendar/episodes'
import { catalogFor, defaultRegion } from '../catalog'
import type { CatalogProvider } from '../catalog/provider'
import type { Bindings } from '../env'
import { DEFAULT_LOCALE, isLocale } from '../lib/locales'
import { configuredSite } from '../lib/site-url'
import { noticePayload, type NoticeEpisode } from './messages'
import { inQuietHours } from './settings'
import { keepSubscriber, nextSubscribers, releaseEndpoints, RUN_ACCOUNT_BATCH } from './subscribers'
import { sendPush, vapidKeys, type VapidKeys } from './web-push'

const LOOKBACK_MS = 3 * 86_400_000
/** Accounts handled at once: each is a store call, cached catalogue reads and a few pushes. */
const CONCURRENCY = 4

export interface RunReport {
  accounts: number
  notices: number
  removed: number
  /** Deliveries a push service refused (counted towards dropping the subscription). */
  refused: number
  quiet: number
}

/** The names of the viewer's services that carry the show in its region; none when it has chosen none or they cannot be told. */
async function servicesFor(catalog: CatalogProvider, plan: NoticePlan, showId: number): Promise<string[]> {
  const choice = plan.services
  if (!choice || choice.services.length === 0) return []
  try {
    const options = await catalog.watchOptions('tv', showId, choice.region)
    const names = new Map<number, string>()
    for (const p of [...options.stream, ...options.free, ...options.ads]) if (p.service !== null && choice.services.includes(p.service) && !names.has(p.service)) names.set(p.service, p.name)
    return [...names.values()]
  } catch {
    return []
  }
}

async function notifyAccount(env: Bindings, waitUntil: (p: Promise<unknown>) => void, keys: VapidKeys, owner: Owner, now: number, report: RunReport): Promise<void> {
  const store = accountStore(env, owner)
  const plan = await store.noticePlan(owner)
  if (!plan || plan.subscriptions.length === 0) {
    await keepSubscriber(database(env.DB), owner, false)
    return
  }
  const { timeZone } = plan.settings
  if (inQuietHours(plan.settings, minuteOfDayIn(timeZone, now))) {
    report.quiet += 1
    return
  }
  const from = Math.max(Date.parse(plan.settings.notifiedThrough), now - LOOKBACK_MS)
  const locale = isLocale(plan.locale) ? plan.locale : DEFAULT_LOCALE
  const catalog = catalogFor(env, waitUntil, { locale, region: plan.services?.region ?? defaultRegion(env) })
  const { episodes } = await followedEpisodes(catalog, plan.shows, dayIn(timeZone, from), dayIn(timeZone, now))
  const fresh = episodes.filter((e) => {
    const at = startOfDayIn(timeZone, e.air_date)
    return at > from && at <= now
  })
  if (fresh.length) {
    const withServices: NoticeEpisode[] = await Promise.all(fresh.map(async (e) => ({ ...e, services: await servicesFor(catalog, plan, e.show_id) })))
    const payload = noticePayload(withServices, locale, configuredSite(env).origin)
    const subject = `mailto:${env.SUPPORT_EMAIL}`
    const outcomes = await Promise.all(plan.subscriptions.map((s) => sendPush(s, payload, keys, subject)))
    const delivered = outcomes.includes('sent')
    report.refused += outcomes.filter((o) => o === 'refused').length
    if (delivered) report.notices += 1
    // nothing delivered anywhere (the services failing for now): not marked, the next run tries again
    const settled = await store.settleDeliveries(
      owner,
      plan.subscriptions.map((s, i) => ({ endpoint: s.endpoint, outcome: outcomes[i]! })),
      delivered ? new Date(now).toISOString() : null,
    )
    if (!settled) return
    report.removed += settled.removed.length
    const db = database(env.DB)
    if (settled.left === 0) await keepSubscriber(db, owner, false)
    else await releaseEndpoints(db, owner, settled.removed)
    return
  }
  await store.markNotified(owner, new Date(now).toISOString())
}

/** One run of the notices, as of `now` (the trigger's scheduled time). */
export async function sendNotices(env: Bindings, waitUntil: (p: Promise<unknown>) => void, now = Date.now(), batch = RUN_ACCOUNT_BATCH): Promise<RunReport> {
  const report: RunReport = { accounts: 0, notices: 0, removed: 0, refused: 0, quiet: 0 }
  const keys = await vapidKeys(env)
  if (!keys) return report
  const owners = await nextSubscribers(database(env.DB), env.CACHE, batch)
  report.accounts = owners.length
  let next = 0
  const worker = async () => {
    while (next < owners.length) {
      const owner = owners[next++]!
      try {
        await notifyAccount(env, waitUntil, keys, owner, now, report)
      } catch (err) {
        console.error(JSON.stringify({ level: 'error', message: 'notice run failed for an account', owner: `${owner.type}:${owner.id}`, error: String(err) }))
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return report
}
