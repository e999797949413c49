/** The desktop footer (SPEC.md section 2): links, the updates e-mail box, social links, support address. */
import { Link } from 'react-router-dom'
import { paths } from '../lib/paths'

const quickLinks = [
  { label: 'Home', href: paths.home() },
  { label: 'Movies', href: paths.movies() },
  { label: 'TV Shows', href: paths.tvShows() },
  { label: 'Top IMDB', href: paths.topImdb() },
  { label: 'Genres', href: paths.genres() },
]
const companyLinks = [
  { label: 'About Us', href: paths.aboutUs() },
  { label: 'Contact', href: paths.contact() },
  { label: 'FAQ', href: paths.faq() },
  { label: 'Terms of Service', href: paths.terms() },
  { label: 'Privacy Policy', href: paths.privacy() },
  { label: 'DMCA', href: paths.dmca() },
]

export const SUPPORT_EMAIL = 'support@reelhouse.example'

export function Footer() {
  return (
    <footer className="hidden border-t border-neutral-800 bg-neutral-950 px-8 py-10 text-sm text-neutral-400 lg:block">
      <div className="grid grid-cols-4 gap-8">
        <div>
          <p className="mb-3 text-base font-bold text-white">Reelhouse</p>
          <p>Discover and watch movies and TV shows.</p>
          <p className="mt-3">
            Support: <a className="text-neutral-200 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>
        <nav aria-label="Quick links">
          <p className="mb-3 font-semibold text-white">Quick Links</p>
          <ul className="space-y-2">
            {quickLinks.map((l) => (
              <li key={l.href}><Link className="hover:text-white" to={l.href}>{l.label}</Link></li>
            ))}
            <li><a className="hover:text-white" href={paths.sitemap()} target="_blank" rel="noopener">Sitemap</a></li>
          </ul>
        </nav>
        <nav aria-label="Company">
          <p className="mb-3 font-semibold text-white">Company</p>
          <ul className="space-y-2">
            {companyLinks.map((l) => (
              <li key={l.href}><Link className="hover:text-white" to={l.href}>{l.label}</Link></li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="mb-3 font-semibold text-white">New movie updates</p>
          <form className="flex gap-2" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="footer-email" className="sr-only">E-mail address</label>
            <input id="footer-email" type="email" placeholder="Your e-mail" className="min-w-0 flex-1 rounded-md border border-neutral-700 bg-neutral-900 px-3 py-2 text-neutral-100" />
            <button type="submit" className="rounded-md bg-brand-600 px-3 py-2 font-semibold text-white hover:bg-brand-500">SUBSCRIBE</button>
          </form>
        </div>
      </div>
      <p className="mt-8 border-t border-neutral-800 pt-6 text-xs">© {new Date().getFullYear()} Reelhouse</p>
    </footer>
  )
}
