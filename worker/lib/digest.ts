/**
 * Digests as lower-case hex (WebCrypto): SHA-256 for secrets kept hashed, SHA-1 for ETags, and a
 * keyed digest (HMAC-SHA-256 under a key derived from JWT_SECRET) for values that must be matched
 * again later but never stored in clear, such as the e-mails and addresses attempt counters name.
 */
export async function digestHex(text: string, algorithm: 'SHA-256' | 'SHA-1' = 'SHA-256'): Promise<string> {
  const hash = await crypto.subtle.digest(algorithm, new TextEncoder().encode(text))
  return hex(hash)
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}

// One derived key per secret and purpose for the isolate's life: deriving costs more than signing.
const derivedKeys = new Map<string, Promise<CryptoKey>>()

function keyFor(secret: string, purpose: string): Promise<CryptoKey> {
  const name = `${purpose}\u0000${secret}`
  let key = derivedKeys.get(name)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode(purpose), info: new Uint8Array() },
          base,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          ['sign'],
        ),
      )
    derivedKeys.set(name, key)
  }
  return key
}

/** The first 32 hex digits (128 bits) of HMAC-SHA-256 of `text` under a key derived from `secret` for `purpose`. */
export async function keyedDigestHex(secret: string, purpose: string, text: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await keyFor(secret, purpose), new TextEncoder().encode(text))
  return hex(signature).slice(0, 32)
}

/**
 * workerd's comparison of two buffers of one length in a time that does not depend on where they
 * differ. The web app's type check also reads the worker (for the API types) with DOM typings,
 * which do not know it, hence the explicit type.
 */
export const timingSafeEqual = (a: ArrayBufferView, b: ArrayBufferView): boolean => (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }).timingSafeEqual(a, b)

/** Whether two texts (digests, signatures) are the same, compared in a time that does not depend on where they differ (workerd's timingSafeEqual). */
export function sameSecret(a: string, b: string): boolean {
  const [left, right] = [new TextEncoder().encode(a), new TextEncoder().encode(b)]
  return left.byteLength === right.byteLength && timingSafeEqual(left, right)
}
