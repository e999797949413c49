/**
 * Connection quality (SPEC.md section 4): from the browser's reported downlink when it has one,
 * else from the time a HEAD /api/ping takes. Third-party player frames receive it as a quality
 * and buffer hint (SPEC.md section 7).
 */
export type ConnectionQuality = 'excellent' | 'good' | 'poor' | 'very-poor'

/** Downlink in Mbit/s, as navigator.connection.downlink reports it. */
export function qualityFromDownlink(mbps: number): ConnectionQuality {
  if (mbps >= 10) return 'excellent'
  if (mbps >= 5) return 'good'
  if (mbps >= 2) return 'poor'
  return 'very-poor'
}

/** Round-trip time of the ping in milliseconds. */
export function qualityFromLatency(ms: number): ConnectionQuality {
  if (ms < 100) return 'excellent'
  if (ms < 300) return 'good'
  if (ms < 1000) return 'poor'
  return 'very-poor'
}

interface NetworkInformationLike {
  downlink?: number
}

export interface ConnectionProbe {
  /** navigator.connection where the browser has it (Chromium); reading it may throw. */
  readConnection: () => NetworkInformationLike | undefined
  /** A timed HEAD /api/ping; answers the elapsed milliseconds or throws on failure. */
  ping: () => Promise<number>
}

export async function measureConnectionQuality(probe: ConnectionProbe): Promise<ConnectionQuality> {
  let downlink: number | undefined
  try {
    const connection = probe.readConnection()
    downlink = connection?.downlink
  } catch {
    return 'poor'
  }
  if (typeof downlink === 'number' && Number.isFinite(downlink) && downlink > 0) return qualityFromDownlink(downlink)
  try {
    return qualityFromLatency(await probe.ping())
  } catch {
    return 'very-poor'
  }
}

/** A ping slower than this counts as failed, so a stalled request cannot hold the player back. */
export const PING_TIMEOUT_MS = 5000

export async function timedPing(fetchImpl: typeof fetch = fetch, now: () => number = () => performance.now()): Promise<number> {
  const started = now()
  const res = await fetchImpl('/api/ping', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(PING_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`ping answered ${res.status}`)
  return now() - started
}

export const browserProbe: ConnectionProbe = {
  readConnection: () => (navigator as Navigator & { connection?: NetworkInformationLike }).connection,
  ping: () => timedPing(),
}

const qualityQuery: Record<ConnectionQuality, { quality: string; buffer: string }> = {
  'very-poor': { quality: 'low', buffer: 'minimal' },
  poor: { quality: 'medium', buffer: 'reduced' },
  good: { quality: 'high', buffer: 'normal' },
  excellent: { quality: 'auto', buffer: 'optimal' },
}

/** The quality and buffer hint appended to a third-party frame's URL. */
export function withQualityQuery(url: string, quality: ConnectionQuality): string {
  const target = new URL(url)
  const hint = qualityQuery[quality]
  target.searchParams.set('quality', hint.quality)
  target.searchParams.set('buffer', hint.buffer)
  return target.toString()
}
