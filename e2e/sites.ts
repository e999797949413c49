/**
 * The sites the journeys run against: as many as test files run at once (one per core, at most
 * E2E_SITES, default 2), each its own `wrangler dev` with its own local state, so a file that
 * switches maintenance on or publishes a layout changes nothing another file sees. The first is on
 * E2E_PORT; the TMDB journey's own site and fake take the two ports after it (e2e/tmdb-site.ts),
 * and the others follow those. A test file reaches the site of the worker that runs it.
 */
import { availableParallelism } from 'node:os'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[]
  }
}

export function siteCount(): number {
  const wanted = Number(process.env.E2E_SITES ?? 2)
  return Math.max(1, Math.min(Number.isInteger(wanted) ? wanted : 1, availableParallelism()))
}

export function sitePorts(): number[] {
  const first = Number(process.env.E2E_PORT ?? '8788')
  return Array.from({ length: siteCount() }, (_, i) => (i === 0 ? first : first + 2 + i))
}

/** The address of the site this test file runs against (Vitest numbers its workers from 1). */
export function siteUrl(): string {
  const urls = inject('baseUrls')
  const worker = Number(process.env.VITEST_POOL_ID ?? 1)
  return urls[(worker - 1) % urls.length]!
}
