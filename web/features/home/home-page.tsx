/**
 * /: signed in, Continue watching first, then the viewer's "Because you watched" rows; the hero
 * carousel and every row from one request, the signed-in 'Personalized for You' panel, Quick
 * Browse, a call to action and 'Browse by Title'. A kids profile's home is the /kids page's hero
 * and rows (the server answers the home request with them) after its Continue watching, and
 * nothing else.
 */
import { Suspense, useState, type ComponentProps, type ComponentType, type SVGProps } from 'react'
import { Link } from 'react-router-dom'
import { ComposedPage } from '../../components/composed-page'
import { FilmIcon, GridIcon, KidsIcon, SearchIcon, StarIcon, TvIcon } from '../../components/icons'
import { MyServicesSlot } from '../../components/my-services-slot'
import { PosterRowSkeleton } from '../../components/skeletons'
import { t, type MessageId } from '../../i18n'
import { rowLikely, useContinueWatching } from '../../lib/continue-watching'
import { isOnServices, useServicesNarrowing } from '../../lib/my-services'
import { paths } from '../../lib/paths'
import { useSession, type SessionAccount } from '../../lib/session'
import { SITE_NAME, useDocumentMeta } from '../../lib/use-document-meta'
import { lazyPart } from '../../lib/lazy-part'
import { bootedAccount } from '../../lib/boot'
import { useHomePage } from './api/use-home-page'
import type { ContinueWatchingRow as Row } from './continue-watching-row'
import type { Recommendations as RecommendationsPart } from './recommendations'
import { rowsLikely } from './rows-likely'
import { BrowseByTitle } from './browse-by-title'

// Signed-in parts, loaded only for an account: a visitor's home carries none of their code.
const loadRow = () => import('./continue-watching-row')
const ContinueWatchingRow = lazyPart<ComponentProps<typeof Row>>('continue-watching-row', () => loadRow().then((m) => m.ContinueWatchingRow))
const PersonalizedRows = lazyPart('personalized-panel', () => import('./personalized-panel').then((m) => m.PersonalizedRows))
const RecommendationRows = lazyPart<ComponentProps<typeof RecommendationsPart>>('recommendations', () => import('./recommendations').then((m) => m.Recommendations))

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

/**
 * Continue watching, the first row of a signed-in home. Its place is held while its titles are on
 * the way only when this browser expects some (continue-watching.ts), so that neither an account
 * with titles nor one without sees the page move once it is drawn.
 */
function ContinueWatching({ session, id }: { session: SessionAccount | null | undefined; id: string }) {
  const query = useContinueWatching(session)
  const [likely] = useState(() => {
    const expected = session !== null && rowLikely()
    if (expected) void loadRow()
    return expected
  })
  if (session === null) return null
  const entries = query.data
  if (!entries) return query.isPending && likely ? <PosterRowSkeleton /> : null
  if (entries.length === 0) return null
  return (
    <Suspense fallback={<PosterRowSkeleton />}>
      <ContinueWatchingRow entries={entries} id={id} />
    </Suspense>
  )
}

/**
 * The viewer's "Because you watched" rows, after Continue watching. A page painted for the account
 * has them already; otherwise their place is held while they are on the way only when this browser
 * showed rows before, as many as it showed.
 */
function Recommendations({ session }: { session: SessionAccount | null | undefined }) {
  const [likely] = useState(() => (session !== null && !bootedAccount() ? rowsLikely() : 0))
  if (session === null) return null
  const held = Array.from({ length: likely }, (_, i) => <PosterRowSkeleton key={i} />)
  return (
    <Suspense fallback={held}>
      <RecommendationRows held={likely} />
    </Suspense>
  )
}

/** A kids profile's home: the kids rows, its own Continue watching first. */
function KidsHome({ session, query }: { session: SessionAccount; query: ReturnType<typeof useHomePage> }) {
  return (
    <div>
      <h1 className="sr-only">{t('browse.kidsTitle')}</h1>
      <div className="md:hidden">
        <ContinueWatching session={session} id="continue-watching-phone" />
      </div>
      <ComposedPage query={query} heroLabel={t('browse.kidsHeroLabel')} rowsLabel={t('browse.kidsRowsLabel')}>
        <div className="hidden md:block">
          <ContinueWatching session={session} id="continue-watching" />
        </div>
      </ComposedPage>
    </div>
  )
}

export function Component() {
  useDocumentMeta(SITE_NAME, t('home.documentDescription'))
  const session = useSession()
  const services = useServicesNarrowing()
  const query = useHomePage(services.narrowing, !services.pending)
  if (session?.viewer?.kids) return <KidsHome session={session} query={query} />
  return (
    <div>
      <h1 className="sr-only">{t('home.heading', { site: SITE_NAME })}</h1>
      {/* Above the hero on a phone, right under it wider: before every other row at each width. */}
      <div className="md:hidden">
        <ContinueWatching session={session} id="continue-watching-phone" />
      </div>
      <ComposedPage
        query={query}
        heroLabel={t('home.heroLabel')}
        rowsLabel={t('home.rowsLabel')}
        afterFirstRow={
          session && (
            <section aria-labelledby="personal-heading" className="mx-2 my-4 rounded-2xl border border-neutral-800 bg-gradient-to-b from-neutral-900 to-neutral-950 py-3 md:mx-6">
              <h2 id="personal-heading" className="px-4 pt-2 text-xl font-bold md:px-6 md:text-2xl">{t('home.personalized')}</h2>
              <Suspense fallback={<PosterRowSkeleton count={6} />}>
                <PersonalizedRows />
              </Suspense>
            </section>
          )
        }
        onMyServices={(item) => isOnServices(item, services.choice?.services, !!query.data?.narrowedTo)}
      >
        <div className="hidden md:block">
          <ContinueWatching session={session} id="continue-watching" />
        </div>
        <Recommendations session={session} />
        <MyServicesSlot state={services} page={query.data} busy={query.isPlaceholderData && query.isFetching} />
      </ComposedPage>
      <QuickBrowse />
      <CallToAction signedIn={!!session} />
      <BrowseByTitle />
    </div>
  )
}
