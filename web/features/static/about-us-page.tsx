/** /about-us: what the site is for, what it offers and the values behind it. */
import { Link } from 'react-router-dom'
import { paths } from '../../lib/paths'
import { useSiteFacts } from '../../lib/images'
import { Section, StaticPage } from './static-page'

export function Component() {
  const { siteName } = useSiteFacts()
  const offerings = [
    { title: 'A catalogue worth browsing', text: 'Trending picks, the most popular and best rated films and series, what is in cinemas now and what is coming soon, all sorted into rows you can scan in seconds.' },
    { title: 'Search that keeps up', text: 'Type two letters and results appear. Browse by genre, by streaming platform, alphabetically, or through the Top IMDB list.' },
    { title: 'Pages with the full picture', text: 'Every title has its synopsis, rating, runtime, cast, seasons and episodes, and similar titles to try next.' },
    { title: 'Your own corner', text: 'A free account keeps a watchlist and remembers where you stopped, so you can pick up a film or an episode right where you left it.' },
    { title: 'A space for kids', text: 'The Kids page gathers family, animated and educational titles with good ratings and no adult content.' },
  ]
  const values = [
    { title: 'Quality', text: 'We would rather show fewer things that work than many that do not: accurate details, clean pages and playback that adapts to your connection instead of stalling.' },
    { title: 'Accessibility', text: 'The site works with a keyboard and a screen reader, reads well on a small phone and a large screen, and is free to use without an account.' },
    { title: 'Innovation', text: 'We keep improving how people find what to watch next, from instant search to resuming where you stopped, and we build it on fast, modern infrastructure close to every visitor.' },
  ]
  return (
    <StaticPage
      title={`About ${siteName}`}
      description={`${siteName} is a free place to discover and watch movies and TV shows. Learn about our mission, what we offer and the values we build on.`}
      intro={`${siteName} is a free place to discover films and series and to keep track of what you want to watch.`}
    >
      <Section id="about-mission" title="Our mission">
        <p>
          Choosing something to watch should take minutes, not an evening. Our mission is to make discovering movies and TV shows simple
          and open to everyone: no subscription, no paywall, and no clutter between you and the next great story.
        </p>
      </Section>
      <Section id="about-offer" title="What we offer">
        <ul className="grid gap-4 sm:grid-cols-2">
          {offerings.map((o) => (
            <li key={o.title} className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-4">
              <p className="font-semibold text-white">{o.title}</p>
              <p className="mt-1 text-sm">{o.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="about-values" title="Our values">
        <dl className="grid gap-4 md:grid-cols-3">
          {values.map((v) => (
            <div key={v.title} className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-4">
              <dt className="text-lg font-semibold text-brand-400">{v.title}</dt>
              <dd className="mt-1 text-sm">{v.text}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <p>
        Have an idea or found something broken? <Link className="text-brand-400 underline" to={paths.contact()}>Tell us</Link>.
      </p>
    </StaticPage>
  )
}
