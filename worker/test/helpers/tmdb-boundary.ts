/**
 * TMDB faked at the network boundary: the isolate's fetch answers calls to api.themoviedb.org with
 * `answer`, notes each address asked in `asked`, and refuses any other host (a test must not reach
 * the internet). Undone by vi.restoreAllMocks().
 */
import { vi } from 'vitest'

export function answerTmdbWith(answer: (url: URL) => Response | Promise<Response>, asked: URL[]): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.hostname !== 'api.themoviedb.org') throw new Error(`unexpected fetch to ${url.hostname}`)
    asked.push(url)
    return answer(url)
  })
}
