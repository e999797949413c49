/**
 * The weekly "new on the site" e-mail's subscription (the footer's box; worker/newsletter/).
 *
 *   POST /api/newsletter                 { email, locale? } -> 202, the same answer whether the
 *        address is new, waiting for its confirmation or already confirmed (the lookup and the
 *        e-mail happen after the answer, so neither its words nor its timing tell). A new or
 *        pending address is e-mailed a confirmation link in `locale` (the page's language, else
 *        Accept-Language's). Limited per client address (429) and, quietly, per e-mail address.
 *        404 where no mailer is configured (GET /api/config's `newsletter` is then false).
 *   GET  /newsletter/confirm?token=      a page with a button; confirming on a GET would let a
 *        mail scanner that opens links subscribe someone.
 *   POST /newsletter/confirm?token=      confirms (again: the same page); 400 for a malformed
 *        token, 404 for an unknown or expired one.
 *   GET  /newsletter/unsubscribe?token=  a page with a button.
 *   POST /newsletter/unsubscribe?token=  unsubscribes at once, whatever the body: RFC 8058's
 *        one-click POST (`List-Unsubscribe=One-Click`) from a mail client, or the page's button.
 *        The address is deleted. 400 malformed, 404 a token that is not one.
 * The pages are in the subscriber's language, plain HTML forms without scripts, outside /api (a
 * mail client's POST carries no Origin of this site).
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { localeChoiceSchema } from '../accounts/locale'
import { emailSchema } from '../accounts/schemas'
import { closedForMaintenance } from '../auth/guards'
import { countAttempt, emailCounter, limitPerAddress, nowSeconds } from '../auth/rate-limit'
import type { AppEnv, Bindings } from '../env'
import { afterAnswer } from '../lib/after-answer'
import { apiError, requestLocale } from '../lib/api-errors'
import { escapeHtml } from '../lib/escape'
import { isLocale, localizedPath, type Locale } from '../lib/locales'
import { isLoopback } from '../lib/loopback'
import { siteHostOnly, siteOrigin } from '../lib/site-url'
import { validate } from '../lib/validate'
import { mailConfigured, sendMail } from '../mail/mailer'
import { newsletterConfirmMail, newsletterWords } from '../mail/messages'
import { htmlAttributesOf } from '../seo/languages'
import {
  CONFIRM_DAYS,
  CONFIRM_TOKEN_PATTERN,
  confirmSubscription,
  findByConfirmToken,
  findByUnsubscribeToken,
  removeSubscriber,
  requestSubscription,
  UNSUBSCRIBE_TOKEN_PATTERN,
} from '../newsletter/subscribers'

/** Subscription requests per client address in an hour. */
export const SUBSCRIBE_PER_ADDRESS = 5
export const SUBSCRIBE_WINDOW_SECONDS = 60 * 60
/** Confirmation e-mails to one address in a day: beyond them the answer is the same and nothing is sent. */
export const CONFIRM_MAILS_PER_EMAIL = 3
export const CONFIRM_MAIL_WINDOW_SECONDS = 24 * 60 * 60
export const SUBSCRIBE_SENT = 'If this address can get the weekly e-mail, a link to confirm it is on its way.'

/**
 * Whether the box is offered: a mailer is configured (MAILER with MAIL_FROM), or the request came
 * to a loopback address with a loopback SITE_URL, where mail goes to the dev mailbox.
 */
export function newsletterOffered(env: Bindings, requestUrl: string): boolean {
  if (env.MAILER && env.MAIL_FROM) return true
  return mailConfigured(env) && isLoopback(requestUrl)
}

const subscribeSchema = z.object({
  email: emailSchema,
  locale: localeChoiceSchema.shape.locale.optional(),
})

export const newsletterApiRoutes = new Hono<AppEnv>().post('/', siteHostOnly, closedForMaintenance, validate('json', subscribeSchema), async (c) => {
  if (!newsletterOffered(c.env, c.req.url)) return apiError(c, 404, 'errors.notFound')
  const body = c.req.valid('json')
  const db = database(c.env.DB)
  const refused = await limitPerAddress(c, db, 'newsletter', SUBSCRIBE_PER_ADDRESS, SUBSCRIBE_WINDOW_SECONDS)
  if (refused) return refused
  const locale: Locale = body.locale ?? requestLocale(c)
  const origin = siteOrigin(c)
  afterAnswer(
    c,
    (async () => {
      // over the per-e-mail limit nothing more is sent: nobody can flood an inbox through the box
      const perEmail = await countAttempt(db, await emailCounter(c.env, 'user', body.email, 'newsletter'), CONFIRM_MAIL_WINDOW_SECONDS, nowSeconds())
      if (perEmail.count > CONFIRM_MAILS_PER_EMAIL) return
      const token = await requestSubscription(db, body.email, locale)
      if (!token) return
      const link = `${origin}/newsletter/confirm?token=${token}`
      await sendMail(c.env, c.req.url, newsletterConfirmMail(c.env, body.email, link, CONFIRM_DAYS, locale))
    })(),
  )
  return c.json({ message: SUBSCRIBE_SENT }, 202)
})

