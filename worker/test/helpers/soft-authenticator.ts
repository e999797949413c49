/**
 * A software passkey for workerd tests: an ES256 key made with WebCrypto that answers WebAuthn
 * registration ("none" attestation) and authentication requests the way a platform authenticator
 * does (user present and verified, a signature counter), so the worker's SimpleWebAuthn checks
 * run on real signatures.
 */
const encoder = new TextEncoder()

function b64url(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.byteLength, 0)))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', concat(bytes)))
}

function cborText(text: string): Uint8Array {
  const bytes = encoder.encode(text)
  return concat(new Uint8Array([0x60 + bytes.length]), bytes)
}

function cborBytes(bytes: Uint8Array): Uint8Array {
  const head = bytes.length < 24 ? [0x40 + bytes.length] : bytes.length < 256 ? [0x58, bytes.length] : [0x59, bytes.length >> 8, bytes.length & 0xff]
  return concat(new Uint8Array(head), bytes)
}

/** Raw r||s (WebCrypto) to the DER sequence WebAuthn carries for ES256. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (part: Uint8Array) => {
    let start = 0
    while (start < part.length - 1 && part[start] === 0) start++
    let body = part.slice(start)
    if (body[0]! & 0x80) body = concat(new Uint8Array([0]), body)
    return concat(new Uint8Array([0x02, body.length]), body)
  }
  const seq = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)))
  return concat(new Uint8Array([0x30, seq.length]), seq)
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(32))
  private counter = 0
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair
    return new SoftAuthenticator(keys)
  }

  get id(): string {
    return b64url(this.credentialId)
  }

  private async authData(rpId: string, attested: boolean): Promise<Uint8Array> {
    this.counter += 1
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0) // user present, user verified, attested credential data
    const counter = new Uint8Array([(this.counter >>> 24) & 0xff, (this.counter >>> 16) & 0xff, (this.counter >>> 8) & 0xff, this.counter & 0xff])
    const head = concat(await sha256(encoder.encode(rpId)), new Uint8Array([flags]), counter)
    if (!attested) return head
    const jwk = (await crypto.subtle.exportKey('jwk', this.keys.publicKey)) as JsonWebKey
    const coordinate = (value: string) => Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0))
    const coseKey = concat(
      new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
      cborBytes(coordinate(jwk.x!)),
      new Uint8Array([0x22]),
      cborBytes(coordinate(jwk.y!)),
    )
    const idLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 0xff])
    return concat(head, new Uint8Array(16), idLength, this.credentialId, coseKey)
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array<ArrayBuffer> {
    return concat(encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })))
  }

  async register(options: { challenge: string; rp: { id?: string } }, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname
    const attestationObject = concat(
      new Uint8Array([0xa3]),
      cborText('fmt'),
      cborText('none'),
      cborText('attStmt'),
      new Uint8Array([0xa0]),
      cborText('authData'),
      cborBytes(await this.authData(rpId, true)),
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  async authenticate(options: { challenge: string; rpId?: string }, origin: string) {
    const authenticatorData = await this.authData(options.rpId ?? new URL(origin).hostname, false)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin)
    const signed = concat(authenticatorData, await sha256(clientDataJSON))
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed))
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(derSignature(raw)) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
