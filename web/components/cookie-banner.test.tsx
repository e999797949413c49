import { fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { COOKIE_CONSENT_KEY, CookieBanner } from './cookie-banner'

function renderBanner() {
  return render(
    <Provider>
      <MemoryRouter>
        <CookieBanner />
      </MemoryRouter>
    </Provider>,
  )
}

describe('CookieBanner', () => {
  beforeEach(() => localStorage.clear())

  it.each([
    ['Accept', 'accepted'],
    ['Decline', 'declined'],
  ])('%s stores %s and hides the banner', (button, stored) => {
    renderBanner()
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: button }))
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe(stored)
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })

  it('stays hidden from the first render once a choice is stored', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'declined')
    renderBanner()
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })

  it('shows again when the stored value is not a choice', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'maybe')
    renderBanner()
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy()
  })
})
