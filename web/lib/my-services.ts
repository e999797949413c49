/**
 * "My services": the streaming services a visitor has and their region, and the "On my services"
 * switch of Home, Movies and TV Shows. Signed in, the choice is kept on the account (GET/PUT
 * /api/me/services), so every browser signed in to it narrows the same rows; signed out, in this
 * browser. The switch itself is this browser's. What pages need before their rows is here; choosing
 * and saving load with the switch's bar (components/my-services-bar.tsx).
 */
import { useQuery } from '@tanstack/react-query'
import { useAtom, useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { atomWithStorage } from 'jotai/utils'
import type { ServiceNarrowing } from '../../worker/catalog/types'
import { accountServicesKey } from './account-keys'
import { api, readJson } from './api-client'
import { FIRST_SCREEN_KEYS } from './hydration'
import { platforms } from './platforms'
import { useSession } from './session'

export interface ServiceChoice {
  services: number[]
  region: string
}

const KNOWN = new Set<number>(platforms.map((p) => p.id).filter((id) => id > 0))

/**
 * A stored or answered choice as it may be used: known services only (the worker and the picker
 * keep them each once and in one order).
 */
export function cleanChoice(value: unknown): ServiceChoice | null {
  const { services, region } = (value ?? {}) as { services?: unknown; region?: unknown }
  if (!Array.isArray(services) || typeof region !== 'string' || !/^[A-Z]{2}$/.test(region)) return null
  return { services: services.filter((id) => KNOWN.has(id)), region }
}

/** The choice made in this browser while signed out, kept in localStorage (read through cleanChoice). */
export const browserChoiceAtom = atomWithStorage<ServiceChoice | null>('my-services', null, undefined, { getOnInit: true })
/** The switch, as this browser last left it. */
const switchAtom = atomWithStorage(FIRST_SCREEN_KEYS.servicesSwitch, false, undefined, { getOnInit: true })

export { accountServicesKey }

/**
 * The visitor's choice (null until made): the account's when signed in, else this browser's. An
 * account that has none yet shows this browser's, which the bar then stores on it.
 */
export function useMyServices() {
  const session = useSession()
  const signedIn = !!session
  const stored = useAtomValue(browserChoiceAtom)
  const browserChoice = useMemo(() => cleanChoice(stored), [stored])
  const account = useQuery({
    queryKey: accountServicesKey,
    queryFn: () => readJson<unknown>(api.me.services.$get()).then(cleanChoice),
    enabled: signedIn,
  })
  const ready = session !== undefined && (!signedIn || !account.isPending)
  const choice = !ready ? null : signedIn ? (account.data ?? browserChoice) : browserChoice
  return { choice, signedIn, ready, accountHasNone: signedIn && account.isSuccess && account.data === null, browserChoice }
}

/**
 * Everything a page with the switch needs: the choice, the switch (as this browser last left it),
 * and what the page is narrowed to. `pending` is true while a signed-in visitor's switch is on but
 * the account's services are still on their way: the page waits rather than fetching twice.
 */
export function useServicesNarrowing() {
  const services = useMyServices()
  const [on, setSwitch] = useAtom(switchAtom)
  const setOn = (next: boolean) => setSwitch(next)
  return { ...services, on, setOn, narrowing: narrowingOf(on, services.choice), pending: on && !services.ready }
}

export type ServicesNarrowing = ReturnType<typeof useServicesNarrowing>

/** What a page is narrowed to: the chosen services while the switch is on and some are chosen. */
export function narrowingOf(on: boolean, choice: ServiceChoice | null): ServiceNarrowing | null {
  return on && choice?.services.length ? { on: choice.services, region: choice.region } : null
}

/** The page API's query for a narrowing (`?on=8,337&region=US`). */
export function narrowingQuery(narrowing: ServiceNarrowing | null): { on?: string; region?: string } {
  return narrowing ? { on: narrowing.on.join(','), region: narrowing.region } : {}
}

/** A narrowing's part of a page's query key (`on-8.337-US`), undefined for the whole page. */
export function narrowingKey(narrowing: ServiceNarrowing | null): string | undefined {
  return narrowing ? `on-${narrowing.on.join('.')}-${narrowing.region}` : undefined
}

/** Is a card's title on one of the visitor's services? Every title of a narrowed page is. */
export function isOnServices(item: { providers?: number[] }, services: readonly number[] | undefined, narrowed: boolean): boolean {
  return narrowed || !!item.providers?.some((id) => services?.includes(id))
}
