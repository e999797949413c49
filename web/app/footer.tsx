/**
 * The desktop footer (SPEC.md section 2): quick and company links, the new-movie-updates e-mail
 * box (the weekly e-mail, double opt-in: POST /api/newsletter, worker/routes/newsletter.ts; shown
 * only where GET /api/config says a mailer is configured), social links, the support address from GET /api/config, the sitemap (new tab), the
 * language menu, and TMDB's required attribution when TMDB is the catalogue provider. Below the
 * fold on every page and hidden on phones, it is not part of the first load (app/layout.tsx).
 */
import { useState, type FormEvent } from 'react'
import type { Locale } from '../../worker/lib/locales'
import { ApiError, api, apiLanguage, readJson } from '../lib/api-client'
import { Link } from 'react-router-dom'
import { t } from '../i18n'
import { useSiteConfig, useSiteFacts } from '../lib/images'
import { useSocialLinks } from '../lib/social-links'
import { paths } from '../lib/paths'
import { LanguageMenu } from './language-menu'
import { companyLinks, type SiteLink } from './site-links'

const quickLinks: SiteLink[] = [
  { label: 'nav.home', href: paths.home() },
  { label: 'nav.movies', href: paths.movies() },
  { label: 'nav.tvShows', href: paths.tvShows() },
  { label: 'nav.kids', href: paths.kids() },
  { label: 'nav.topImdb', href: paths.topImdb() },
  { label: 'nav.genres', href: paths.genres() },
]
// The networks' own names, the same in every language; each links to the operator's page there
// when the deployment names one (SOCIAL_LINKS, GET /api/config's `social`).
const socialNetworks = [
  { network: 'facebook', label: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z' },
  { network: 'x', label: 'X', path: 'M4 4l16 16M20 4 4 20' },
  { network: 'instagram', label: 'Instagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01' },
  { network: 'youtube', label: 'YouTube', path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm7 1v6l5-3z' },
] as const

export function Footer() {
  const config = useSiteConfig()
  const { siteName, supportEmail } = useSiteFacts()
  const socialLinks = useSocialLinks(socialNetworks)
  const [email, setEmail] = useState('')
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({ kind: 'idle' })
  const subscribe = async (e: FormEvent) => {
    e.preventDefault()
    setState({ kind: 'sending' })
    try {
      // the e-mails come in the page's language (the server checks it is one of the site's)
      await readJson(api.newsletter.$post({ json: { email, locale: apiLanguage() as Locale } }))
      setState({ kind: 'sent' })
      setEmail('')
    } catch (err) {
      // the server's words for a refusal it explains (a bad address, too many tries); ours otherwise
      setState({ kind: 'failed', message: err instanceof ApiError && err.status < 500 && err.status !== 404 ? err.message : t('shell.subscribeFailed') })
    }
  }
  // Digits, as copyright lines are written in every language here; a date formatter would load
  // the language's calendar data, the costliest call of a page's first render, for four digits.
  const year = String(new Date().getFullYear())

  return (
    <footer className="hidden border-t border-neutral-800 bg-neutral-950 px-8 py-10 text-sm text-neutral-400 lg:block">
      <div className="grid grid-cols-[1.3fr_1fr_1fr_1.5fr] gap-8">
        <div>
          <p className="mb-3 flex items-center gap-2 text-base font-bold text-white">
            <span aria-hidden="true" className="inline-block h-7 w-7 rounded-md bg-brand-600 text-center leading-7">▶</span>
            <span data-catalog="">{siteName}</span>
          </p>
          <p>{t('shell.footerTagline')}</p>
          <p className="mt-3">
            {t('shell.supportLabel')}{' '}
            <a data-catalog="" className="text-neutral-200 hover:underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
          {socialLinks.length > 0 && (
            <ul className="mt-4 flex gap-2" aria-label={t('shell.socialLinks')}>
              {socialLinks.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-neutral-800 text-neutral-300 hover:bg-neutral-700 hover:text-white"
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                      <path d={s.path} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label={t('shell.quickLinks')}>
          <p className="mb-3 font-semibold text-white">{t('shell.quickLinksHeading')}</p>
          <ul className="space-y-2">
            {quickLinks.map((l) => (
              <li key={l.href}>
                <Link className="hover:text-white" to={l.href}>{t(l.label)}</Link>
              </li>
            ))}
            <li>
              <a className="hover:text-white" href={paths.sitemap()} target="_blank" rel="noopener">{t('nav.sitemap')}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('shell.company')}>
          <p className="mb-3 font-semibold text-white">{t('shell.company')}</p>
          <ul className="space-y-2">
            {companyLinks.map((l) => (
              <li key={l.href}>
                <Link className="hover:text-white" to={l.href}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {config?.newsletter === true ? (
          <div>
            <p className="mb-1 font-semibold text-white">{t('shell.newsletterTitle')}</p>
            <p className="mb-3">{t('shell.newsletterText')}</p>
            <form className="flex flex-wrap gap-2" onSubmit={subscribe}>
              <label htmlFor="footer-email" className="sr-only">{t('shell.emailLabel')}</label>
              <input
                id="footer-email"
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
                placeholder={t('shell.emailPlaceholder')}
                className="min-w-0 flex-1 basis-40 rounded-md border border-neutral-700 bg-neutral-900 px-3 py-2 text-neutral-100 placeholder:text-neutral-500"
              />
              <button type="submit" disabled={state.kind === 'sending'} className="rounded-md bg-brand-600 px-4 py-2 font-semibold whitespace-nowrap text-white hover:bg-brand-500 disabled:opacity-60">{t('shell.subscribe')}</button>
            </form>
            <p aria-live="polite" className={`mt-2 min-h-5 text-xs ${state.kind === 'failed' ? 'text-red-400' : 'text-emerald-400'}`}>
              {state.kind === 'sent' ? t('shell.subscribed') : state.kind === 'failed' ? state.message : ''}
            </p>
          </div>
        ) : (
          <div />
        )}
      </div>
      <div className="mt-8 flex items-center justify-between gap-6 border-t border-neutral-800 pt-6 text-xs">
        <div className="flex items-center gap-4">
          <p>{t('shell.copyright', { year, siteName })}</p>
          <LanguageMenu />
        </div>
        {config?.provider === 'tmdb' && (
          <p data-testid="tmdb-attribution" className="max-w-xl text-end">
            {t('shell.tmdbAttribution')}
          </p>
        )}
      </div>
    </footer>
  )
}
