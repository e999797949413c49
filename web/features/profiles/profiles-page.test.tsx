// "Who's watching?": the account's profiles as tiles; choosing one asks the server, with the PIN
// pad when it answers that a PIN is needed, and opens the home page once the session names it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../test-api'
import type { Profile } from './api'
import { loadAfresh } from './browser-prefs'
import { Component as ProfilesPage } from './profiles-page'
import { kidsProfile, meAnswer, ownProfile, renderAt, teenProfile } from './test-profiles'

vi.mock('./browser-prefs', async (original) => ({ ...(await original<typeof import('./browser-prefs')>()), loadAfresh: vi.fn() }))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(loadAfresh).mockClear()
})

const profiles = [ownProfile, teenProfile, kidsProfile]

/** The API of an account whose session has not chosen yet; `choose` answers the choice of a profile. */
function stubAccount(choose: (profile: Profile, pin: string | undefined) => Response) {
  let viewer: Profile | null = null
  return stubApi((url, request, body) => {
    if (url.pathname === '/api/auth/me') return Response.json(meAnswer(viewer))
    if (url.pathname === '/api/me/profiles') return Response.json({ profiles, current: viewer?.id ?? null, max: 5, guard: false })
    const chosen = /^\/api\/me\/profiles\/(\d+)\/choose$/.exec(url.pathname)
    if (chosen && request.method === 'POST') {
      const profile = profiles.find((p) => p.id === Number(chosen[1]))!
      const answer = choose(profile, (body as { pin?: string }).pin)
      if (answer.ok) viewer = profile
      return answer
    }
    return Response.json({ error: 'Not found' }, { status: 404 })
  })
}

describe('Who’s watching?', () => {
  it('lists the profiles, a lock on a locked one, and chooses one: the home page is loaded afresh', async () => {
    const calls = stubAccount((profile) => Response.json({ profile }))
    renderAt('/profiles', '/profiles/*', <ProfilesPage />)

    const list = await screen.findByRole('list')
    const tiles = within(list).getAllByRole('button')
    expect(tiles.map((tile) => tile.textContent)).toEqual(['Ann', 'Sam (locked with a PIN)', 'Mia (kids profile)Kids'])
    expect(screen.getByRole('heading', { level: 1, name: 'Who\'s watching?' })).toBeTruthy()
    // Managing waits for a chosen grown-up's profile: the server refuses it to a session that has not chosen.
    expect(screen.queryByRole('link', { name: 'Manage profiles' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Ann' }))
    await waitFor(() => expect(loadAfresh).toHaveBeenCalledWith('/'))
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/me/profiles/1/choose', {}]])
  })

  it('asks for the PIN when the server needs one and sends it; a wrong one says the tries left, then the wait', async () => {
    const calls = stubAccount((_profile, pin) => {
      if (pin === undefined) return Response.json({ error: 'This profile needs its PIN.', pin_required: true }, { status: 403 })
      if (pin === '1111') return Response.json({ error: 'That PIN is not right.', wrong_pin: true, attempts_left: 2 }, { status: 403 })
      if (pin === '2222') return Response.json({ error: 'Too many wrong PINs.', retry_after: 900 }, { status: 429 })
      return Response.json({ profile: teenProfile })
    })
    renderAt('/profiles', '/profiles/*', <ProfilesPage />)
    fireEvent.click(await screen.findByRole('button', { name: /^Sam.*locked with a PIN/ }))

    const pad = await screen.findByRole('dialog', { name: 'Enter the PIN to watch as Sam' })
    const pin = within(pad).getByLabelText('PIN (4 digits)')
    expect(pin.getAttribute('inputmode')).toBe('numeric')
    expect(pin.getAttribute('autocomplete')).toBe('off')
    await waitFor(() => expect(document.activeElement).toBe(pin))

    fireEvent.change(pin, { target: { value: '1111' } })
    fireEvent.click(within(pad).getByRole('button', { name: 'Continue' }))
    const problem = await within(pad).findByRole('alert')
    expect(problem.textContent).toContain('That PIN is not right.')
    expect(problem.textContent).toContain('2 tries left')
    expect(screen.getByTestId('where').textContent).toBe('/profiles')

    // the pad is ready for the next try once the answer has cleared the digits and the button is
    // no longer busy (typed before that, the digits would be cleared and the press ignored)
    await waitFor(() => expect([(pin as HTMLInputElement).value, within(pad).getByRole('button', { name: 'Continue' }).getAttribute('aria-busy')]).toEqual(['', null]))
    fireEvent.change(pin, { target: { value: '2222' } })
    fireEvent.click(within(pad).getByRole('button', { name: 'Continue' }))
    await within(pad).findByText('Too many wrong PINs. Try again in 15 minutes.')
    expect((pin as HTMLInputElement).disabled).toBe(true)

    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}, { pin: '1111' }, { pin: '2222' }])
  })

  it('goes home once the right PIN is sent after it was asked for', async () => {
    const calls = stubAccount((_profile, pin) =>
      pin === '4321' ? Response.json({ profile: teenProfile }) : Response.json({ error: 'This profile needs its PIN.', pin_required: true }, { status: 403 }),
    )
    renderAt('/profiles', '/profiles/*', <ProfilesPage />)
    fireEvent.click(await screen.findByRole('button', { name: /^Sam.*locked with a PIN/ }))
    const pad = await screen.findByRole('dialog')
    // Only digits go in, four at most.
    const pin = within(pad).getByLabelText('PIN (4 digits)')
    fireEvent.change(pin, { target: { value: '43a215' } })
    expect((pin as HTMLInputElement).value).toBe('4321')
    fireEvent.click(within(pad).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(loadAfresh).toHaveBeenCalledWith('/'))
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}, { pin: '4321' }])
  })
})
