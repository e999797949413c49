/**
 * What the movie and TV pages both need around their details: the player's configuration and the
 * sources this title can offer (with its trailer), similar titles, the connection quality, and
 * the signed-in viewer's history for the title.
 */
import { useMemo } from 'react'
import type { MediaType, MovieDetails, TvDetails } from '../../../worker/catalog/types'
import { titleOf } from '../../lib/titles'
import { usePlayerConfig, useSimilarItems } from './api'
import { availableSources, offersSourceSwitch, trailerOf } from './player'
import { useConnectionQuality } from './use-connection-quality'
import { useWatchHistory } from './use-watch-history'

export function useTitlePage(type: MediaType, id: number, details: MovieDetails | TvDetails | undefined) {
  const config = usePlayerConfig()
  const similarItems = useSimilarItems(type, id, details)
  const connection = useConnectionQuality()
  const opened = useMemo(() => (details ? { type, id: details.id, title: titleOf(details), posterPath: details.poster_path } : null), [type, details])
  const history = useWatchHistory(opened)
  const trailer = useMemo(() => trailerOf(details?.videos?.results ?? [], config.data?.trailerEmbeds ?? {}), [details, config.data])
  const sources = useMemo(() => availableSources(config.data?.sources ?? [], trailer), [config.data, trailer])
  // The player's place keeps the source buttons' band while the configuration is on the way.
  const sourceSwitch = config.isPending || offersSourceSwitch(sources)
  return { config, similarItems, connection, history, trailer, sources, sourceSwitch }
}
