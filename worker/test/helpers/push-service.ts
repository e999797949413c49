/**
 * A push service faked at the network boundary, for the notices' tests: the isolate's fetch
 * answers a push endpoint as the service would (201, or 410 for a subscription it dropped) and
 * keeps each request; TMDB's calls go to `tmdb`. What it received is checked the way a push
 * service and a browser would: the VAPID JWT's ES256 signature against the key it names, and the
 * payload decrypted with the subscription's private key (RFC 8291), independently of the worker's
 * code. Also makes a browser's subscription: a P-256 key pair and an auth secret.
 */
import { vi } from 'vitest'
import { base64urlToBytes, bytesToBase64url } from '../../auth/webauthn'

export const PUSH_HOST = 'fcm.googleapis.com'

export interface ReceivedPush {
  endpoint: string
  headers: Headers
  body: Uint8Array
}

export interface FakeBrowser {
  endpoint: string
  p256dh: string
  auth: string
  privateKey: CryptoKey
}

export async function fakeBrowser(name: string): Promise<FakeBrowser> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)
  return { endpoint: `https://${PUSH_HOST}/fcm/send/${name}`, p256dh: bytesToBase64url(raw), auth: bytesToBase64url(crypto.getRandomValues(new Uint8Array(16))), privateKey: pair.privateKey }
}

/** Fakes the network: push endpoints (410 for those in `gone`, the status in `statuses` for those it names) and TMDB through `tmdb`. */
export function fakePushService(tmdb: (url: URL) => Response | Promise<Response>, gone: Set<string> = new Set(), statuses: Map<string, number> = new Map()): ReceivedPush[] {
  const received: ReceivedPush[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.hostname === 'api.themoviedb.org') return tmdb(url)
    if (url.hostname !== PUSH_HOST) throw new Error(`unexpected fetch to ${url.hostname}`)
    received.push({ endpoint: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) })
    return new Response(null, { status: gone.has(request.url) ? 410 : (statuses.get(request.url) ?? 201) })
  })
  return received
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
const buffer = (bytes: Uint8Array) => new Uint8Array(bytes)

/** Checks the request's VAPID header (RFC 8292) against `publicKey`; answers its JWT claims. */
export async function verifyVapid(push: ReceivedPush, publicKey: string): Promise<{ aud: string; exp: number; sub: string }> {
  const header = push.headers.get('Authorization') ?? ''
  const m = /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header)
  if (!m) throw new Error(`not a VAPID header: ${header}`)
  if (m[4] !== publicKey) throw new Error('the header names another key')
  const jose = JSON.parse(text(base64urlToBytes(m[1]!))) as { alg: string; typ: string }
  if (jose.alg !== 'ES256') throw new Error(`alg ${jose.alg}`)
  const point = base64urlToBytes(publicKey)
  const key = await crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: bytesToBase64url(point.slice(1, 33)), y: bytesToBase64url(point.slice(33)) }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
  const signed = new Uint8Array(new TextEncoder().encode(`${m[1]}.${m[2]}`))
  const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, base64urlToBytes(m[3]!), signed)
  if (!ok) throw new Error('the VAPID signature does not verify')
  return JSON.parse(text(base64urlToBytes(m[2]!)))
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: string | Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', buffer(ikm), 'HKDF', false, ['deriveBits'])
  const infoBytes = typeof info === 'string' ? new Uint8Array(new TextEncoder().encode(info)) : buffer(info)
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: buffer(salt), info: infoBytes }, key, bytes * 8))
}

/** What the browser does with a push message: RFC 8188's header, RFC 8291's keys, AES-GCM, the padding stripped. */
export async function decryptPush(body: Uint8Array, browser: Pick<FakeBrowser, 'p256dh' | 'auth' | 'privateKey'>): Promise<string> {
  const salt = body.slice(0, 16)
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16)
  const idLength = body[20]!
  const asPublic = body.slice(21, 21 + idLength)
  const sealed = body.slice(21 + idLength)
  if (sealed.length > recordSize) throw new Error('more than one record')
  const sender = await crypto.subtle.importKey('raw', buffer(asPublic), { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: sender } as unknown as SubtleCryptoDeriveKeyAlgorithm, browser.privateKey, 256))
  const uaPublic = base64urlToBytes(browser.p256dh)
  const info = new Uint8Array([...new TextEncoder().encode('WebPush: info\0'), ...uaPublic, ...asPublic])
  const ikm = await hkdf(base64urlToBytes(browser.auth), shared, info, 32)
  const cek = await hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16)
  const nonce = await hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12)
  const key = await crypto.subtle.importKey('raw', buffer(cek), 'AES-GCM', false, ['decrypt'])
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buffer(nonce) }, key, buffer(sealed)))
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('not the last record')
  return text(padded.slice(0, end))
}
