/**
 * /: the hero carousel and every row from one request, the signed-in 'Personalized for You'
 * panel, Quick Browse, a call to action and 'Browse by Title'.
 */
import type { ComponentType, SVGProps } from 'react'
import { Link } from 'react-router-dom'
import { ComposedPage } from '../../components/composed-page'
import { FilmIcon, GridIcon, KidsIcon, SearchIcon, StarIcon, TvIcon } from '../../components/icons'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { SITE_NAME, useDocumentMeta } from '../../lib/use-document-meta'
import { useHomePage } from './api/use-home-page'
import { BrowseByTitle } from './browse-by-title'
import { PersonalizedPanel } from './personalized-panel'

const quickBrowse: { label: string; href: string; icon: ComponentType<SVGProps<SVGSVGElement>>; tint: string }[] = [
  { label: 'Movies', href: paths.movies(), icon: FilmIcon, tint: 'from-rose-600/30' },
  { label: 'TV Shows', href: paths.tvShows(), icon: TvIcon, tint: 'from-violet-600/30' },
  { label: 'Kids', href: paths.kids(), icon: KidsIcon, tint: 'from-emerald-600/30' },
  { label: 'Genres', href: paths.genres(), icon: GridIcon, tint: 'from-sky-600/30' },
  { label: 'Search', href: paths.search(), icon: SearchIcon, tint: 'from-amber-600/30' },
  { label: 'Top IMDB', href: paths.topImdb(), icon: StarIcon, tint: 'from-yellow-500/30' },
]

function QuickBrowse() {
  return (
    <section aria-labelledby="quick-browse-heading" className="px-4 py-6 md:px-8">
      <h2 id="quick-browse-heading" className="mb-3 text-xl font-bold md:text-2xl">Quick Browse</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {quickBrowse.map((q) => (
          <li key={q.label}>
            <Link to={q.href} className={`flex h-24 flex-col justify-between rounded-xl border border-neutral-800 bg-gradient-to-br ${q.tint} to-neutral-900 p-4 font-semibold text-white transition hover:border-neutral-600`}>
              <q.icon width={24} height={24} />
              {q.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-4 my-6 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-700 via-rose-700 to-orange-600 p-6 md:mx-8 md:p-10">
      <h2 className="text-2xl font-extrabold text-white md:text-3xl">{signedIn ? 'Find your next favourite' : 'Your movies, your list, free'}</h2>
      <p className="mt-2 max-w-xl text-rose-50">
        {signedIn
          ? 'Explore the highest rated movies and TV shows of all time.'
          : 'Create a free account to keep a watchlist, pick up where you left off and get picks made for you.'}
      </p>
      <Link to={signedIn ? paths.topImdb() : paths.register()} className="mt-5 inline-block rounded-lg bg-white px-5 py-2.5 font-semibold text-neutral-900 hover:bg-rose-50">
        {signedIn ? 'See Top IMDB' : 'Sign Up Free'}
      </Link>
    </section>
  )
}

export function Component() {
  useDocumentMeta(SITE_NAME, 'Discover and watch movies and TV shows: trending titles, top rated lists, genres, kids picks and more.')
  const session = useSession()
  const query = useHomePage()
  return (
    <div>
      <h1 className="sr-only">{SITE_NAME}: movies and TV shows</h1>
      <ComposedPage query={query} heroLabel="Featured titles" rowsLabel="Home rows" afterFirstRow={session && <PersonalizedPanel />} />
      <QuickBrowse />
      <CallToAction signedIn={!!session} />
      <BrowseByTitle />
    </div>
  )
}
