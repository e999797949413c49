/**
 * One-time secrets that travel in links (a password reset, an administrator's invitation, a
 * newsletter confirmation, a private calendar feed): 32 random bytes as base64url, 43 characters.
 * Where they are kept it is as their SHA-256 (lib/digest.ts), so a copy of the database cannot be
 * turned into working links.
 */
import { bytesToBase64url } from '../auth/webauthn'

/** The shape of a token: what a route checks before looking it up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** `bytes` random bytes as base64url (a salt may be shorter than a token). */
export function randomToken(bytes = 32): string {
  return bytesToBase64url(crypto.getRandomValues(new Uint8Array(bytes)))
}
