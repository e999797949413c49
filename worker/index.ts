/**
 * The Worker entry: one Hono app for the JSON API under /api and the edge-rendered pages
 * (share links, sitemap.xml, robots.txt). Everything else is the React build, served by
 * Workers static assets with single-page fallback (wrangler.toml [assets]).
 *
 * Routes:
 *   GET|HEAD /api/ping                      connection-quality probe, no-store
 *   GET      /api/config                    public deployment settings for the web app
 *   *        /api/catalog/...               catalogue (routes/catalog.ts)
 *   POST     /api/auth/password-reset[/confirm]  password reset by e-mail (routes/password-reset.ts)
 *   POST     /api/auth/passkey[/options]    sign in with a passkey (routes/passkeys.ts)
 *   *        /api/me/passkeys/...           the account's passkeys: add, list, remove (routes/passkeys.ts)
 *   *        /api/auth/second-factor/...    an administrator passes the second factor (routes/two-factor.ts)
 *   *        /api/me/two-factor/...         an administrator's authenticator app and recovery codes (routes/two-factor.ts)
 *   *        /api/auth/...                  sign-up, sign-in, sign-out, session (routes/auth.ts)
 *   *        /api/me/sessions/...           the account's sessions: list, sign out one or all (routes/sessions.ts)
 *   PUT      /api/me/locale                 the account's interface language (routes/my-locale.ts)
 *   GET|PUT  /api/me/services               the services the account has and its region (routes/my-services.ts)
 *   *        /api/me/lists/..., /api/lists/{slug}  the account's own lists; a public list (routes/lists.ts)
 *   GET|PUT  /api/me/follows[/{tvId}]       the shows the account follows (routes/follows.ts)
 *   GET      /api/me/calendar?tz=           their episodes, the last 7 days and the next 30 (routes/calendar.ts)
 *   *        /api/me/calendar/feed          the account's private iCal feed: address, new secret, revoke (routes/calendar.ts)
 *   GET      /calendar/{secret}.ics         that feed (routes/calendar-feed.ts)
 *   POST     /api/newsletter                subscribe to the weekly "new on the site" e-mail (routes/newsletter.ts)
 *   GET|POST /newsletter/confirm, /newsletter/unsubscribe   its confirmation and one-click unsubscribe pages
 *   *        /api/me/notices[/subscriptions]  new-episode notices: settings, this browser's Web Push subscription (routes/notices.ts)
 *   GET|PUT  /api/me/preferences            hide watched and spoiler-safe, the viewer's choices the catalogue follows (routes/preferences.ts)
 *   *        /api/me/ratings[/...]          the viewer's ratings in half stars, and their Letterboxd CSV (routes/ratings.ts)
 *   *        /api/me/watched[/...]          films and episodes watched: marks, a season at once, every play (routes/watched.ts)
 *   GET      /api/me/recommendations        "Because you watched" rows from the viewer's plays and ratings (routes/recommendations.ts)
 *   POST     /api/party                     start a watch party for a title: its code and host key (routes/party.ts)
 *   GET      /api/party/{code}              what a watch party plays and how many are in it; 404 once it has ended
 *   GET      /api/party/{code}/socket       a member's WebSocket to the party's room (party/room.ts; README "Watch together")
 *
 * Cron Triggers (`scheduled`): hourly, new-episode notices (push/notices.ts), the rest of the
 * week's e-mail and the audit log's prune (accounts/audit-log.ts); weekly, the week's "new on the
 * site" e-mail (newsletter/weekly.ts).
 *   *        /api/me/...                    profile, password, watchlist, history (routes/me.ts);
 *                                           export and account deletion (routes/my-data.ts); import (routes/import.ts)
 *   *        /api/admin/...                 administrator API (routes/admin.ts)
 *   *        /api/player/...                playback sources and streams (routes/player.ts)
 *   *        /api/admin/streams/...         HLS streams mapped to titles (routes/admin-streams.ts)
 *   *        /api/admin/layouts/:page/...   the composed pages' rows: draft, preview, publish, restore (routes/admin-layouts.ts)
 *   *        /api/admin/markers/...         the streams' markers (intro, recap, credits) (routes/admin-markers.ts)
 *   *        /api/admin/moderation/...      reported and hidden public lists (routes/admin-moderation.ts)
 *   GET      /api/admin/audit[/...]         the audit log, its filters, its CSV export (routes/admin-audit.ts);
 *                                           every administrator action under /api/admin writes one row (lib/admin-audit.ts)
 *   GET      /api/dev/mail                  the local dev mailbox, loopback origins only (routes/dev.ts)
 *   GET      /api/dev/counters              D1 statements counted for the bench's load model, only under it (routes/dev.ts)
 *   GET      /api/dev/store-call            an account store call that does nothing, the bench's floor, only under it (routes/dev.ts)
 *   GET      /api/img/[{edition}/]{size}/...  drawn posters and stills of the embedded catalogue (routes/images.ts)
 *   GET      /api/og/{edition}/...           share cards as PNG (routes/og.ts)
 *   GET      /robots.txt, /sitemap.xml, [/{lang}]/share/...   (routes/seo.ts)
 *   GET      [/{lang}]/, /movies, /tv-shows, /kids, /genres, /movie/{id}, /tv/{id}: index.html in the
 *            page's language with the page's code preloaded and its first data inlined (routes/app-pages.ts)
 *   GET      [/{lang}]/party/{code}         a watch party's page: the app, drawn in the browser, never indexed or kept
 *
 * Every page exists in every language: English at the root, the others under their prefix
 * ({lang} is /es, /pt-br, /zh-cn...: worker/lib/locales.ts; /en-xa is the tests' pseudo-locale).
 * A first visit to a root address is sent on to its visitor's language (routes/app-pages.ts).
 * Anything else is a file of the web build, or the app (its not-found page with a 404 for an
 * address it has no page for: routes/app-pages.ts). Unknown /api paths answer 404 `{ "error": "Not found" }`; an unexpected exception answers
 * 500 `{ "error": "Internal error" }` and is logged with the request id, never with its stack
 * in the response.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { csrf } from './auth/csrf'
import { apiError, localizedMessage, requestLocale, variesByLanguage } from './lib/api-errors'
import { withBenchCounters } from './lib/bench-counters'
import { bodyLimit } from './lib/body-limit'
import type { AppEnv, Bindings } from './env'
import { withSecurityHeaders } from './lib/security-headers'
import { adminRoutes } from './routes/admin'
import { adminInviteRoutes, inviteeRoutes } from './routes/admin-invites'
import { adminAuditRoutes } from './routes/admin-audit'
import { adminModerationRoutes } from './routes/admin-moderation'
import { auditAdminActions } from './lib/admin-audit'
import { appOrAsset, appPageRoutes } from './routes/app-pages'
import { adminStreamRoutes } from './routes/admin-streams'
import { adminLayoutRoutes } from './routes/admin-layouts'
import { adminMarkerRoutes } from './routes/admin-markers'
import { authRoutes } from './routes/auth'
import { catalogRoutes } from './routes/catalog'
import { configRoutes, imageOriginsFor } from './routes/config'
import { devRoutes } from './routes/dev'
import { imageRoutes } from './routes/images'
import { ogRoutes } from './routes/og'
import { meRoutes } from './routes/me'
import { importRoutes } from './routes/import'
import { followRoutes } from './routes/follows'
import { calendarRoutes } from './routes/calendar'
import { calendarFeedRoutes } from './routes/calendar-feed'
import { myListRoutes, publicListRoutes } from './routes/lists'
import { myDataRoutes } from './routes/my-data'
import { myLocaleRoutes } from './routes/my-locale'
import { myServicesRoutes } from './routes/my-services'
import { myPasskeyRoutes, passkeySignInRoutes } from './routes/passkeys'
import { passwordResetRoutes } from './routes/password-reset'
import { pingRoutes } from './routes/ping'
import { playerRoutes } from './routes/player'
import { partyRoutes } from './routes/party'
import { seoRoutes, shareRoutes } from './routes/seo'
import { localePrefix, LOCALES, PSEUDO_LOCALE_PREFIX } from './lib/locales'
import { sessionRoutes } from './routes/sessions'
import { profileRoutes } from './routes/profiles'
import { secondFactorRoutes, twoFactorRoutes } from './routes/two-factor'
import { noticeRoutes } from './routes/notices'
import { ratingRoutes } from './routes/ratings'
import { watchedRoutes } from './routes/watched'
import { preferencesRoutes } from './routes/preferences'
import { recommendationRoutes } from './routes/recommendations'
import { sendNotices } from './push/notices'
import { newsletterApiRoutes, newsletterPageRoutes } from './routes/newsletter'
import { sendWeekly, WEEKLY_CRON } from './newsletter/weekly'
import { pruneAuditLog } from './accounts/audit-log'
import { database } from './accounts/db'

const api = new Hono<AppEnv>()
  .route('/', pingRoutes)
  .route('/', configRoutes)
  .route('/catalog', catalogRoutes)
  .route('/auth/password-reset', passwordResetRoutes)
  .route('/auth/passkey', passkeySignInRoutes)
  .route('/auth/second-factor', secondFactorRoutes)
  .route('/auth', authRoutes)
  // an administrator's own sign-in security is in the audit log (lib/admin-audit.ts)
  .use('/me/sessions/*', auditAdminActions('admin.security'))
  .use('/me/passkeys/*', auditAdminActions('admin.security'))
  .use('/me/two-factor/*', auditAdminActions('admin.security'))
  .use('/me/password', auditAdminActions('admin.security'))
  .route('/me/profiles', profileRoutes)
  .route('/me/sessions', sessionRoutes)
  .route('/me/passkeys', myPasskeyRoutes)
  .route('/me/two-factor', twoFactorRoutes)
  .route('/me/locale', myLocaleRoutes)
  .route('/me/services', myServicesRoutes)
  .route('/me/lists', myListRoutes)
  .route('/me/follows', followRoutes)
  .route('/me/calendar', calendarRoutes)
  .route('/me/notices', noticeRoutes)
  .route('/me/ratings', ratingRoutes)
  .route('/me/watched', watchedRoutes)
  .route('/me/preferences', preferencesRoutes)
  .route('/me/recommendations', recommendationRoutes)
  .route('/newsletter', newsletterApiRoutes)
  .route('/me', meRoutes)
  .route('/me', myDataRoutes)
  .route('/me/import', importRoutes)
  .route('/lists', publicListRoutes)
  .use('/admin/*', auditAdminActions('admin.write'))
  .route('/admin/streams', adminStreamRoutes)
  .route('/admin/layouts', adminLayoutRoutes)
  .route('/admin/markers', adminMarkerRoutes)
  .route('/admin/invites', adminInviteRoutes)
  .route('/admin-invite', inviteeRoutes)
  .route('/admin/moderation', adminModerationRoutes)
  .route('/admin/audit', adminAuditRoutes)
  .route('/admin', adminRoutes)
  .route('/player', playerRoutes)
  .route('/party', partyRoutes)
  .route('/img/:edition{a\\d{1,3}}', imageRoutes)
  .route('/img', imageRoutes)
  .route('/og', ogRoutes)
  .route('/dev', devRoutes)

const app = new Hono<AppEnv>()

app.use(async (c, next) => {
  // the same bindings unless the bench's load model asked for its D1 counters
  c.env = withBenchCounters(c.env)
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID()
  c.set('requestId', requestId)
  await next()
  const res = withSecurityHeaders(c.res, c.req.url, imageOriginsFor(c.env))
  res.headers.set('X-Request-Id', requestId)
  // a session started, renewed or ended on the way, whatever kind of answer this is
  const sessionCookie = c.get('sessionCookie')
  if (sessionCookie) res.headers.append('Set-Cookie', sessionCookie)
  if (c.req.path.startsWith('/api/') && !res.headers.has('Cache-Control')) res.headers.set('Cache-Control', 'no-store')
  // replaced outright: assigning c.res would merge the old answer's headers back in
  c.res = undefined
  c.res = res
})

app.use('/api/*', csrf)
app.use('/api/*', bodyLimit)

app.onError((err, c) => {
  if (err instanceof HTTPException) {
    const status = err.status
    if (status >= 500) return apiError(c, status, 'errors.internal')
    if (!err.message) return apiError(c, status, 'errors.badRequest')
    variesByLanguage(c)
    return c.json({ error: localizedMessage(requestLocale(c), err.message) ?? err.message }, status)
  }
  console.error(
    JSON.stringify({
      level: 'error',
      requestId: c.get('requestId'),
      method: c.req.method,
      // a calendar feed's address is its secret: never in a log
      path: c.req.path.replace(/^\/calendar\/[^/]+\.ics$/, '/calendar/(feed).ics'),
      message: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    }),
  )
  return apiError(c, 500, 'errors.internal')
})

app.notFound((c) => {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    return apiError(c, 404, 'errors.notFound')
  }
  return appOrAsset(c)
})

const routes = app.route('/api', api).route('/', calendarFeedRoutes).route('/', newsletterPageRoutes).route('/', seoRoutes).route('/', appPageRoutes)

// The same pages under each language's prefix: /es/movies is the Spanish /movies. Kept out of
// AppType, which describes the API.
for (const prefix of [...LOCALES.map(localePrefix).filter(Boolean), PSEUDO_LOCALE_PREFIX]) {
  app.route(prefix, shareRoutes).route(prefix, appPageRoutes)
}

export type AppType = typeof routes
export { AccountStore } from './accounts/store'
export { PartyRoom } from './party/room'

/**
 * The Cron Triggers (wrangler.toml [triggers]): hourly, new-episode notices (worker/push/notices.ts),
 * the next batch of a weekly e-mail already started and the audit log's prune (rows older than a
 * year); weekly, the week's "new on the site" e-mail (worker/newsletter/weekly.ts).
 */
