/** /kids: hero, the note that everything here is safe for kids, and the family rows. */
import { ComposedPage } from '../../components/composed-page'
import { t } from '../../i18n'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useCatalogPage } from './api/use-catalog-page'

export function Component() {
  useDocumentMeta(t('browse.kidsTitle'), t('browse.kidsDescription'))
  const query = useCatalogPage('kids')
  return (
    <div>
      <h1 className="sr-only">{t('browse.kidsTitle')}</h1>
      <ComposedPage query={query} heroLabel={t('browse.kidsHeroLabel')} rowsLabel={t('browse.kidsRowsLabel')}>
        <div className="mx-4 mt-6 mb-2 flex items-start gap-3 rounded-xl border border-emerald-500/30 bg-emerald-950/40 p-4 text-sm text-emerald-100 md:mx-8">
          <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="shrink-0 text-emerald-400">
            <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z" />
            <path d="m9 12 2 2 4-4" />
          </svg>
          <p className="min-w-0 wrap-break-word">
            <strong className="font-semibold">{t('browse.kidsSafeLead')}</strong> {t('browse.kidsSafeDetail')}
          </p>
        </div>
      </ComposedPage>
    </div>
  )
}
