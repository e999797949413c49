/**
 * Reads a body to its end while it stays within a number of bytes: the request bodies under /api
 * (lib/body-limit.ts) and the playlists an administrator's stream check loads
 * (player/playlist-check.ts). Past the cap it stops reading and says how much it read; what to do
 * with the rest (drain it, cancel it) is the caller's.
 */
export type Within = { bytes: Uint8Array<ArrayBuffer> } | { over: number }

export async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, max: number): Promise<Within> {
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) return { over: size }
    parts.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.byteLength
  }
  return { bytes }
}
