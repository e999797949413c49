/**
 * The "On my services" switch of Home, Movies and TV Shows, with what the visitor chose and a way
 * to choose ("Choose your services" opens the picker, loaded when first asked for). Under it, what
 * the page says about its narrowing (films the catalogue cannot narrow), and when nothing is left a
 * clear empty state with a way to change the services or show everything. The profile's "My
 * services" panel is here too, and saving: on the account when signed in, else in this browser.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { PageComposition } from '../../worker/catalog/types'
import { currentLocale, loadAreas, t } from '../i18n'
import { api, readJson } from '../lib/api-client'
import { accountServicesKey, browserChoiceAtom, cleanChoice, type ServiceChoice, type ServicesNarrowing, useMyServices } from '../lib/my-services'
import { platforms } from '../lib/platforms'
import { countryName } from '../lib/watch-regions'
import { Switch } from './switch'

/** The services picker and its words, fetched together the first time it opens. */
const LazyServicesPicker = lazy(() => Promise.all([import('./services-picker'), loadAreas(['services'])]).then(([m]) => ({ default: m.ServicesPicker })))

/** "Netflix and Disney+ in the United Kingdom", or null before any service is chosen. */
export function choiceSummary(choice: ServiceChoice | null): string | null {
  if (!choice?.services.length) return null
  const names = platforms.filter((p) => choice.services.includes(p.id)).map((p) => `\u2068${p.label}\u2069`)
  // Each name set apart, so "Disney+" keeps its plus at the end in right-to-left text.
  return t('browse.myServicesSummary', { services: new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(names), country: countryName(choice.region) })
}

/**
 * Saving a choice where it is kept. A choice made in this browser before signing in is stored on
 * an account that has none yet, so signing in does not lose it.
 */
export function useSaveServices(state: Pick<ReturnType<typeof useMyServices>, 'signedIn' | 'accountHasNone' | 'browserChoice'>) {
  const client = useQueryClient()
  const setBrowserChoice = useSetAtom(browserChoiceAtom)
  const save = async (choice: ServiceChoice): Promise<void> => {
    if (state.signedIn) {
      client.setQueryData(accountServicesKey, cleanChoice(await readJson<unknown>(api.me.services.$put({ json: choice }))))
      return
    }
    setBrowserChoice(choice)
  }
  const adopting = useRef(false)
  const adopt = state.accountHasNone && state.browserChoice?.services.length ? state.browserChoice : null
  useEffect(() => {
    if (!adopt || adopting.current) return
    adopting.current = true
    save(adopt).catch(() => {
      adopting.current = false
    })
  })
  return save
}

export function MyServicesBar({ state, page, busy }: { state: ServicesNarrowing; page: PageComposition | undefined; busy: boolean }) {
  const [picking, setPicking] = useState(false)
  const save = useSaveServices(state)
  const { on, setOn, choice } = state
  const summary = choiceSummary(choice)
  const toggle = () => {
    if (!on && !choice?.services.length) setPicking(true)
    else setOn(!on)
  }
  const choose = async (next: ServiceChoice) => {
    await save(next)
    // Choosing services from the switch means wanting them used.
    if (next.services.length) setOn(true)
  }
  return (
    <section aria-label={t('browse.myServicesLabel')} className="px-4 pt-5 md:px-8">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Switch checked={on} onChange={toggle} onColor="bg-emerald-600" className="min-h-10 text-sm font-semibold text-neutral-100">
          {t('browse.myServicesSwitch')}
        </Switch>
        <p className="min-w-0 text-sm text-neutral-400">
          {/* Until the account's choice is known, the words of "none chosen" keep their place
              unseen, so the rows below do not move when it arrives. */}
          {state.ready ? (summary ?? t('browse.myServicesNone')) : <span className="invisible">{t('browse.myServicesNone')}</span>}{' '}
          <button type="button" onClick={() => setPicking(true)} className="font-semibold text-brand-400 underline-offset-2 hover:underline">
            {summary ? t('browse.myServicesChange') : t('browse.myServicesChoose')}
          </button>
        </p>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-neutral-400">
        {busy ? t('browse.loading') : on && page?.narrowedTo && page.notice ? <span data-catalog="">{page.notice}</span> : ''}
      </p>
      {/* Only for the narrowed page itself, not the one kept on screen while the switch's next page arrives. */}
      {on && page?.narrowedTo && !busy && page.rows.length === 0 && (
        <div className="mt-3 rounded-xl border border-neutral-800 bg-neutral-900/60 p-5">
          <h2 className="text-lg font-semibold">{t('browse.myServicesEmptyTitle')}</h2>
          <p className="mt-1 text-sm text-neutral-300">{t('browse.myServicesEmptyText')}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" onClick={() => setPicking(true)} className="min-h-10 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500">
              {t('browse.myServicesChoose')}
            </button>
            <button type="button" onClick={() => setOn(false)} className="min-h-10 rounded-lg border border-neutral-700 px-4 py-2 text-sm font-semibold text-neutral-100 hover:bg-neutral-800">
              {t('browse.myServicesShowAll')}
            </button>
          </div>
        </div>
      )}
      {picking && (
        <Suspense fallback={null}>
          <LazyServicesPicker initial={choice} signedIn={state.signedIn} onSave={choose} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </section>
  )
}

/** The profile's panel: what the account has chosen, and the picker to change it. */
export function MyServicesPanel() {
  const services = useMyServices()
  const save = useSaveServices(services)
  const [picking, setPicking] = useState(false)
  const summary = choiceSummary(services.choice)
  return (
    <section aria-labelledby="my-services-title" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-services-title" className="text-xl font-semibold">
          {t('account.myServicesHeading')}
        </h2>
        <button type="button" onClick={() => setPicking(true)} className="min-h-10 rounded-lg border border-neutral-700 px-4 py-2 text-sm font-semibold hover:bg-neutral-800">
          {t('browse.myServicesChoose')}
        </button>
      </div>
      <p className="mt-2 text-sm text-neutral-400">{t('account.myServicesText')}</p>
      <p className="mt-3 min-h-6 text-neutral-100">{services.ready && (summary ?? t('browse.myServicesNone'))}</p>
      {picking && (
        <Suspense fallback={null}>
          <LazyServicesPicker initial={services.choice} signedIn={services.signedIn} onSave={save} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </section>
  )
}
