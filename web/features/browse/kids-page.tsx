/** /kids: hero, the note that everything here is safe for kids, and the family rows. */
import { ComposedPage } from '../../components/composed-page'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useCatalogPage } from './api/use-catalog-page'

export function Component() {
  useDocumentMeta('Kids', 'Family, animated, educational, adventure, comedy and fantasy movies and TV shows that are safe for kids.')
  const query = useCatalogPage('kids')
  return (
    <div>
      <h1 className="sr-only">Kids</h1>
      <ComposedPage query={query} heroLabel="Featured for kids" rowsLabel="Kids rows">
        <div className="mx-4 mt-6 mb-2 flex items-start gap-3 rounded-xl border border-emerald-500/30 bg-emerald-950/40 p-4 text-sm text-emerald-100 md:mx-8">
          <span aria-hidden="true" className="text-xl leading-none">🛡️</span>
          <p>
            <strong className="font-semibold">Every title here is safe for kids.</strong> Rows only hold family-friendly titles rated 6 or higher, with adult content
            left out.
          </p>
        </div>
      </ComposedPage>
    </div>
  )
}
