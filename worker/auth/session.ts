/**
 * Session cookies: a short HS256 JWT naming a row in the sessions table. The token proves who
 * issued it; the row is what keeps it alive, so sign-out, a password change or a ban revoke it
 * at once. The algorithm is pinned on verify (a token claiming `alg: none` or any other
 * algorithm is refused) and exp is required.
 *
 * The cookie is HttpOnly and SameSite=Lax, and Secure everywhere except plain http on a loopback
 * host: browsers drop Secure cookies set over http, which would make `npm start` and the browser
 * tests impossible to sign in to, while loopback traffic never leaves the machine.
 */
import jwt from '@tsndr/cloudflare-worker-jwt'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import { ownerTypes, type OwnerType } from '../../drizzle/schema'
import { database } from '../accounts/db'
import { insertSession } from '../accounts/sessions'
import type { AppEnv, Bindings } from '../env'
import { cookieIsSecure } from '../lib/loopback'

export const SESSION_COOKIE = 'reelhouse_session'
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60
const ALGORITHM = 'HS256'
/** Throws (a 500 that is logged) rather than sign or verify anything with an empty secret. */
export function signingSecret(env: Pick<Bindings, 'JWT_SECRET'>): string {
  const secret = env.JWT_SECRET
  if (!secret || secret.trim() === '') throw new Error('JWT_SECRET is not set; refusing to sign or verify session tokens')
  return secret
}

const claimsSchema = z.object({
  sid: z.string().regex(/^[0-9a-f]{64}$/),
  typ: z.enum(ownerTypes),
  sub: z.string().regex(/^[1-9][0-9]{0,15}$/),
  exp: z.number().int(),
})

export interface SessionClaims {
  sessionId: string
  type: OwnerType
  accountId: number
  expiresAt: number
}

export async function signSessionToken(secret: string, claims: SessionClaims): Promise<string> {
  if (!secret) throw new Error('refusing to sign a session token with an empty secret')
  return jwt.sign(
    { sid: claims.sessionId, typ: claims.type, sub: String(claims.accountId), exp: claims.expiresAt },
    secret,
    { algorithm: ALGORITHM },
  )
}

/** The claims of a genuine, unexpired token signed by us with HS256; null for anything else. */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const verified = await jwt.verify(token, secret, { algorithm: ALGORITHM })
    if (!verified || verified.header.alg !== ALGORITHM) return null
    const parsed = claimsSchema.safeParse(verified.payload)
    if (!parsed.success || parsed.data.exp <= Math.floor(Date.now() / 1000)) return null
    return { sessionId: parsed.data.sid, type: parsed.data.typ, accountId: Number(parsed.data.sub), expiresAt: parsed.data.exp }
  } catch {
    // a token that is not even well-formed base64url JSON
    return null
  }
}

function randomSessionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')
}


/** Creates the session row and sets the cookie; the secret is checked before anything is written. */
export async function startSession(c: Context<AppEnv>, type: OwnerType, accountId: number, secondFactor: 'passkey' | null = null): Promise<string> {
  const secret = signingSecret(c.env)
  const sessionId = randomSessionId()
  const expiresAt = Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS
  const token = await signSessionToken(secret, { sessionId, type, accountId, expiresAt })
  await insertSession(database(c.env.DB), {
    id: sessionId,
    ownerType: type,
    ownerId: accountId,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    userAgent: c.req.header('User-Agent')?.slice(0, 300) ?? null,
    secondFactor,
  })
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure: cookieIsSecure(c.req.url),
    sameSite: 'Lax',
    maxAge: SESSION_TTL_SECONDS,
  })
  return sessionId
}

export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE)
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, secure: cookieIsSecure(c.req.url), sameSite: 'Lax' })
}
