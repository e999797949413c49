/** For the profile screens' jsdom tests: an account's profiles, and a page drawn with its own cache and store. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { Profile } from './api'

export const ownProfile: Profile = { id: 1, name: 'Ann', avatar: 'fox', locale: null, ceiling: 'all', kids: false, locked: false, own: true }
export const teenProfile: Profile = { id: 2, name: 'Sam', avatar: 'robot', locale: null, ceiling: 'teens', kids: false, locked: true, own: false }
export const kidsProfile: Profile = { id: 3, name: 'Mia', avatar: 'owl', locale: null, ceiling: 'kids', kids: true, locked: false, own: false }

/** GET /api/auth/me for an account watching as `viewer` (null: not chosen yet). */
export function meAnswer(viewer: Profile | null, extra: Record<string, unknown> = {}) {
  return {
    id: 7,
    email: 'ann@example.com',
    type: 'user',
    user: { username: 'ann' },
    viewer: viewer && { id: viewer.id, name: viewer.name, avatar: viewer.avatar, ceiling: viewer.ceiling, kids: viewer.kids },
    profiles: 3,
    choose_profile: viewer === null,
    ...extra,
  }
}

/** Where the page is: what a test reads after a navigation. */
function Where() {
  const { pathname } = useLocation()
  return <output data-testid="where">{pathname}</output>
}

/** `element` at `path`, the page opened at `at`, and a home page to land on; `shell` on every page. */
export function renderAt(at: string, path: string, element: ReactNode, shell?: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <Provider store={createStore()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          {shell}
          <Routes>
            <Route path={path} element={element} />
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="*" element={<h1>Elsewhere</h1>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
  return { ...view, client }
}
