/**
 * Password hashing for accounts: PBKDF2-HMAC-SHA512 through WebCrypto with a random 16-byte salt,
 * stored as a versioned string `pbkdf2-sha512$<iterations>$<salt>$<hash>` (standard base64) so
 * the cost can rise later and older hashes are upgraded at the next sign-in.
 * scripts/admin-create.mjs writes the same format from Node.
 */
import { timingSafeEqual } from '../lib/digest'

/**
 * Production Workers reject PBKDF2 above 100,000 iterations while local workerd accepts more,
 * so a higher value would pass every local test and break sign-in once deployed.
 */
export const PBKDF2_ITERATIONS = 100_000
const SCHEME = 'pbkdf2-sha512'
const SALT_BYTES = 16
const KEY_BYTES = 64
const encoder = new TextEncoder()

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))
  } catch {
    return null
  }
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt, iterations }, key, KEY_BYTES * 8)
  return new Uint8Array(bits)
}

function format(iterations: number, salt: Uint8Array, hash: Uint8Array): string {
  return `${SCHEME}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`
}

interface ParsedHash {
  iterations: number
  salt: Uint8Array<ArrayBuffer>
  hash: Uint8Array<ArrayBuffer>
}

function parse(stored: string): ParsedHash | null {
  const [scheme, iterationsText, saltText, hashText, ...rest] = stored.split('$')
  if (scheme !== SCHEME || rest.length > 0 || !iterationsText || !saltText || !hashText) return null
  const iterations = Number(iterationsText)
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null
  const salt = fromBase64(saltText)
  const hash = fromBase64(hashText)
  if (!salt || !hash || hash.length !== KEY_BYTES) return null
  return { iterations, salt, hash }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  return format(PBKDF2_ITERATIONS, salt, await derive(password, salt, PBKDF2_ITERATIONS))
}

export interface PasswordCheck {
  ok: boolean
  /** The stored hash was made at a lower cost than today's and should be replaced. */
  needsRehash: boolean
}

/**
 * When an account does not exist the password is still checked, against random bytes nobody
 * knows, so the answer takes the same time and timing does not reveal which e-mail addresses
 * have accounts. Made on first use: Workers forbid random values at module scope.
 */
let missingAccountHash: ParsedHash | undefined

function standIn(): ParsedHash {
  missingAccountHash ??= {
    iterations: PBKDF2_ITERATIONS,
    salt: crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
    hash: crypto.getRandomValues(new Uint8Array(KEY_BYTES)),
  }
  return missingAccountHash
}

/** Checks a password; pass `null` for a missing account to spend the same time and fail. */
export async function verifyPassword(password: string, stored: string | null): Promise<PasswordCheck> {
  const parsed = stored === null ? null : parse(stored)
  const target = parsed ?? standIn()
  const candidate = await derive(password, target.salt, target.iterations)
  const ok = timingSafeEqual(candidate, target.hash) && parsed !== null
  return { ok, needsRehash: ok && target.iterations < PBKDF2_ITERATIONS }
}
