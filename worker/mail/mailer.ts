/**
 * Outgoing e-mail (password reset links, sign-in warnings). Deployed, messages go through
 * Cloudflare's send_email binding `MAILER` from the `MAIL_FROM` address. Without the binding, a
 * message asked for from a loopback origin (`npm start`, the tests) is written to the local
 * dev mailbox in KV, which GET /api/dev/mail shows on loopback only; anywhere else it is
 * logged as undelivered, without its content (a reset link must never reach a log).
 *
 * Extra header fields (the weekly e-mail's List-Unsubscribe and List-Unsubscribe-Post) go in the
 * binding's `headers`, which Cloudflare's Email Service accepts for the fields on its allow-list;
 * the dev mailbox keeps them with the message so tests can read them.
 */
import type { Bindings } from '../env'
import { isLoopback } from '../lib/loopback'

export interface Mail {
  to: string
  subject: string
  text: string
  /** Header fields beyond From, To and Subject. */
  headers?: Record<string, string>
}

export interface StoredMail extends Mail {
  sentAt: string
}

export const DEV_MAIL_PREFIX = 'dev-mail:v1:'
const DEV_MAIL_TTL_SECONDS = 24 * 60 * 60

export async function sendMail(env: Bindings, requestUrl: string, mail: Mail): Promise<void> {
  if (env.MAILER && env.MAIL_FROM) {
    await env.MAILER.send({ from: { email: env.MAIL_FROM, name: env.SITE_NAME }, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.headers && { headers: mail.headers }) })
    return
  }
  if (isLoopback(requestUrl)) {
    const stored: StoredMail = { ...mail, sentAt: new Date().toISOString() }
    // newest first when listed: the key sorts by the inverted time
    const key = `${DEV_MAIL_PREFIX}${String(9_999_999_999_999 - Date.now()).padStart(13, '0')}:${crypto.randomUUID()}`
    await env.CACHE.put(key, JSON.stringify(stored), { expirationTtl: DEV_MAIL_TTL_SECONDS })
    return
  }
  console.error(JSON.stringify({ level: 'error', message: 'e-mail not sent: no MAILER binding or MAIL_FROM configured', subject: mail.subject }))
}

/** Whether mail can go anywhere from the site's own address: the binding, or the dev mailbox on a loopback SITE_URL. */
export function mailConfigured(env: Pick<Bindings, 'MAILER' | 'MAIL_FROM' | 'SITE_URL'>): boolean {
  if (env.MAILER && env.MAIL_FROM) return true
  try {
    return isLoopback(env.SITE_URL)
  } catch {
    return false
  }
}

/** The dev mailbox, newest first (at most 50). */
export async function devMailbox(env: Bindings): Promise<StoredMail[]> {
  const listed = await env.CACHE.list({ prefix: DEV_MAIL_PREFIX, limit: 50 })
  const bodies = await Promise.all(listed.keys.map((key) => env.CACHE.get<StoredMail>(key.name, 'json')))
  return bodies.filter((mail): mail is StoredMail => mail !== null)
}
