/**
 * For tests of what a visitor does on a page painted from the HTML before React takes it over:
 * `ui` rendered to HTML as the worker paints it, `before` acting on that HTML as the visitor does
 * (React not listening), then the HTML hydrated in place as web/main.tsx does.
 */
import { act } from '@testing-library/react'
import type { ReactElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach } from 'vitest'

const hydrated: (() => void)[] = []
afterEach(() => {
  for (const unmount of hydrated.splice(0)) act(unmount)
  document.body.replaceChildren()
})

export async function paintThenHydrate(ui: ReactElement, before: (painted: HTMLElement) => void): Promise<HTMLElement> {
  const container = document.createElement('div')
  container.innerHTML = renderToString(ui)
  document.body.appendChild(container)
  before(container)
  const errors: unknown[] = []
  const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) }))
  hydrated.push(() => root.unmount())
  // A mismatch would have React draw the page afresh, which is no proof of taking it over.
  if (errors.length > 0) throw new Error(`hydration failed: ${String(errors[0])}`)
  return container
}
