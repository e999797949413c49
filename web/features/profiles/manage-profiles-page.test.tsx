// Managing profiles: adding one (name, avatar, language, ceiling), with the account's PIN asked for
// and sent when the guard is on; no Add at five profiles; deleting after a confirmation; a
// profile's PIN set with the account's password.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../test-api'
import type { Profile } from './api'
import { Component as ProfilesPages } from './profiles-page'
import { kidsProfile, meAnswer, ownProfile, renderAt, teenProfile } from './test-profiles'

afterEach(() => vi.unstubAllGlobals())

/** An account with `start`'s profiles, watching as its own; `guard` asks for PIN 1234 on every change. */
function stubAccount(start: Profile[], guardOn: boolean) {
  let guard = guardOn
  const profiles = [...start]
  const calls = stubApi((url, request, body) => {
    const sent = (body ?? {}) as Record<string, unknown>
    const needsPin = () => guard && sent.pin !== '1234' && Response.json({ error: 'The account PIN is needed.', pin_required: true }, { status: 403 })
    if (url.pathname === '/api/auth/me') return Response.json(meAnswer(ownProfile))
    if (url.pathname === '/api/me/profiles' && request.method === 'GET') return Response.json({ profiles, current: 1, max: 5, guard })
    if (url.pathname === '/api/me/profiles' && request.method === 'POST') {
      const refused = needsPin()
      if (refused) return refused
      const profile: Profile = { id: profiles.length + 1, name: String(sent.name), avatar: sent.avatar as Profile['avatar'], locale: (sent.locale as Profile['locale']) ?? null, ceiling: sent.ceiling as Profile['ceiling'], kids: sent.ceiling === 'kids', locked: false, own: false }
      profiles.push(profile)
      return Response.json({ profile }, { status: 201 })
    }
    const one = /^\/api\/me\/profiles\/(\d+)(\/pin)?$/.exec(url.pathname)
    if (one && request.method === 'DELETE') {
      const refused = needsPin()
      if (refused) return refused
      profiles.splice(profiles.findIndex((p) => p.id === Number(one[1])), 1)
      return new Response(null, { status: 204 })
    }
    if (one && !one[2] && request.method === 'PATCH') {
      const refused = needsPin()
      if (refused) return refused
      const profile = profiles.find((p) => p.id === Number(one[1]))!
      const { pin: _pin, ...change } = sent
      Object.assign(profile, change)
      return Response.json({ profile })
    }
    if (url.pathname === '/api/me/profiles/guard' && request.method === 'PUT') {
      if (sent.password !== 'secret') return Response.json({ error: 'That password is not right.' }, { status: 400 })
      guard = sent.on === true
      return Response.json({ guard })
    }
    if (one?.[2] && request.method === 'PUT') {
      if (sent.password !== 'secret') return Response.json({ error: 'That password is not right.' }, { status: 400 })
      const profile = profiles.find((p) => p.id === Number(one[1]))!
      profile.locked = sent.pin !== null
      return new Response(null, { status: 204 })
    }
    return Response.json({ error: 'Not found' }, { status: 404 })
  })
  return { calls, profiles }
}

const sends = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])

