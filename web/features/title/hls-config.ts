/**
 * Adaptive-streaming settings and rules of SPEC.md sections 4 and 9 for our HLS player: large
 * buffers, patient loaders (60 s timeouts, 20 retries 200 ms apart), a step down in quality when
 * the buffer ahead runs low, and recovery from network and media errors. Only types come from
 * hls.js here; the library itself is imported dynamically by the player so it stays out of every
 * other page's chunks.
 */
import type { HlsConfig, LoaderConfig } from 'hls.js'
import { t } from '../../i18n'
import type { ConnectionQuality } from './connection-quality'

export const LOW_BUFFER_SECONDS = 10
export const NETWORK_RETRY_DELAY_MS = 1000
/** SPEC.md section 9: loading restarts 1000 ms after a stall if the playhead has not moved. */
export const STALL_RESTART_MS = 1000
/** How long after a step down before the next one, so one slow fragment does not sink to the lowest level. */
export const LEVEL_DROP_COOLDOWN_MS = 4000

const patientLoader: LoaderConfig = {
  maxTimeToFirstByteMs: 60_000,
  maxLoadTimeMs: 60_000,
  timeoutRetry: { maxNumRetry: 20, retryDelayMs: 200, maxRetryDelayMs: 200 },
  errorRetry: { maxNumRetry: 20, retryDelayMs: 200, maxRetryDelayMs: 200 },
}

export const hlsConfig: Partial<HlsConfig> = {
  maxBufferLength: 600,
  maxMaxBufferLength: 1200,
  maxBufferSize: 524_288_000,
  fragLoadPolicy: { default: patientLoader },
  manifestLoadPolicy: { default: patientLoader },
  playlistLoadPolicy: { default: patientLoader },
  capLevelToPlayerSize: false,
  startFragPrefetch: true,
}

/** Seconds of media buffered ahead of the playhead (0 when the playhead is outside every range). */
export function bufferAhead(buffered: TimeRanges, currentTime: number): number {
  for (let i = 0; i < buffered.length; i++) {
    if (currentTime >= buffered.start(i) - 0.1 && currentTime <= buffered.end(i)) return buffered.end(i) - currentTime
  }
  return 0
}

export interface LowBufferState {
  bufferAhead: number
  /** Seconds left until the end of the media; a buffer cannot hold more than that. */
  remaining: number
  currentLevel: number
  autoLevel: boolean
  sinceLastDropMs: number
}

/**
 * Whether to step down a level because the buffer ahead is low. The viewer's own choice of level
 * is respected, and near the end of the media a short buffer is expected, not a warning sign.
 */
export function shouldLowerLevel(s: LowBufferState): boolean {
  return (
    s.autoLevel &&
    s.currentLevel > 0 &&
    s.bufferAhead < LOW_BUFFER_SECONDS &&
    s.remaining > LOW_BUFFER_SECONDS &&
    s.sinceLastDropMs >= LEVEL_DROP_COOLDOWN_MS
  )
}

export interface StallCheck {
  /** The playhead when the stall was reported, and now. */
  stalledAt: number
  currentTime: number
  paused: boolean
  seeking: boolean
  ended: boolean
  bufferAhead: number
}

/**
 * Whether loading should restart at the playhead once STALL_RESTART_MS have passed since a stall:
 * only when the viewer still wants to play and the playhead is stuck with nothing buffered ahead.
 * With 60 s load timeouts, a fragment that stopped arriving would otherwise hold playback for up
 * to a minute.
 */
export function shouldRestartAfterStall(s: StallCheck): boolean {
  return !s.paused && !s.seeking && !s.ended && Math.abs(s.currentTime - s.stalledAt) < 0.05 && s.bufferAhead < 0.5
}

export interface QualityLevel {
  index: number
  label: string
}

/** Menu labels for the levels: '480p', or the bitrate when a level has no height. */
export function levelLabels(levels: { height?: number; bitrate: number }[]): QualityLevel[] {
  return levels.map((level, index) => ({
    index,
    label: level.height ? `${level.height}p` : t('player.bitrate', { kbps: Math.round(level.bitrate / 1000) }),
  }))
}

/**
 * The rendition to start on, by connection quality (SPEC.md section 7 maps the same four to low,
 * medium, high and auto): the lowest on a very poor connection, the middle one on a poor one, the
 * highest on a good or excellent one, so a large player does not open on an upscaled 240p picture;
 * -1 (hls.js's own estimate) while the quality is unknown. hls.js steps down from there if the
 * buffer runs low.
 */
export function startLevelFor(connection: ConnectionQuality | undefined, levelCount: number): number {
  if (!connection || levelCount <= 0) return -1
  switch (connection) {
    case 'very-poor':
      return 0
    case 'poor':
      return Math.floor((levelCount - 1) / 2)
    default:
      return levelCount - 1
  }
}
