/**
 * For jsdom tests: answers the page's API calls with `handler` in place of the
 * network, and records what was asked (method, path with query, JSON body) for the test to read.
 */
import { vi } from 'vitest'

export interface SeenCall {
  method: string
  path: string
  body: unknown
}

export type ApiHandler = (url: URL, request: Request, body: unknown) => Response | Promise<Response>

export function stubApi(handler: ApiHandler): SeenCall[] {
  const seen: SeenCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)
      const url = new URL(request.url, 'http://localhost')
      const text = request.method === 'GET' ? '' : await request.clone().text()
      const body: unknown = text ? JSON.parse(text) : undefined
      seen.push({ method: request.method, path: url.pathname + url.search, body })
      return handler(url, request, body)
    }),
  )
  return seen
}
