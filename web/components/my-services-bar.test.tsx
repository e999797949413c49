// The "On my services" bar and its picker in jsdom: the switch asks for services before it narrows
// anything, a narrowed page with nothing left says so with a way out, the picker hands back what
// was ticked, and a choice made signed out is stored on an account that has none when signing in.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PageComposition } from '../../worker/catalog/types'
import type { ServicesNarrowing } from '../lib/my-services'
import { MyServicesBar, useSaveServices } from './my-services-bar'
import { ServicesPicker } from './services-picker'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <Provider store={createStore()}>{children}</Provider>
    </QueryClientProvider>
  )
}

function state(overrides: Partial<ServicesNarrowing> = {}): ServicesNarrowing {
  return { choice: null, signedIn: false, ready: true, accountHasNone: false, browserChoice: null, on: false, setOn: vi.fn(), narrowing: null, pending: false, ...overrides }
}

const emptyNarrowed: PageComposition = { hero: [], rows: [], narrowedTo: { on: [8], region: 'US' }, notice: 'Films are not narrowed to your services here.' }

describe('MyServicesBar', () => {
  it('is a switch that narrows only once services are chosen: without any, it opens the picker', async () => {
    const setOn = vi.fn()
    render(<MyServicesBar state={state({ setOn })} page={undefined} busy={false} />, { wrapper })
    const toggle = screen.getByRole('switch', { name: 'On my services' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(screen.getByText('No services chosen yet.')).toBeTruthy()
    fireEvent.click(toggle)
    expect(setOn).not.toHaveBeenCalled()
    expect(await screen.findByRole('dialog', { name: 'Your services' })).toBeTruthy()
  })

  it("keeps the place of its words while the account's choice is still unknown, so the rows below do not move when it arrives", () => {
    const { container, rerender } = render(<MyServicesBar state={state({ signedIn: true, ready: false })} page={undefined} busy={false} />, { wrapper })
    const line = () => container.querySelector('section p')!
    // the same words as once known to be none, unseen: the same lines at any width
    expect(line().textContent).toBe('No services chosen yet. Choose your services')
    expect(line().querySelector('.invisible')?.textContent).toBe('No services chosen yet.')
    rerender(<MyServicesBar state={state({ signedIn: true, ready: true })} page={undefined} busy={false} />)
    expect(line().textContent).toBe('No services chosen yet. Choose your services')
    expect(line().querySelector('.invisible')).toBeNull()
  })

  it('with services chosen, turns narrowing on and off and names them', () => {
    const setOn = vi.fn()
    const { rerender } = render(<MyServicesBar state={state({ setOn, choice: { services: [8, 337], region: 'GB' } })} page={undefined} busy={false} />, { wrapper })
    expect(screen.getByText(/Netflix.*and.*Disney\+.* in United Kingdom/)).toBeTruthy()
    fireEvent.click(screen.getByRole('switch'))
    expect(setOn).toHaveBeenCalledWith(true)
    rerender(<MyServicesBar state={state({ setOn, on: true, choice: { services: [8, 337], region: 'GB' } })} page={undefined} busy={false} />)
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('switch'))
    expect(setOn).toHaveBeenLastCalledWith(false)
  })

  it('says plainly when nothing is left on the services, with a way to change them or show everything', () => {
    const setOn = vi.fn()
    render(<MyServicesBar state={state({ setOn, on: true, choice: { services: [8], region: 'US' } })} page={emptyNarrowed} busy={false} />, { wrapper })
    expect(screen.getByRole('heading', { name: 'Nothing here is on your services' })).toBeTruthy()
    expect(screen.getByText('Films are not narrowed to your services here.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show everything' }))
    expect(setOn).toHaveBeenCalledWith(false)
    expect(screen.getAllByRole('button', { name: 'Choose your services' }).length).toBeGreaterThan(0)
  })

  it('shows no empty state while the next page is loading, or once the switch is off', () => {
    const { rerender } = render(<MyServicesBar state={state({ on: true, choice: { services: [8], region: 'US' } })} page={emptyNarrowed} busy />, { wrapper })
    expect(screen.queryByText('Nothing here is on your services')).toBeNull()
    expect(screen.getByText('Loading...')).toBeTruthy()
    // Turned off, the narrowed page may stay on screen until the whole one arrives: it says nothing then.
    rerender(<MyServicesBar state={state({ on: false, choice: { services: [8], region: 'US' } })} page={emptyNarrowed} busy={false} />)
    expect(screen.queryByText('Nothing here is on your services')).toBeNull()
    expect(screen.queryByText('Films are not narrowed to your services here.')).toBeNull()
  })
})

describe('ServicesPicker', () => {
  it('hands back the ticked services in one order and the region, then closes', async () => {
    const onSave = vi.fn(() => Promise.resolve())
    const onClose = vi.fn()
    render(<ServicesPicker initial={{ services: [337], region: 'US' }} signedIn={false} onSave={onSave} onClose={onClose} />)
    expect(screen.getByText('Kept in this browser. Sign in to keep them on your account.')).toBeTruthy()
    expect((screen.getByRole('checkbox', { name: /Disney\+/ }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: /Netflix/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Crunchyroll/ }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'JP' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSave).toHaveBeenCalledWith({ services: [8, 283, 337], region: 'JP' })
  })

  it('keeps the dialog open and says so when saving fails', async () => {
    const onClose = vi.fn()
    render(<ServicesPicker initial={null} signedIn onSave={() => Promise.reject(new Error('offline'))} onClose={onClose} />)
    expect(screen.getByText('Kept on your account, in every browser you sign in to.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Your services could not be saved. Please try again.')
    expect(onClose).not.toHaveBeenCalled()
  })
})

describe('useSaveServices', () => {
  function fakeApi() {
    const puts: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)
        const body = await request.text()
        puts.push({ method: request.method, path: new URL(request.url).pathname, body: JSON.parse(body) })
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
      }),
    )
    return puts
  }

  it('stores a choice made signed out on an account that has none, once', async () => {
    const puts = fakeApi()
    const browserChoice = { services: [9, 350], region: 'FR' }
    const { rerender } = renderHook((props: Parameters<typeof useSaveServices>[0]) => useSaveServices(props), {
      wrapper,
      initialProps: { signedIn: true, accountHasNone: true, browserChoice },
    })
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]).toEqual({ method: 'PUT', path: '/api/me/services', body: browserChoice })
    rerender({ signedIn: true, accountHasNone: true, browserChoice })
    await act(() => new Promise((r) => setTimeout(r, 20)))
    expect(puts).toHaveLength(1)
  })

  it('leaves an account’s own choice alone, and signed out keeps the choice in this browser', async () => {
    const puts = fakeApi()
    const { result } = renderHook(() => useSaveServices({ signedIn: false, accountHasNone: false, browserChoice: { services: [8], region: 'US' } }), { wrapper })
    await act(() => result.current({ services: [531], region: 'CA' }))
    expect(puts).toHaveLength(0)
    expect(JSON.parse(localStorage.getItem('my-services') ?? 'null')).toEqual({ services: [531], region: 'CA' })
  })
})
