/**
 * Web Push from the worker with WebCrypto alone: the payload encrypted for one browser
 * (RFC 8291, `aes128gcm` content coding of RFC 8188, one record) and the request signed for the
 * push service with VAPID (RFC 8292, an ES256 JWT naming the push service's origin). The keys are
 * the operator's: VAPID_PUBLIC_KEY (the uncompressed P-256 point, base64url) and
 * VAPID_PRIVATE_KEY (its 32-byte scalar, base64url), the format `web-push generate-vapid-keys`
 * writes; without both, notices are off.
 */
import { base64urlToBytes, bytesToBase64url } from '../auth/webauthn'
import type { Bindings } from '../env'

const encoder = new TextEncoder()
/** UTF-8 bytes in a buffer of their own (WebCrypto takes no view of a shared one). */
const utf8 = (text: string) => new Uint8Array(encoder.encode(text))
const RECORD_SIZE = 4096

export interface PushSubscriptionKeys {
  endpoint: string
  /** The browser's P-256 public key (65 bytes, uncompressed), base64url. */
  p256dh: string
  /** Its 16-byte authentication secret, base64url. */
  auth: string
}

export interface VapidKeys {
  publicKey: string
  privateKey: CryptoKey
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** Whether `text` is base64url of an uncompressed P-256 point. */
export function isP256Point(text: string): boolean {
  if (!/^[A-Za-z0-9_-]{87}$/.test(text)) return false
  const bytes = base64urlToBytes(text)
  return bytes.length === 65 && bytes[0] === 4
}

/** A JWK for the P-256 key whose public point is `point` (65 bytes) and, for a private key, scalar `d`. */
function jwkOf(point: Uint8Array, d?: Uint8Array): JsonWebKey {
  return { kty: 'EC', crv: 'P-256', x: bytesToBase64url(point.slice(1, 33)), y: bytesToBase64url(point.slice(33, 65)), ...(d && { d: bytesToBase64url(d) }) }
}

const vapidMemo = new Map<string, Promise<VapidKeys | null>>()

/** The operator's VAPID keys, or null when they are not both set (or not keys). */
export function vapidKeys(env: Pick<Bindings, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): Promise<VapidKeys | null> {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? ''
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? ''
  const name = `${publicKey}|${privateKey}`
  let keys = vapidMemo.get(name)
  if (!keys) {
    keys = (async () => {
      if (!isP256Point(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) return null
      try {
        const key = await crypto.subtle.importKey('jwk', jwkOf(base64urlToBytes(publicKey), base64urlToBytes(privateKey)), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
        return { publicKey, privateKey: key }
      } catch {
        return null
      }
    })()
    vapidMemo.set(name, keys)
  }
  return keys
}

/** The Authorization header of RFC 8292: `vapid t={ES256 JWT}, k={public key}`. */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, now = Date.now()): Promise<string> {
  const part = (value: unknown) => bytesToBase64url(encoder.encode(JSON.stringify(value)))
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: subject }
  const signingInput = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`
  // WebCrypto's ECDSA signature is r || s, 64 bytes: what JWS's ES256 wants
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, utf8(signingInput)))
  return `vapid t=${signingInput}.${bytesToBase64url(signature)}, k=${keys.publicKey}`
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits'])
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8))
}

/** The sender's side fixed, for RFC 8291's own example; otherwise a fresh key pair and salt each time. */
export interface FixedSender {
  /** The sender's P-256 scalar and public point, base64url. */
  privateKey: string
  publicKey: string
  salt: string
}

/** The body of a push message for one browser: RFC 8291 over RFC 8188's aes128gcm, in one record. */
export async function encryptPayload(plaintext: Uint8Array, subscription: Pick<PushSubscriptionKeys, 'p256dh' | 'auth'>, fixed?: FixedSender): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = base64urlToBytes(subscription.p256dh)
  const authSecret = base64urlToBytes(subscription.auth)
  if (uaPublic.length !== 65 || uaPublic[0] !== 4 || authSecret.length !== 16) throw new Error('not a push subscription key')
  if (plaintext.length > RECORD_SIZE - 16 - 1 - 86) throw new Error('push payload too large')
  const ecdh = { name: 'ECDH', namedCurve: 'P-256' }
  let senderPrivate: CryptoKey
  let asPublic: Uint8Array<ArrayBuffer>
  if (fixed) {
    asPublic = base64urlToBytes(fixed.publicKey)
    senderPrivate = await crypto.subtle.importKey('jwk', jwkOf(asPublic, base64urlToBytes(fixed.privateKey)), ecdh, false, ['deriveBits'])
  } else {
    const pair = (await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])) as CryptoKeyPair
    senderPrivate = pair.privateKey
    asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey) as ArrayBuffer)
  }
  const receiver = await crypto.subtle.importKey('raw', uaPublic, ecdh, false, [])
  // workers-types name the member `$public`; WebCrypto (and workerd) read `public`
  const derive = { name: 'ECDH', public: receiver } as unknown as SubtleCryptoDeriveKeyAlgorithm
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(derive, senderPrivate, 256))
  // RFC 8291 3.4: the key material from the shared secret and the browser's auth secret
  const ikm = await hkdf(authSecret, ecdhSecret, concat(utf8('WebPush: info\0'), uaPublic, asPublic), 32)
  const salt: Uint8Array<ArrayBuffer> = fixed ? base64urlToBytes(fixed.salt) : crypto.getRandomValues(new Uint8Array(16))
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16)
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12)
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt'])
  // one record, the last: the content and its delimiter 0x02, no padding
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, concat(plaintext, new Uint8Array([2]))))
  const header = new Uint8Array(new ArrayBuffer(21))
  header.set(salt, 0)
  new DataView(header.buffer).setUint32(16, RECORD_SIZE)
  header[20] = asPublic.length
  return concat(header, asPublic, sealed)
}

/**
 * Where a push service answered: delivered; gone for good (404, 410); refused (any other 4xx but
 * 429 Too Many Requests, such as 400 or 403 for a subscription the service no longer honours for
 * this key, or a subscription whose keys cannot seal a payload): counted, and dropped after
 * several in a row (push/settings.ts); or failed for now (5xx, 429, the network).
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed'

/** Sends one notice to one browser. */
export async function sendPush(subscription: PushSubscriptionKeys, payload: unknown, keys: VapidKeys, subject: string): Promise<PushOutcome> {
  let body: Uint8Array<ArrayBuffer>
  try {
    body = await encryptPayload(encoder.encode(JSON.stringify(payload)), subscription)
  } catch {
    // a payload that cannot be sealed (a key the browser sent wrong) is refused for this browser only
    return 'refused'
  }
  try {
    const res = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: {
        Authorization: await vapidAuthorization(subscription.endpoint, keys, subject),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        TTL: String(24 * 3600),
        Urgency: 'normal',
      },
      body,
    })
    await res.body?.cancel()
    if (res.status === 404 || res.status === 410) return 'gone'
    if (res.ok) return 'sent'
    return res.status >= 400 && res.status < 500 && res.status !== 429 ? 'refused' : 'failed'
  } catch {
    return 'failed'
  }
}
