/**
 * Session cookies: an HS256 JWT naming a session row in the account's store
 * (worker/accounts/store.ts), with what the frequent answers need: the account's e-mail, the
 * second factor the session passed, and when the row was last confirmed live (`chk`). A token
 * confirmed in the last SESSION_CHECK_SECONDS needs no lookup at all; an older one is confirmed
 * with the store and re-issued (worker/auth/guards.ts). So sign-out, a password change, a reset or
 * a ban ends a session in the browser that did it at once (its cookie is cleared) and everywhere
 * else within SESSION_CHECK_SECONDS. The algorithm is pinned on verify (a token claiming
 * `alg: none` or any other algorithm is refused), exp is required and the claims have a schema;
 * tokens from before `chk` existed are confirmed like stale ones.
 *
 * The cookie is HttpOnly and SameSite=Lax, and Secure everywhere except plain http on a loopback
 * host: browsers drop Secure cookies set over http, which would make `npm start` and the browser
 * tests impossible to sign in to, while loopback traffic never leaves the machine. Every change of
 * the cookie is put on the answer the request ends with, whatever made it (index.ts).
 */
import jwt from '@tsndr/cloudflare-worker-jwt'
import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { z } from 'zod'
import { ownerTypes, type OwnerType } from '../../drizzle/schema'
import { CEILINGS, type Ceiling } from '../catalog/ceiling'
import { MAX_PROFILES } from '../accounts/profiles'
import type { PublicRecord } from '../accounts/accounts'
import { accountStore } from '../accounts/store-client'
import type { SecondFactor } from '../accounts/store'
import type { Account, AppEnv, Bindings } from '../env'
import { cookieIsSecure } from '../lib/loopback'

export const SESSION_COOKIE = 'reelhouse_session'
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60
/** How long a confirmed token is taken at its word: the longest a session outlives its end elsewhere. */
export const SESSION_CHECK_SECONDS = 60
const ALGORITHM = 'HS256'
const SECOND_FACTORS = ['passkey', 'totp', 'recovery'] as const

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
  chk: z.number().int().positive().optional(),
  em: z.string().min(3).max(320).optional(),
  sf: z.enum(SECOND_FACTORS).nullable().optional(),
  // the profile the session watches as, its ceiling and whether it is a kids one (absent: the account's own)
  pf: z.number().int().min(0).max(MAX_PROFILES).optional(),
  cl: z.enum(CEILINGS).optional(),
  kd: z.boolean().optional(),
  // the profile's name and avatar and how many the account has, for the pages' header
  pn: z.string().max(30).optional(),
  pa: z.string().max(20).optional(),
  pc: z.number().int().min(1).max(MAX_PROFILES).optional(),
})

export interface SessionClaims {
  sessionId: string
  type: OwnerType
  accountId: number
  expiresAt: number
  /** When the session row was last confirmed live (Unix seconds); absent on tokens from before. */
  checkedAt?: number
  email?: string
  secondFactor?: SecondFactor | null
  /** The profile chosen in this browser (0: not yet), with its ceiling and kind; see Account. */
  profileId?: number
  ceiling?: Ceiling
  kids?: boolean
  profileName?: string
  profileAvatar?: string
  profileCount?: number
}

/** The profile a token's claims name: the account's own, of any ceiling, for tokens without one. */
export function claimedProfile(claims: SessionClaims): { profileId: number; ceiling: Ceiling; kids: boolean; profileName?: string; profileAvatar?: string; profileCount?: number } {
  return {
    profileId: claims.profileId ?? 1,
    ceiling: claims.ceiling ?? 'all',
    kids: claims.kids ?? false,
    ...(claims.profileName !== undefined && { profileName: claims.profileName }),
    ...(claims.profileAvatar !== undefined && { profileAvatar: claims.profileAvatar }),
    ...(claims.profileCount !== undefined && { profileCount: claims.profileCount }),
  }
}

// Importing the secret costs more than the HMAC itself, so each isolate imports it once per secret.
const signingKeys = new Map<string, Promise<CryptoKey>>()

function signingKey(secret: string): Promise<CryptoKey> {
  let key = signingKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    // a failed import is tried again by the next request rather than remembered
    key.catch(() => signingKeys.delete(secret))
    signingKeys.set(secret, key)
  }
  return key
}

