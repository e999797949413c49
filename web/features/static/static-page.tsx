/**
 * The frame shared by the static pages: heading with document title and description, a readable
 * column of prose, and numbered sections whose headings double as an in-page outline.
 */
import type { ReactNode } from 'react'
import { PageHeading } from '../../components/page-heading'
import { currentLocale, t } from '../../i18n'

/** A policy's date (YYYY-MM-DD) in the page's language; the site's English is British: 22 November 2026. */
function formatUpdated(isoDate: string): string {
  const locale = currentLocale()
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))
}

export function StaticPage({ title, description, intro, updated, children }: { title: string; description: string; intro?: ReactNode; updated?: string; children: ReactNode }) {
  return (
    <article className="pb-12 wrap-anywhere">
      <PageHeading title={title} description={description}>
        {intro && <p className="mt-3 max-w-3xl text-neutral-300">{intro}</p>}
        {updated && <p className="mt-2 text-sm text-neutral-400">{t('static.lastUpdated', { date: formatUpdated(updated) })}</p>}
      </PageHeading>
      <div className="max-w-3xl space-y-8 px-4 leading-relaxed text-neutral-300 md:px-8">{children}</div>
    </article>
  )
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** An e-mail link; the address reads left to right inside right-to-left text. */
export function MailLink({ address }: { address: string }) {
  return (
    <a dir="ltr" className="text-brand-400 underline underline-offset-2 hover:text-brand-500" href={`mailto:${address}`}>
      {address}
    </a>
  )
}
