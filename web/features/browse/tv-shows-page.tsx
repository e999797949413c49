/**
 * /tv-shows: hero, 'Browse by Platform' and the TV rows. The platform choice lives in ?service=
 * and really filters the rows (GET /api/catalog/pages/tv?service=).
 */
import { Link, useSearchParams } from 'react-router-dom'
import { ComposedPage } from '../../components/composed-page'
import { MyServicesSlot } from '../../components/my-services-slot'
import { t } from '../../i18n'
import { isOnServices, useServicesNarrowing } from '../../lib/my-services'
import { browseAllPath } from '../../lib/grid-filters'
import { platformFromParam, platforms } from '../../lib/platforms'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useCatalogPage } from './api/use-catalog-page'

/** A platform's name set apart inside a sentence, so 'Disney+' keeps its plus at the end in right-to-left text. */
const isolated = (name: string) => `\u2068${name}\u2069`

export function Component() {
  const [params, setParams] = useSearchParams()
  const platform = platformFromParam(params.get('service'))
  useDocumentMeta(platform.slug === 'all' ? t('browse.tvTitle') : t('browse.tvPlatformTitle', { platform: isolated(platform.label) }), t('browse.tvDescription'))
  const services = useServicesNarrowing()
  // One platform or the visitor's services: a platform in the address wins over the switch.
  const narrowing = platform.slug === 'all' ? services.narrowing : null
  const query = useCatalogPage('tv', platform.slug, narrowing, !(platform.slug === 'all' && services.pending))

  const choose = (slug: string) => {
    const next = new URLSearchParams(params)
    if (slug === 'all') next.delete('service')
    else next.set('service', slug)
    if (slug !== 'all') services.setOn(false)
    setParams(next)
  }
  const switchState = {
    ...services,
    on: services.on && platform.slug === 'all',
    setOn: (on: boolean) => {
      if (on && platform.slug !== 'all') {
        const next = new URLSearchParams(params)
        next.delete('service')
        setParams(next)
      }
      services.setOn(on)
    },
  }

  return (
    <div>
      <h1 className="sr-only">{t('browse.tvTitle')}</h1>
      <ComposedPage
        query={query}
        heroLabel={t('browse.tvHeroLabel')}
        rowsLabel={t('browse.tvRowsLabel')}
        onMyServices={(item) => isOnServices(item, services.choice?.services, !!query.data?.narrowedTo)}
      >
        {/* The platform line below says when rows are on their way, for the switch too. */}
        <MyServicesSlot state={switchState} page={query.data} busy={false} />
        <section aria-labelledby="platform-heading" className="px-4 pt-6 pb-2 md:px-8">
          <h2 id="platform-heading" className="mb-3 text-lg font-semibold md:text-xl">{t('browse.browseByPlatform')}</h2>
          <div className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
            {platforms.map((p) => {
              const chosen = p.slug === platform.slug
              return (
                <button
                  key={p.slug}
                  type="button"
                  aria-pressed={chosen}
                  data-platform-id={p.id}
                  onClick={() => choose(p.slug)}
                  className={`shrink-0 rounded-full border px-4 py-2 text-sm font-semibold transition ${chosen ? 'border-brand-500 bg-brand-600 text-white' : 'border-neutral-700 bg-neutral-900 text-neutral-200 hover:border-neutral-500'}`}
                >
                  {p.slug === 'all' ? t('browse.platformAll') : <bdi>{p.label}</bdi>}
                </button>
              )
            })}
          </div>
          <p aria-live="polite" className="mt-2 min-h-5 text-sm text-neutral-400">
            {query.isFetching && query.isPlaceholderData ? t('browse.loading') : platform.slug === 'all' ? '' : t('browse.showingPlatform', { platform: isolated(platform.label) })}
          </p>
          {!query.isPlaceholderData && !query.data?.narrowedTo && query.data?.notice && <p className="mt-1 text-sm text-neutral-400" data-catalog="">{query.data.notice}</p>}
          <Link
            to={browseAllPath('tv', platform.id > 0 ? `?services=${platform.id}` : platform.slug === 'k-drama' ? '?preset=kdrama' : '')}
            className="mt-2 inline-block rounded-md border border-neutral-700 bg-neutral-900 px-4 py-2 text-sm font-semibold text-neutral-100 hover:border-neutral-500"
          >
            {t('browse.browseAllTvShows')}
          </Link>
        </section>
      </ComposedPage>
    </div>
  )
}
