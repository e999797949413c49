/**
 * The viewer's "Because you watched {title}" rows on the home page, after Continue watching: each a
 * poster row titled with its reason in the page's language (written by the worker). Loaded only for
 * a signed-in account, so a visitor's home carries none of it; while the rows are on the way it
 * holds the place of as many as the page expects (`held`).
 */
import { useEffect } from 'react'
import { PosterRow } from '../../components/poster-row'
import { PosterRowSkeleton } from '../../components/skeletons'
import { useRecommendations } from './api/use-recommendations'
import { noteRowsShown } from './rows-likely'

export function Recommendations({ held }: { held: number }) {
  const query = useRecommendations()
  const rows = query.data
  useEffect(() => {
    if (rows) noteRowsShown(rows.length)
  }, [rows])
  if (!rows) return query.isPending ? Array.from({ length: held }, (_, i) => <PosterRowSkeleton key={i} />) : null
  if (rows.length === 0) return null
  return (
    <div data-testid="recommendations">
      {rows.map((row) => (
        <PosterRow key={row.key} id={`row-${row.key}`} title={row.title} items={row.items} fromCatalogue />
      ))}
    </div>
  )
}
