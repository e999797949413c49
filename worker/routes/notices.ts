/**
 * The signed-in account's new-episode notices (Web Push, worker/push/):
 *   GET    /api/me/notices                 { available, publicKey, timeZone, quietHours, subscriptions }
 *   PUT    /api/me/notices                 { timeZone, quietHours: { start: "22:00", end: "07:00" } | null }
 *   POST   /api/me/notices/subscriptions   { endpoint, keys: { p256dh, auth }, timeZone }: this browser gets notices
 *   DELETE /api/me/notices/subscriptions   { endpoint }: it no longer does
 * `available` is false while the operator has set no VAPID keys; a subscription is then refused
 * with 503. Endpoints must be a known push service's https address (the worker will POST to it).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { accountStore, myAccountStore } from '../accounts/store-client'
import type { NoticeState } from '../accounts/store'
import { closedForMaintenance, requireAccount, requireAccountLevel } from '../auth/guards'
import { timeZoneSchema } from '../calendar/dates'
import type { AppEnv, Bindings } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { claimEndpoint, keepSubscriber, releaseEndpoints } from '../push/subscribers'
import { isP256Point, vapidKeys } from '../push/web-push'

/** The push services of Chrome, Edge, Firefox and Safari: the only hosts the worker will send to. */
const PUSH_HOSTS = [/^fcm\.googleapis\.com$/, /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/, /^[a-z0-9-]+\.notify\.windows\.com$/, /^(?:web\.push|[a-z0-9-]+\.push)\.apple\.com$/]

export function isPushEndpoint(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' && !url.username && !url.password && (url.port === '' || url.port === '443') && PUSH_HOSTS.some((host) => host.test(url.hostname))
  } catch {
    return false
  }
}

const endpointSchema = z.string().max(1024, errorMessage('errors.pushEndpointInvalid')).refine(isPushEndpoint, errorMessage('errors.pushEndpointInvalid'))
const subscriptionSchema = z
  .object({
    endpoint: endpointSchema,
    keys: z.object({
      p256dh: z.string().refine(isP256Point, errorMessage('errors.pushKeysInvalid')),
      auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, errorMessage('errors.pushKeysInvalid')),
    }),
    // PushSubscription.toJSON() carries it; null for subscriptions that do not expire
    expirationTime: z.number().nullable().optional(),
    timeZone: timeZoneSchema,
  })
  .strict()

function minutes(text: string): number {
  const [h, m] = text.split(':').map(Number)
  return h! * 60 + m!
}

function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

const clockSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, errorMessage('errors.quietHoursInvalid')).transform(minutes)
const settingsSchema = z
  .object({
    timeZone: timeZoneSchema,
    quietHours: z.object({ start: clockSchema, end: clockSchema }).strict().nullable(),
  })
  .strict()

async function noticesAnswer(env: Bindings, state: NoticeState) {
  const keys = await vapidKeys(env)
  return {
    available: keys !== null,
    publicKey: keys?.publicKey ?? null,
    timeZone: state.timeZone,
    quietHours: state.quietHours ? { start: clock(state.quietHours.start), end: clock(state.quietHours.end) } : null,
    subscriptions: state.subscriptions,
  }
}

const PRIVATE = { 'Cache-Control': 'private, no-store' }

export const noticeRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, requireAccountLevel, async (c) => {
    const { store, owner } = myAccountStore(c)
    const state = await store.noticeState(owner)
    if (!state) return apiError(c, 401, 'errors.noSession')
    return c.json(await noticesAnswer(c.env, state), 200, PRIVATE)
  })
  .put('/', requireAccount, requireAccountLevel, closedForMaintenance, validate('json', settingsSchema), async (c) => {
    const { store, owner } = myAccountStore(c)
    const { timeZone, quietHours } = c.req.valid('json')
    const state = await store.setNoticeSettings(owner, timeZone, quietHours)
    if (!state) return apiError(c, 401, 'errors.noSession')
    return c.json(await noticesAnswer(c.env, state), 200, PRIVATE)
  })
  .post('/subscriptions', requireAccount, requireAccountLevel, closedForMaintenance, validate('json', subscriptionSchema), async (c) => {
    if (!(await vapidKeys(c.env))) return apiError(c, 503, 'errors.noticesOff')
    const { store, owner } = myAccountStore(c)
    const { endpoint, keys, timeZone } = c.req.valid('json')
    const state = await store.subscribe(owner, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, timeZone)
    if (state === null) return apiError(c, 401, 'errors.noSession')
    if (state === 'full') return apiError(c, 409, 'errors.tooManyPushSubscriptions')
    const db = database(c.env.DB)
    await keepSubscriber(db, owner, true)
    // one browser, one account: subscribed here, it leaves the account it was subscribed under before
    const previous = await claimEndpoint(db, endpoint, owner)
    if (previous) {
      const left = await accountStore(c.env, previous).unsubscribe(previous, endpoint)
      if (!left) await keepSubscriber(db, previous, false)
    }
    return c.json(await noticesAnswer(c.env, state), 201, PRIVATE)
  })
  .delete('/subscriptions', requireAccount, validate('json', z.object({ endpoint: z.string().max(1024) }).strict()), async (c) => {
    const { store, owner } = myAccountStore(c)
    const left = await store.unsubscribe(owner, c.req.valid('json').endpoint)
    if (left === null) return apiError(c, 401, 'errors.noSession')
    const db = database(c.env.DB)
    if (left === 0) await keepSubscriber(db, owner, false)
    else await releaseEndpoints(db, owner, [c.req.valid('json').endpoint])
    const state = await store.noticeState(owner)
    return c.json(await noticesAnswer(c.env, state ?? { timeZone: null, quietHours: null, subscriptions: 0 }), 200, PRIVATE)
  })
