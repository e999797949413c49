/**
 * /: the hero carousel and every row from one request, the signed-in 'Personalized for You'
 * panel, Quick Browse, a call to action and 'Browse by Title'.
 */
import type { ComponentType, SVGProps } from 'react'
import { Link } from 'react-router-dom'
import { ComposedPage } from '../../components/composed-page'
import { FilmIcon, GridIcon, KidsIcon, SearchIcon, StarIcon, TvIcon } from '../../components/icons'
import { MyServicesSlot } from '../../components/my-services-slot'
import { t, type MessageId } from '../../i18n'
import { isOnServices, useServicesNarrowing } from '../../lib/my-services'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { SITE_NAME, useDocumentMeta } from '../../lib/use-document-meta'
import { useHomePage } from './api/use-home-page'
import { BrowseByTitle } from './browse-by-title'
import { PersonalizedPanel } from './personalized-panel'

const quickBrowse: { label: MessageId; href: string; icon: ComponentType<SVGProps<SVGSVGElement>>; tint: string }[] = [
  { label: 'home.quickMovies', href: paths.movies(), icon: FilmIcon, tint: 'from-rose-600/30' },
  { label: 'home.quickTvShows', href: paths.tvShows(), icon: TvIcon, tint: 'from-violet-600/30' },
  { label: 'home.quickKids', href: paths.kids(), icon: KidsIcon, tint: 'from-emerald-600/30' },
  { label: 'home.quickGenres', href: paths.genres(), icon: GridIcon, tint: 'from-sky-600/30' },
  { label: 'home.quickSearch', href: paths.search(), icon: SearchIcon, tint: 'from-amber-600/30' },
  { label: 'home.quickTopImdb', href: paths.topImdb(), icon: StarIcon, tint: 'from-yellow-500/30' },
]

function QuickBrowse() {
  return (
    <section aria-labelledby="quick-browse-heading" className="px-4 py-6 md:px-8">
      <h2 id="quick-browse-heading" className="mb-3 text-xl font-bold md:text-2xl">{t('home.quickBrowse')}</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {quickBrowse.map((q) => (
          <li key={q.label}>
            <Link to={q.href} className={`flex h-24 flex-col justify-between rounded-xl border border-neutral-800 bg-gradient-to-br ${q.tint} to-neutral-900 p-4 font-semibold text-white transition hover:border-neutral-600`}>
              <q.icon width={24} height={24} />
              {t(q.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-4 my-6 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-700 rtl:bg-gradient-to-l via-rose-700 to-orange-600 p-6 md:mx-8 md:p-10">
      <h2 className="text-2xl font-extrabold wrap-break-word text-white md:text-3xl">{signedIn ? t('home.ctaMemberTitle') : t('home.ctaVisitorTitle')}</h2>
      <p className="mt-2 max-w-xl wrap-break-word text-rose-50">
        {signedIn ? t('home.ctaMemberText') : t('home.ctaVisitorText')}
      </p>
      <Link to={signedIn ? paths.topImdb() : paths.register()} className="mt-5 inline-block rounded-lg bg-white px-5 py-2.5 font-semibold text-neutral-900 hover:bg-rose-50">
        {signedIn ? t('home.ctaMemberButton') : t('home.ctaVisitorButton')}
      </Link>
    </section>
  )
}

export function Component() {
  useDocumentMeta(SITE_NAME, t('home.documentDescription'))
  const session = useSession()
  const services = useServicesNarrowing()
  const query = useHomePage(services.narrowing, !services.pending)
  return (
    <div>
      <h1 className="sr-only">{t('home.heading', { site: SITE_NAME })}</h1>
      <ComposedPage
        query={query}
        heroLabel={t('home.heroLabel')}
        rowsLabel={t('home.rowsLabel')}
        afterFirstRow={session && <PersonalizedPanel />}
        onMyServices={(item) => isOnServices(item, services.choice?.services, !!query.data?.narrowedTo)}
      >
        <MyServicesSlot state={services} page={query.data} busy={query.isPlaceholderData && query.isFetching} />
      </ComposedPage>
      <QuickBrowse />
      <CallToAction signedIn={!!session} />
      <BrowseByTitle />
    </div>
  )
}
