/**
 * The optional bot check for sign-in and sign-up: when TURNSTILE_SECRET is set, the widget's
 * token is verified with Cloudflare's siteverify endpoint before any account is touched.
 * Without the secret the check is off and nothing is called.
 */
import type { Bindings } from '../env'
import { errorMessage } from '../lib/api-errors'

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
export const BOT_CHECK_FAILED = errorMessage('errors.botCheckFailed')

export function botCheckEnabled(env: Pick<Bindings, 'TURNSTILE_SECRET'>): boolean {
  return Boolean(env.TURNSTILE_SECRET)
}

/** True when the check is off or Cloudflare confirms the token; any doubt (network, odd answer) is a failure. */
export async function passesBotCheck(env: Pick<Bindings, 'TURNSTILE_SECRET'>, token: string | undefined, ip: string | null): Promise<boolean> {
  const secret = env.TURNSTILE_SECRET
  if (!secret) return true
  if (!token) return false
  const form = new FormData()
  form.append('secret', secret)
  form.append('response', token)
  if (ip) form.append('remoteip', ip)
  try {
    const res = await fetch(SITEVERIFY_URL, { method: 'POST', body: form })
    if (!res.ok) return false
    const body: unknown = await res.json()
    return typeof body === 'object' && body !== null && 'success' in body && body.success === true
  } catch {
    return false
  }
}
