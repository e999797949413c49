/**
 * Where to Watch: the services a title is on in the visitor's country (the worker reads it from the
 * edge; a region menu overrides it and the choice is kept in this browser), by kind of offer, each
 * linking out, each with its logo from the image host where the catalogue has one (TMDB) and its
 * initial where it has none, and those of the visitor's own services (any plan or channel of them)
 * marked. With TMDB the data is JustWatch's, credited as TMDB requires. With the embedded
 * catalogue a series shows the services it streams on and the networks it was made for, and a film
 * says plainly that there is no data. Its code and its data are fetched as the section comes near
 * the screen (where-to-watch-slot.tsx).
 */
import { useState } from 'react'
import type { MediaType, WatchOptions, WatchProvider } from '../../../worker/catalog/types'
import { t, type MessageId } from '../../i18n'
import { useImage } from '../../lib/images'
import { useMyServices } from '../../lib/my-services'
import { countryName, savedRegion, saveRegion } from '../../lib/watch-regions'
import { RegionSelect } from '../../components/region-select'
import { useWatchOptions } from './api'
import { listText, withElements } from './title-format'
import { WhereToWatchHeading, WhereToWatchPending } from './where-to-watch-slot'

const KINDS = [
  ['stream', 'watch.kindStream'],
  ['free', 'watch.kindFree'],
  ['ads', 'watch.kindAds'],
  ['rent', 'watch.kindRent'],
  ['buy', 'watch.kindBuy'],
] as const satisfies readonly (readonly [string, MessageId])[]

function Service({ provider, href, mine }: { provider: WatchProvider; href: string | null; mine: boolean }) {
  const image = useImage()
  const logo = image(provider.logo_path, 'logo', 32)
  const body = (
    <>
      {logo ? (
        <img src={logo.src} srcSet={logo.srcSet} sizes={logo.srcSet && '32px'} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 rounded-md object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-md bg-neutral-700 text-sm font-bold text-white">
          {provider.name.slice(0, 1)}
        </span>
      )}
      <span data-catalog="">{provider.name}</span>
      {mine && <span className="rounded bg-emerald-700 px-1.5 py-px text-xs font-semibold text-white">{t('cards.onYourServices')}</span>}
    </>
  )
  const chip = 'inline-flex min-h-10 items-center gap-2 rounded-lg border border-neutral-700 bg-neutral-900 py-1 ps-1 pe-3 text-sm text-neutral-100'
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${chip} hover:bg-neutral-800`} aria-label={t('watch.opensInNewTab', { name: provider.name })} data-catalog-text={provider.name}>
      {body}
    </a>
  ) : (
    <span className={chip}>{body}</span>
  )
}

function Offers({ options, type }: { options: WatchOptions; type: MediaType }) {
  const mine = new Set(useMyServices().choice?.services ?? [])
  const groups = KINDS.map(([kind, label]) => ({ kind, label: t(label), providers: options[kind] })).filter((g) => g.providers.length > 0)
  const nothing = groups.length === 0 && options.networks.length === 0
  if (nothing) {
    return (
      <p className="text-sm text-neutral-300">
        {options.source === 'tmdb'
          ? t('watch.notAvailable', { country: countryName(options.region) })
          : type === 'movie'
            ? t('watch.noDataFilm')
            : t('watch.noDataSeries')}
      </p>
    )
  }
  return (
    <div className="space-y-4">
      {groups.map((g) => (
        <div key={g.kind}>
          <h3 className="mb-2 text-sm font-semibold text-neutral-400">{g.label}</h3>
          <ul className="flex flex-wrap gap-2">
            {g.providers.map((p) => (
              <li key={`${g.kind}-${p.provider_id ?? p.name}`}>
                <Service provider={p} href={options.link} mine={p.service !== null && mine.has(p.service)} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {options.networks.length > 0 && (
        <p className="text-sm text-neutral-300" data-catalog-text={listText(options.networks.map((n) => n.name))}>
          {t('watch.originallyOn', { networks: listText(options.networks.map((n) => n.name)) })}
        </p>
      )}
    </div>
  )
}

/** The section's content, its code loaded once the section comes near the screen (where-to-watch-slot.tsx). */
export function WhereToWatchBody({ type, id }: { type: MediaType; id: number }) {
  const [region, setRegion] = useState<string | null>(savedRegion)
  const answer = useWatchOptions(type, id, region, true)
  const options = answer.data

  const choose = (code: string) => {
    setRegion(code)
    saveRegion(code)
  }

  return (
    <>
      <WhereToWatchHeading>
        {options?.source === 'tmdb' && (
          <label className="flex items-center gap-2 text-sm text-neutral-300">
            {t('watch.region')}
            <RegionSelect value={options.region} onChange={choose} className="min-h-10 rounded-md border border-neutral-700 bg-neutral-900 px-2 py-1 text-neutral-100" />
          </label>
        )}
      </WhereToWatchHeading>
      {options ? (
        <>
          <Offers options={options} type={type} />
          {options.source === 'tmdb' ? (
            <p className="mt-4 text-xs text-neutral-400">
              {withElements((m) => t('watch.attribution', { country: countryName(options.region), justWatch: m.justWatch }), {
                justWatch: (
                  <a href="https://www.justwatch.com" target="_blank" rel="noopener noreferrer" className="underline hover:text-neutral-200">
                    JustWatch
                  </a>
                ),
              })}
            </p>
          ) : (
            <p className="mt-4 text-xs text-neutral-400">{t('watch.noRegionalData')}</p>
          )}
        </>
      ) : answer.isError ? (
        <p className="text-sm text-neutral-300">{t('watch.loadFailed')}</p>
      ) : (
        <WhereToWatchPending near />
      )}
    </>
  )
}
