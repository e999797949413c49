/** A text's digest as lower-case hex (WebCrypto): SHA-256 for secrets kept hashed, SHA-1 for ETags. */
export async function digestHex(text: string, algorithm: 'SHA-256' | 'SHA-1' = 'SHA-256'): Promise<string> {
  const hash = await crypto.subtle.digest(algorithm, new TextEncoder().encode(text))
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('')
}