function pageLocale(stored: string | undefined, c: Context<AppEnv>): Locale {
  return stored && isLocale(stored) ? stored : requestLocale(c)
}

/** A page of its own (no app, no script): a message, and a button posting back to the same address. */
function page(c: Context<AppEnv>, status: 200 | 400 | 404, locale: Locale, message: string, button?: string) {
  const siteName = c.env.SITE_NAME
  const { lang, dir } = htmlAttributesOf(locale)
  const title = newsletterWords(locale, 'mail.newsletterPageTitle', siteName)
  const form = button
    ? `<form method="post" action="${escapeHtml(c.req.path + '?' + new URL(c.req.url).searchParams.toString())}"><button type="submit" style="background:#e11d48;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit;font-weight:600;cursor:pointer">${escapeHtml(button)}</button></form>`
    : ''
  c.header('Cache-Control', 'no-store')
  c.header('X-Robots-Tag', 'noindex')
  return c.html(
    `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;background:#0a0a0a;color:#e5e5e5;font-family:system-ui,sans-serif">
<main style="max-width:32rem;margin:0 auto;padding:3rem 1.25rem">
<h1 style="font-size:1.5rem;color:#fff">${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${form}
<p style="margin-top:2rem"><a href="${escapeHtml(localizedPath(locale, '/'))}" style="color:#fda4af">${escapeHtml(newsletterWords(locale, 'mail.newsletterHome', siteName))}</a></p>
</main>
</body>
</html>`,
    status,
  )
}

const tokenOf = (c: Context<AppEnv>) => c.req.query('token') ?? ''

function invalid(c: Context<AppEnv>, status: 400 | 404) {
  return page(c, status, requestLocale(c), newsletterWords(requestLocale(c), 'mail.newsletterLinkInvalid', c.env.SITE_NAME))
}

export const newsletterPageRoutes = new Hono<AppEnv>()
  .get('/newsletter/confirm', async (c) => {
    const token = tokenOf(c)
    if (!CONFIRM_TOKEN_PATTERN.test(token)) return invalid(c, 400)
    const row = await findByConfirmToken(database(c.env.DB), token)
    if (!row) return invalid(c, 404)
    const locale = pageLocale(row.locale, c)
    if (row.status === 'confirmed') return page(c, 200, locale, newsletterWords(locale, 'mail.newsletterConfirmed', c.env.SITE_NAME))
    return page(c, 200, locale, newsletterWords(locale, 'mail.newsletterConfirmPrompt', c.env.SITE_NAME), newsletterWords(locale, 'mail.newsletterConfirmButton', c.env.SITE_NAME))
  })
  .post('/newsletter/confirm', async (c) => {
    const token = tokenOf(c)
    if (!CONFIRM_TOKEN_PATTERN.test(token)) return invalid(c, 400)
    const confirmed = await confirmSubscription(database(c.env.DB), token)
    if (!confirmed) return invalid(c, 404)
    const locale = pageLocale(confirmed.locale, c)
    return page(c, 200, locale, newsletterWords(locale, 'mail.newsletterConfirmed', c.env.SITE_NAME))
  })
  .get('/newsletter/unsubscribe', async (c) => {
    const token = tokenOf(c)
    if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return invalid(c, 400)
    const found = await findByUnsubscribeToken(database(c.env.DB), c.env, token)
    if (!found) return invalid(c, 404)
    if (found === 'gone') return page(c, 200, requestLocale(c), newsletterWords(requestLocale(c), 'mail.newsletterUnsubscribed', c.env.SITE_NAME))
    const locale = pageLocale(found.locale, c)
    return page(c, 200, locale, newsletterWords(locale, 'mail.newsletterUnsubscribePrompt', c.env.SITE_NAME), newsletterWords(locale, 'mail.newsletterUnsubscribeButton', c.env.SITE_NAME))
  })
  .post('/newsletter/unsubscribe', async (c) => {
    const token = tokenOf(c)
    if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return invalid(c, 400)
    const db = database(c.env.DB)
    const found = await findByUnsubscribeToken(db, c.env, token)
    if (!found) return invalid(c, 404)
    if (found !== 'gone') await removeSubscriber(db, found.id)
    const locale = found === 'gone' ? requestLocale(c) : pageLocale(found.locale, c)
    return page(c, 200, locale, newsletterWords(locale, 'mail.newsletterUnsubscribed', c.env.SITE_NAME))
  })

