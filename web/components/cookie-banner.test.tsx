import { act, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const BANNER = { name: 'Cookie consent' }

/** The banner's module afresh: its atom reads the cookie when the module loads, as on a page load. */
async function renderBanner() {
  vi.resetModules()
  const i18n = await import('../i18n')
  await i18n.loadLocale('en')
  const { CookieBanner } = await import('./cookie-banner')
  return render(
    <Provider>
      <MemoryRouter>
        <CookieBanner />
      </MemoryRouter>
    </Provider>,
  )
}

function consentCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith('cookie-consent='))
    ?.slice('cookie-consent='.length)
}

describe('CookieBanner', () => {
  beforeEach(() => {
    localStorage.clear()
    document.cookie = 'cookie-consent=; Max-Age=0; Path=/'
  })

  it.each([
    ['Accept', 'accepted'],
    ['Decline', 'declined'],
  ])('%s keeps %s in the cookie the worker reads and hides the banner', async (button, stored) => {
    await renderBanner()
    expect(screen.getByRole('region', BANNER)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: button }))
    expect(consentCookie()).toBe(stored)
    expect(screen.queryByRole('region', BANNER)).toBeNull()
  })

  it('stays hidden from the first render once the cookie holds a choice', async () => {
    document.cookie = 'cookie-consent=declined; Path=/'
    await renderBanner()
    expect(screen.queryByRole('region', BANNER)).toBeNull()
  })

  it('shows again when the cookie holds no choice', async () => {
    document.cookie = 'cookie-consent=maybe; Path=/'
    await renderBanner()
    expect(screen.getByRole('region', BANNER)).toBeTruthy()
  })

  it('moves a choice kept in local storage into the cookie after the first render', async () => {
    localStorage.setItem('cookie-consent', 'accepted')
    await act(async () => {
      await renderBanner()
    })
    expect(consentCookie()).toBe('accepted')
    expect(screen.queryByRole('region', BANNER)).toBeNull()
  })
})
