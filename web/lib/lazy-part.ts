/**
 * A part of a page whose code loads apart from the page's (the services bar, the cookie banner,
 * a signed-in home's own rows). Like React.lazy, it suspends until its code is here; unlike it,
 * once the code is here it draws at once. When the worker paints a page (web/ssr.tsx), the parts
 * it drew are listed in the page's first data, and the browser loads them before hydrating
 * (web/main.tsx): a part still without its code would stay dead to presses until it came, and
 * React drops a press on a part it has not taken over yet.
 */
import { type ComponentType, createElement, use } from 'react'
import { sharedImport } from './shared-import'

const loaders = new Map<string, () => Promise<unknown>>()
/** The parts drawn by the render under way on the server; null in the browser. */
let drawn: Set<string> | null = null

export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // Once the code is here: a promise already marked fulfilled, which use() answers without suspending.
  let loaded: Promise<ComponentType<P>> | null = null
  const preload = sharedImport(() =>
    load().then((component) => {
      loaded = Object.assign(Promise.resolve(component), { status: 'fulfilled', value: component })
      return component
    }),
  )
  loaders.set(name, preload)
  function Part(props: P) {
    drawn?.add(name)
    // use() on every render, so a render that suspended on the code calls it again when the code has come
    return createElement(use(loaded ?? preload()), props)
  }
  return Part
}

/** The server's render: counts the parts it draws from here on. */
export function recordDrawnParts(): void {
  drawn = new Set()
}

/** The parts drawn since recordDrawnParts, which stops counting. */
export function drawnParts(): string[] {
  const names = [...(drawn ?? [])]
  drawn = null
  return names
}

/** The browser, before hydrating a painted page: the code of the parts it holds (those of modules already loaded). */
export async function loadParts(names: readonly string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => loaders.get(name)?.()))
}