export async function signSessionToken(secret: string, claims: SessionClaims): Promise<string> {
  if (!secret) throw new Error('refusing to sign a session token with an empty secret')
  const confirmed = claims.checkedAt === undefined ? {} : { chk: claims.checkedAt, em: claims.email, sf: claims.secondFactor ?? null }
  const viewer =
    claims.profileId === undefined
      ? {}
      : { pf: claims.profileId, cl: claims.ceiling ?? 'all', kd: claims.kids ?? false, pn: claims.profileName, pa: claims.profileAvatar, pc: claims.profileCount }
  return jwt.sign(
    { sid: claims.sessionId, typ: claims.type, sub: String(claims.accountId), exp: claims.expiresAt, ...confirmed, ...viewer },
    await signingKey(secret),
    { algorithm: ALGORITHM },
  )
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/**
 * Tokens this isolate has verified, with their claims: a viewer sends the same token with every
 * request (a progress report every 15 s), and its signature, base64 and JSON are checked once.
 * Only a token that passed is kept, under the very string that passed and the secret that signed
 * it; its expiry is checked again on every use. Oldest first out past VERIFIED_KEPT.
 */
const verifiedTokens = new Map<string, { secret: string; claims: SessionClaims }>()
const VERIFIED_KEPT = 5000

/** The claims of a genuine, unexpired token signed by us with HS256; null for anything else. */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | null> {
  if (!secret) return null
  const known = verifiedTokens.get(token)
  if (known && known.secret === secret) return known.claims.expiresAt > nowSeconds() ? known.claims : null
  try {
    const verified = await jwt.verify(token, await signingKey(secret), { algorithm: ALGORITHM })
    if (!verified || verified.header.alg !== ALGORITHM) return null
    const parsed = claimsSchema.safeParse(verified.payload)
    if (!parsed.success || parsed.data.exp <= nowSeconds()) return null
    const { sid, typ, sub, exp, chk, em, sf, pf, cl, kd, pn, pa, pc } = parsed.data
    const claims: SessionClaims = { sessionId: sid, type: typ, accountId: Number(sub), expiresAt: exp, checkedAt: chk, email: em, secondFactor: sf }
    if (pf !== undefined) Object.assign(claims, { profileId: pf, ceiling: cl ?? 'all', kids: kd ?? false, profileName: pn, profileAvatar: pa, profileCount: pc })
    if (verifiedTokens.size >= VERIFIED_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value!)
    verifiedTokens.set(token, { secret, claims })
    return claims
  } catch {
    // a token that is not even well-formed base64url JSON
    return null
  }
}

/** Whether the token's confirmation is recent enough to take it at its word. */
export function recentlyConfirmed(claims: SessionClaims): claims is SessionClaims & { checkedAt: number; email: string } {
  const age = nowSeconds() - (claims.checkedAt ?? 0)
  return claims.email !== undefined && age >= 0 && age < SESSION_CHECK_SECONDS
}

function randomSessionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Any request context, signed in or not (a guard narrows `account`; the cookie does not care). */
type AnyContext = Context<AppEnv> | Context<AppEnv & { Variables: { account: Account } }>

function setSessionCookie(context: AnyContext, line: string): void {
  ;(context as Context<AppEnv>).set('sessionCookie', line)
}

function cookieOptions(c: AnyContext, maxAge: number) {
  return { path: '/', httpOnly: true, secure: cookieIsSecure(c.req.url), sameSite: 'Lax' as const, maxAge }
}

/** Issues the token with these claims as this browser's cookie, confirmed now; answers when (Unix seconds). */
export async function issueSessionCookie(c: AnyContext, claims: SessionClaims): Promise<number> {
  const checkedAt = nowSeconds()
  const token = await signSessionToken(signingSecret(c.env), { ...claims, checkedAt })
  setSessionCookie(c, generateCookie(SESSION_COOKIE, token, cookieOptions(c, Math.max(0, claims.expiresAt - nowSeconds()))))
  return checkedAt
}

/**
 * Starts a session in the account's store and sets the cookie; answers the account's record and
 * whether the new session must answer "Who's watching?" first, or null when the store refuses (a
 * banned account). The secret is checked before anything is written.
 */
export async function startSession(
  c: Context<AppEnv>,
  type: OwnerType,
  accountId: number,
  secondFactor: SecondFactor | null = null,
  record: PublicRecord | null = null,
): Promise<{ record: PublicRecord; chooseProfile: boolean } | null> {
  signingSecret(c.env)
  const sessionId = randomSessionId()
  const expiresAt = nowSeconds() + SESSION_TTL_SECONDS
  const owner = { type, id: accountId }
  const started = await accountStore(c.env, owner).startSession(
    owner,
    { id: sessionId, expiresAt: new Date(expiresAt * 1000).toISOString(), userAgent: c.req.header('User-Agent')?.slice(0, 300) ?? null, secondFactor },
    record,
  )
  if (!started) return null
  await issueSessionCookie(c, { sessionId, type, accountId, expiresAt, email: started.record.email, secondFactor, ...started.viewer })
  return { record: started.record, chooseProfile: started.viewer.profileId === 0 }
}

export function sessionToken(c: AnyContext): string | undefined {
  return getCookie(c, SESSION_COOKIE)
}

export function clearSessionCookie(c: AnyContext): void {
  setSessionCookie(c, generateCookie(SESSION_COOKIE, '', { ...cookieOptions(c, 0), expires: new Date(0) }))
}
