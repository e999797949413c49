/**
 * PUT /api/me/locale `{ "locale": "es" }`: the signed-in account's interface language, kept on the
 * account (204). The answer also sets the `lang` cookie the worker reads for root addresses, so
 * this browser opens the site in that language from then on. 400 `{ error }` for a tag that is
 * not one of ours; auth and maintenance as for the other /api/me writes.
 */
import { Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import { database } from '../accounts/db'
import { localeChoiceSchema, setAccountLocale } from '../accounts/locale'
import { myAccountStore } from '../accounts/store-client'
import { closedForMaintenance, NO_SESSION, reconfirmAfterProfileChange, requireAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import { LOCALE_COOKIE } from '../lib/locales'
import { cookieIsSecure } from '../lib/loopback'
import { validate } from '../lib/validate'

/** A year: the choice stands until the visitor makes another. */
const LOCALE_COOKIE_SECONDS = 365 * 24 * 60 * 60

export const myLocaleRoutes = new Hono<AppEnv>().put('/', requireAccount, closedForMaintenance, validate('json', localeChoiceSchema), async (c) => {
  const account = c.var.account
  const { locale } = c.req.valid('json')
  const record = await setAccountLocale(database(c.env.DB), account.type, account.id, locale)
  if (!record) return c.json({ error: NO_SESSION }, 401)
  const { store, owner } = myAccountStore(c)
  await store.setProfile(owner, record)
  await reconfirmAfterProfileChange(c)
  // Not HttpOnly: the web app's language menu writes the same cookie.
  setCookie(c, LOCALE_COOKIE, locale, { path: '/', secure: cookieIsSecure(c.req.url), sameSite: 'Lax', maxAge: LOCALE_COOKIE_SECONDS })
  return c.body(null, 204)
})
