/**
 * An account's Web Push subscriptions and notice settings, in its own store (drizzle/account-store.ts:
 * `push_subscriptions`, `notice_settings`). At most 10 browsers per account; quiet hours are
 * minutes after midnight in the account's zone.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { storeNoticeSettings, storePushSubscriptions } from '../../drizzle/account-store'
import type { StoreDb } from '../accounts/db'
import { dayIn, startOfDayIn } from '../calendar/dates'
import type { PushOutcome, PushSubscriptionKeys } from './web-push'

export const MAX_SUBSCRIPTIONS = 10
/** Refused deliveries in a row after which a subscription is dropped (push/web-push.ts, 'refused'). */
export const REFUSALS_BEFORE_DROP = 3

export interface QuietHours {
  /** Minutes after midnight, in the account's zone: from `start` (included) to `end` (not). */
  start: number
  end: number
}

export interface NoticeSettings {
  timeZone: string
  quietHours: QuietHours | null
  /** When the last run's window ended (ISO): the next notice tells of what came out after it. */
  notifiedThrough: string
}

export function readNoticeSettings(db: StoreDb): NoticeSettings | null {
  const row = db.select().from(storeNoticeSettings).get()
  if (!row) return null
  const quietHours = row.quiet_start !== null && row.quiet_end !== null ? { start: row.quiet_start, end: row.quiet_end } : null
  return { timeZone: row.time_zone, quietHours, notifiedThrough: row.notified_through }
}

/**
 * The zone and quiet hours (`quietHours` undefined keeps them). A first setting starts the notices
 * just before the day began in that zone (a window is `(notified_through, run]`), so the first run
 * tells of today's episodes.
 */
export function writeNoticeSettings(db: StoreDb, timeZone: string, quietHours?: QuietHours | null, now = Date.now()): NoticeSettings {
  const quiet = quietHours === undefined ? {} : { quiet_start: quietHours?.start ?? null, quiet_end: quietHours?.end ?? null }
  db.insert(storeNoticeSettings)
    .values({ id: 1, time_zone: timeZone, ...quiet, notified_through: new Date(startOfDayIn(timeZone, dayIn(timeZone, now)) - 1).toISOString() })
    .onConflictDoUpdate({ target: storeNoticeSettings.id, set: { time_zone: timeZone, ...quiet } })
    .run()
  return readNoticeSettings(db)!
}

export function markNotified(db: StoreDb, through: string): void {
  db.update(storeNoticeSettings).set({ notified_through: through }).run()
}

export function listSubscriptions(db: StoreDb): PushSubscriptionKeys[] {
  return db.select({ endpoint: storePushSubscriptions.endpoint, p256dh: storePushSubscriptions.p256dh, auth: storePushSubscriptions.auth }).from(storePushSubscriptions).all()
}

export function countSubscriptions(db: StoreDb): number {
  return db.select({ n: sql<number>`count(*)` }).from(storePushSubscriptions).get()?.n ?? 0
}

/** Keeps a browser's subscription (its keys renewed if it was known); false when the account has its 10 already. */
export function addSubscription(db: StoreDb, subscription: PushSubscriptionKeys): boolean {
  const known = db.select({ endpoint: storePushSubscriptions.endpoint }).from(storePushSubscriptions).where(eq(storePushSubscriptions.endpoint, subscription.endpoint)).get()
  if (!known && countSubscriptions(db) >= MAX_SUBSCRIPTIONS) return false
  db.insert(storePushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({ target: storePushSubscriptions.endpoint, set: { p256dh: subscription.p256dh, auth: subscription.auth } })
    .run()
  return true
}

export function removeSubscription(db: StoreDb, endpoint: string): void {
  db.delete(storePushSubscriptions).where(eq(storePushSubscriptions.endpoint, endpoint)).run()
}

/** Whether `at` falls in the quiet hours, in the account's zone. */
export function inQuietHours(settings: Pick<NoticeSettings, 'timeZone' | 'quietHours'>, minuteOfDay: number): boolean {
  const quiet = settings.quietHours
  if (!quiet || quiet.start === quiet.end) return false
  return quiet.start < quiet.end ? minuteOfDay >= quiet.start && minuteOfDay < quiet.end : minuteOfDay >= quiet.start || minuteOfDay < quiet.end
}

/**
 * What the push services answered for the account's browsers in one run: a subscription that is
 * gone is removed, a refusal counted (and the subscription removed at REFUSALS_BEFORE_DROP in a
 * row), a delivery clears the count. Answers the endpoints removed.
 */
export function settleDeliveries(db: StoreDb, results: { endpoint: string; outcome: PushOutcome }[]): string[] {
  const removed: string[] = []
  const of = (outcome: PushOutcome) => results.filter((r) => r.outcome === outcome).map((r) => r.endpoint)
  const sent = of('sent')
  if (sent.length) db.update(storePushSubscriptions).set({ failures: 0 }).where(and(inArray(storePushSubscriptions.endpoint, sent), gt(storePushSubscriptions.failures, 0))).run()
  for (const endpoint of of('gone')) {
    removeSubscription(db, endpoint)
    removed.push(endpoint)
  }
  const refused = of('refused')
  if (refused.length) {
    const counted = db
      .update(storePushSubscriptions)
      .set({ failures: sql`${storePushSubscriptions.failures} + 1` })
      .where(inArray(storePushSubscriptions.endpoint, refused))
      .returning({ endpoint: storePushSubscriptions.endpoint, failures: storePushSubscriptions.failures })
      .all()
    for (const row of counted) {
      if (row.failures < REFUSALS_BEFORE_DROP) continue
      removeSubscription(db, row.endpoint)
      removed.push(row.endpoint)
    }
  }
  return removed
}