describe('Manage profiles', () => {
  it('adds a profile, asking for the account’s PIN when the guard is on', async () => {
    const { calls } = stubAccount([ownProfile], true)
    renderAt('/profiles/manage', '/profiles/*', <ProfilesPages />)
    fireEvent.click(await screen.findByRole('button', { name: 'Add profile' }))

    const form = screen.getByRole('form', { name: 'Add profile' })
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('heading', { name: 'Add profile' })))
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: '  Leo ' } })
    fireEvent.click(within(form).getByRole('radio', { name: 'Frog' }))
    fireEvent.change(within(form).getByLabelText('Language'), { target: { value: 'es' } })
    const kids = within(form).getByRole('radio', { name: 'Kids' })
    expect(kids.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(kids.getAttribute('aria-describedby')!)?.textContent).toContain('TV-Y7')
    fireEvent.click(kids)
    fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }))

    const pad = await screen.findByRole('dialog', { name: 'Enter the account\'s PIN' })
    fireEvent.change(within(pad).getByLabelText('PIN (4 digits)'), { target: { value: '1234' } })
    fireEvent.click(within(pad).getByRole('button', { name: 'Continue' }))

    await screen.findByText('Leo')
    expect(screen.queryByRole('form')).toBeNull()
    expect(sends(calls)).toEqual([
      ['POST', '/api/me/profiles', { name: 'Leo', avatar: 'frog', locale: 'es', ceiling: 'kids' }],
      ['POST', '/api/me/profiles', { name: 'Leo', avatar: 'frog', locale: 'es', ceiling: 'kids', pin: '1234' }],
    ])
  })

  it('adds without a PIN while the guard is off, and has no Add at five profiles', async () => {
    const { calls } = stubAccount([ownProfile, teenProfile, kidsProfile, { ...kidsProfile, id: 4, name: 'Zoe' }], false)
    renderAt('/profiles/manage', '/profiles/*', <ProfilesPages />)
    expect(await screen.findByText('Profiles: 4 of 5')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add profile' }))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Kai' } })
    fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Add profile' }))
    await screen.findByText('Profiles: 5 of 5')
    expect(screen.queryByRole('button', { name: 'Add profile' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sends(calls)).toEqual([['POST', '/api/me/profiles', { name: 'Kai', avatar: 'owl', locale: null, ceiling: 'all' }]])
  })

  it('deletes a profile after asking, never offers to delete the account’s own, and sets a PIN with the password', async () => {
    const { calls } = stubAccount([ownProfile, teenProfile, kidsProfile], false)
    renderAt('/profiles/manage', '/profiles/*', <ProfilesPages />)
    await screen.findByText('Mia')
    expect(screen.queryByRole('button', { name: 'Delete Ann' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Mia' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete Mia?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete profile' }))
    await waitFor(() => expect(screen.queryByText('Mia')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Set PIN (Ann)' }))
    const sheet = await screen.findByRole('dialog', { name: 'Set a PIN for Ann' })
    fireEvent.change(within(sheet).getByLabelText('Account password'), { target: { value: 'wrong' } })
    fireEvent.change(within(sheet).getByLabelText('New PIN'), { target: { value: '9876' } })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save PIN' }))
    expect((await within(sheet).findByRole('alert')).textContent).toBe('That password is not right.')
    fireEvent.change(within(sheet).getByLabelText('Account password'), { target: { value: 'secret' } })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save PIN' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await screen.findByRole('button', { name: 'Change PIN (Ann)' })

    expect(sends(calls)).toEqual([
      ['DELETE', '/api/me/profiles/3', {}],
      ['PUT', '/api/me/profiles/1/pin', { password: 'wrong', pin: '9876' }],
      ['PUT', '/api/me/profiles/1/pin', { password: 'secret', pin: '9876' }],
    ])
  })

  it('edits a profile, and turns the guard on with the account’s password', async () => {
    const { calls } = stubAccount([ownProfile, teenProfile], false)
    renderAt('/profiles/manage', '/profiles/*', <ProfilesPages />)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam' }))
    const form = screen.getByRole('form', { name: 'Edit Sam' })
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Sam')
    expect((within(form).getByRole('radio', { name: 'Teens' }) as HTMLInputElement).checked).toBe(true)
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Samuel' } })
    fireEvent.click(within(form).getByRole('radio', { name: 'All' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await screen.findByText('Samuel')
    // Back in the list, the focus is where the edit began.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Samuel' })))

    const guard = screen.getByRole('switch', { name: 'Require the account\'s PIN' })
    expect(guard.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(guard)
    const sheet = await screen.findByRole('dialog', { name: 'Turn the profile lock on' })
    fireEvent.change(within(sheet).getByLabelText('Account password'), { target: { value: 'secret' } })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Turn on' }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require the account\'s PIN' }).getAttribute('aria-checked')).toBe('true'))

    expect(sends(calls)).toEqual([
      ['PATCH', '/api/me/profiles/2', { name: 'Samuel', avatar: 'robot', locale: null, ceiling: 'all' }],
      ['PUT', '/api/me/profiles/guard', { password: 'secret', on: true }],
    ])
  })
})
