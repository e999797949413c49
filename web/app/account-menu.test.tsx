// Whose profile a signed-in page is for: the account button shows it, the menu switches to another
// (the same choice as "Who's watching?"), a kids profile gets a simpler menu, and the app sends a
// session that has not chosen to "Who's watching?" and a kids profile away from the account's pages.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../features/profiles/api'
import { loadAfresh } from '../features/profiles/browser-prefs'
import { kidsProfile, meAnswer, ownProfile, renderAt, teenProfile } from '../features/profiles/test-profiles'
import { stubApi } from '../test-api'
import { AccountMenu } from './account-menu'

vi.mock('../features/profiles/browser-prefs', async (original) => ({ ...(await original<typeof import('../features/profiles/browser-prefs')>()), loadAfresh: vi.fn() }))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(loadAfresh).mockClear()
  localStorage.clear()
})

const profiles = [ownProfile, { ...teenProfile, locked: false }, kidsProfile]

function stubAccount(first: Profile | null) {
  let viewer = first
  return stubApi((url, request) => {
    if (url.pathname === '/api/auth/me') return Response.json(meAnswer(viewer))
    if (url.pathname === '/api/me/profiles') return Response.json({ profiles, current: viewer?.id ?? null, max: 5, guard: false })
    const chosen = /^\/api\/me\/profiles\/(\d+)\/choose$/.exec(url.pathname)
    if (chosen && request.method === 'POST') {
      viewer = profiles.find((p) => p.id === Number(chosen[1]))!
      return Response.json({ profile: viewer })
    }
    return Response.json({ error: 'Not found' }, { status: 404 })
  })
}

describe('the account menu', () => {
  it('shows the current profile’s avatar and name, and switches to another profile', async () => {
    const calls = stubAccount(ownProfile)
    renderAt('/movies', '/movies', <h1>Movies</h1>, <AccountMenu />)
    const button = await screen.findByRole('button', { name: 'Account: Ann' })
    expect(button.textContent).toBe('Ann')
    // The fox, drawn once its code is here.
    await waitFor(() => expect(button.querySelector('svg circle[fill="#0f766e"]')).not.toBeNull())

    fireEvent.click(button)
    const menu = await screen.findByRole('menu')
    const switcher = await within(menu).findByRole('group', { name: 'Switch profile' })
    expect(within(switcher).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Sam', 'Mia', 'Manage profiles'])
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toBeTruthy()
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy()

    // this browser's own choices are the outgoing profile's: put aside, the incoming one's (none yet) come back
    localStorage.setItem('recent-searches', JSON.stringify(['alien']))
    localStorage.setItem('player-captions', 'en')
    fireEvent.click(within(switcher).getByRole('menuitem', { name: 'Sam' }))
    await waitFor(() => expect(loadAfresh).toHaveBeenCalledWith('/'))
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/me/profiles/2/choose'])
    expect(localStorage.getItem('recent-searches')).toBeNull()
    expect(localStorage.getItem('player-captions')).toBeNull()
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('is a simpler menu on a kids profile: switching profile, no account pages, no Manage profiles, no sign-out', async () => {
    stubAccount(kidsProfile)
    renderAt('/', '/', <AccountMenu />)
    fireEvent.click(await screen.findByRole('button', { name: 'Account: Mia' }))
    const menu = await screen.findByRole('menu')
    const switcher = await within(menu).findByRole('group', { name: 'Switch profile' })
    expect(within(switcher).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Ann', 'Sam'])
    expect(within(menu).getByText('Kids profile')).toBeTruthy()
    expect(within(menu).queryByRole('menuitem', { name: 'My Profile' })).toBeNull()
    expect(within(menu).queryByRole('menuitem', { name: 'Logout' })).toBeNull()
    expect(within(menu).queryByRole('menuitem', { name: 'Manage profiles' })).toBeNull()
  })
})

describe('keeping the page to its profile', () => {
  it('sends a session that has not chosen a profile to “Who’s watching?”', async () => {
    stubAccount(null)
    renderAt('/movies', '/movies', <h1>Movies</h1>, <AccountMenu />)
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profiles'))
  })

  it('sends a kids profile home from the account’s own pages, and leaves it on the others', async () => {
    stubAccount(kidsProfile)
    renderAt('/profile', '/profile', <h1>Profile</h1>, <AccountMenu />)
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'))
  })

  it('leaves a grown-up profile where it is', async () => {
    const calls = stubAccount(ownProfile)
    renderAt('/profile', '/profile', <h1>Profile</h1>, <AccountMenu />)
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.getByTestId('where').textContent).toBe('/profile')
  })
})
