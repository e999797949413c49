// The language menu: every language named in its own language, linking to the same page in it;
// following one keeps the choice in the cookie the worker reads, and on the account when signed in.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOCALE_NAMES, LOCALES } from '../../worker/lib/locales'
import { LanguageMenu } from './language-menu'

function answerMe(user: unknown) {
  const calls: { method: string; path: string; body: string | null }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
      calls.push({ method: init?.method ?? (input instanceof Request ? input.method : 'GET'), path: url.pathname, body: typeof init?.body === 'string' ? init.body : null })
      if (url.pathname === '/api/auth/me') return Promise.resolve(Response.json(user))
      return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }))
    }),
  )
  return calls
}

function renderMenu() {
  render(
    <Provider>
      <MemoryRouter initialEntries={['/movie/155?season=2']}>
        <LanguageMenu />
      </MemoryRouter>
    </Provider>,
  )
  fireEvent.click(screen.getByRole('button', { name: /Language/ }))
  return screen.getByRole('list', { name: 'Language' })
}

// jsdom cannot follow a link to another document; the test stops at the click.
const stopNavigation = (e: MouseEvent) => e.preventDefault()

beforeEach(() => {
  document.addEventListener('click', stopNavigation)
  document.cookie = 'lang=; Path=/; Max-Age=0'
})

afterEach(() => {
  document.removeEventListener('click', stopNavigation)
  vi.unstubAllGlobals()
})

describe('LanguageMenu', () => {
  it('lists every language in its own language, each linking to this page in it', () => {
    answerMe({ user: null })
    const list = renderMenu()
    const links = within(list).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(LOCALES.map((l) => LOCALE_NAMES[l]))
    expect(links.map((a) => a.getAttribute('lang'))).toEqual([...LOCALES])
    expect(within(list).getByRole('link', { name: 'Español' }).getAttribute('href')).toBe('/es/movie/155?season=2')
    expect(within(list).getByRole('link', { name: 'Português (Brasil)' }).getAttribute('href')).toBe('/pt-br/movie/155?season=2')
    expect(within(list).getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/movie/155?season=2')
    expect(within(list).getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true')
  })

  it('keeps the choice in the lang cookie, and asks nothing of the API when nobody is signed in', async () => {
    const calls = answerMe({ user: null })
    const list = renderMenu()
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true))
    fireEvent.click(within(list).getByRole('link', { name: 'العربية' }))
    expect(document.cookie).toContain('lang=ar')
    expect(calls.filter((c) => c.path === '/api/me/locale')).toEqual([])
  })

  it('follows the page the address bar shows, even while the router still draws the one before', () => {
    answerMe({ user: null })
    const list = renderMenu()
    window.history.pushState(null, '', '/tv/1399?season=3')
    const spanish = within(list).getByRole('link', { name: 'Español' })
    fireEvent.click(spanish)
    expect(spanish.getAttribute('href')).toBe('/es/tv/1399?season=3')
    window.history.pushState(null, '', '/')
  })

  it('signed in, also stores the choice on the account, and a 404 from the API changes nothing', async () => {
    const calls = answerMe({ id: 7, email: 'a@example.com', type: 'user', user: { username: 'ada' } })
    const list = renderMenu()
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true))
    // the session answers before the choice is made
    await new Promise((r) => setTimeout(r, 0))
    fireEvent.click(within(list).getByRole('link', { name: '日本語' }))
    expect(document.cookie).toContain('lang=ja')
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/me/locale')).toEqual([{ method: 'PUT', path: '/api/me/locale', body: '{"locale":"ja"}' }]))
  })
})