async function scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
  const counted = withBenchCounters(env)
  const waitUntil = (p: Promise<unknown>) => ctx.waitUntil(p)
  if (controller.cron === WEEKLY_CRON) {
    const report = await sendWeekly(counted, waitUntil, controller.scheduledTime, true)
    console.log(JSON.stringify({ level: 'info', message: 'weekly e-mail run', cron: controller.cron, ...report }))
    return
  }
  // Each part runs whatever the others do (the prune is one indexed delete, nothing most hours); a
  // failure is reported once all have run.
  const [notices, pruned, weekly] = await Promise.allSettled([
    sendNotices(counted, waitUntil, controller.scheduledTime),
    pruneAuditLog(database(counted.DB)),
    sendWeekly(counted, waitUntil, controller.scheduledTime, false),
  ])
  if (pruned.status === 'fulfilled') console.log(JSON.stringify({ level: 'info', message: 'audit log pruned', cron: controller.cron, deleted: pruned.value }))
  else console.error(JSON.stringify({ level: 'error', message: 'audit log prune failed', cron: controller.cron, error: String(pruned.reason) }))
  if (weekly.status === 'fulfilled' && weekly.value.sent + weekly.value.failed + weekly.value.skipped > 0) console.log(JSON.stringify({ level: 'info', message: 'weekly e-mail run', cron: controller.cron, ...weekly.value }))
  if (notices.status === 'fulfilled') console.log(JSON.stringify({ level: 'info', message: 'notices run', cron: controller.cron, ...notices.value }))
  const failed = [notices, weekly].find((part) => part.status === 'rejected')
  if (failed) throw failed.reason
}

// The Hono app itself (tests add routes to it and call it), with the trigger's handler beside fetch.
export default Object.assign(app, { scheduled })
// The Durable Object class behind SINGLE_FLIGHT (wrangler.toml), exported from the main module as Workers ask.
export { SingleFlight } from './lib/single-flight'

