/** App-wide providers: the TanStack Query cache for server data and the jotai store for client state. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider as JotaiProvider } from 'jotai'
import type { createStore } from 'jotai'
import type { ReactNode } from 'react'
import { retryOnceUnlessAnswered } from '../lib/api-client'

export const queryClient = new QueryClient({
  defaultOptions: {
    // Offline, queries still run (and fail at once) rather than wait paused behind a loading
    // frame: the page says it is offline, and refetches when the connection comes back.
    queries: { staleTime: 5 * 60 * 1000, refetchOnWindowFocus: false, retry: retryOnceUnlessAnswered, networkMode: 'always' },
  },
})

/** `client` and `store` are the page's own when the worker renders it (web/ssr.tsx); the app's otherwise. */
export function Providers({ children, client = queryClient, store }: { children: ReactNode; client?: QueryClient; store?: ReturnType<typeof createStore> }) {
  return (
    <QueryClientProvider client={client}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  )
}
