/**
 * WebAuthn ceremonies with SimpleWebAuthn: the relying party is the site's own host (rpID) and
 * origin, from SITE_URL (worker/lib/site-url.ts), never from the request's Host header; locally,
 * the loopback address the site was opened at. The challenge waits in D1 (worker/accounts/passkeys.ts), named by a random id in a
 * five-minute HttpOnly cookie, and is taken (deleted) when answered, so it works once.
 * WebAuthn needs a domain: a site opened by IP address (http://127.0.0.1) cannot use passkeys;
 * open it as localhost.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { OwnerType } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import { CHALLENGE_TTL_SECONDS, type ChallengePurpose, type Passkey, storeChallenge, takeChallenge } from '../accounts/passkeys'
import type { Bindings } from '../env'
import { cookieIsSecure } from '../lib/loopback'
import { siteOrigin } from '../lib/site-url'

const CHALLENGE_COOKIE = 'reelhouse_webauthn'
export function relyingParty(c: Context): { id: string; origin: string; name: string } {
  const origin = siteOrigin(c)
  return { id: new URL(origin).hostname, origin, name: (c.env as Bindings).SITE_NAME }
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('')
}

async function rememberChallenge(c: Context, db: Db, challenge: string, purpose: ChallengePurpose, owner: { type: OwnerType; id: number } | null) {
  const id = randomId()
  await storeChallenge(db, { id, challenge, purpose, ownerType: owner?.type ?? null, ownerId: owner?.id ?? null })
  setCookie(c, CHALLENGE_COOKIE, id, {
    path: '/api/',
    httpOnly: true,
    secure: cookieIsSecure(c.req.url),
    sameSite: 'Strict',
    maxAge: CHALLENGE_TTL_SECONDS,
  })
}

/** The challenge this browser was given for `purpose`, taken so it cannot be answered twice. */
export async function recallChallenge(c: Context, db: Db, purpose: ChallengePurpose) {
  const id = getCookie(c, CHALLENGE_COOKIE)
  if (!id || !/^[0-9a-f]{48}$/.test(id)) return undefined
  deleteCookie(c, CHALLENGE_COOKIE, { path: '/api/' })
  return takeChallenge(db, id, purpose)
}

function userHandle(owner: { type: OwnerType; id: number }): Uint8Array<ArrayBuffer> {
  const encoded = new TextEncoder().encode(`${owner.type}:${owner.id}`)
  const bytes = new Uint8Array(new ArrayBuffer(encoded.byteLength))
  bytes.set(encoded)
  return bytes
}

export async function registrationOptions(c: Context, db: Db, owner: { type: OwnerType; id: number; name: string }, existing: Passkey[]) {
  const rp = relyingParty(c)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: owner.name,
    userID: userHandle(owner),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await rememberChallenge(c, db, options.challenge, 'register', owner)
  return options
}

export async function verifyRegistration(c: Context, expectedChallenge: string, response: RegistrationResponseJSON) {
  const rp = relyingParty(c)
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
    return result.verified ? result.registrationInfo : null
  } catch {
    // a malformed or forged answer is a refusal, not an error of ours
    return null
  }
}

export async function authenticationOptions(c: Context, db: Db, purpose: 'sign-in' | 'second-factor', owner: { type: OwnerType; id: number } | null, allowed: Passkey[] = []) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(c).id,
    userVerification: 'required',
    allowCredentials: allowed.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey) })),
  })
  await rememberChallenge(c, db, options.challenge, purpose, owner)
  return options
}

export async function verifyAuthentication(c: Context, expectedChallenge: string, response: AuthenticationResponseJSON, passkey: Passkey) {
  const rp = relyingParty(c)
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: base64urlToBytes(passkey.public_key),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
    })
    return result.verified ? result.authenticationInfo : null
  } catch {
    return null
  }
}

type Transport = NonNullable<Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']>[number]

function transportsOf(passkey: Passkey): Transport[] | undefined {
  if (!passkey.transports) return undefined
  try {
    const parsed: unknown = JSON.parse(passkey.transports)
    return Array.isArray(parsed) ? (parsed.filter((t) => typeof t === 'string') as Transport[]) : undefined
  } catch {
    return undefined
  }
}

export function bytesToBase64url(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
