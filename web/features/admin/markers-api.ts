/**
 * The dashboard's hooks over /api/admin/markers: a title's or episode's markers with how many
 * viewers said each was wrong, and adding, correcting and removing the operator's own.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { MediaType } from '../../../worker/catalog/types'
import type { AdminMarker, MarkerKind } from '../../../worker/player/marker-rules'
import { api, readJson } from '../../lib/api-client'
import { useChange } from './api'

export interface MarkerPlace {
  content_type: MediaType
  content_id: number
  season_number: number
  episode_number: number
}

export interface MarkerDraft extends MarkerPlace {
  kind: MarkerKind
  start_ms: number
  end_ms: number
  duration_ms: number
}

export const markerKeys = {
  all: ['admin', 'markers'] as const,
  of: (place: MarkerPlace) => ['admin', 'markers', place.content_type, place.content_id, place.season_number, place.episode_number] as const,
}

export function useMarkers(place: MarkerPlace) {
  return useQuery({
    queryKey: markerKeys.of(place),
    queryFn: () =>
      readJson<{ results: AdminMarker[] }>(
        api.admin.markers.$get({
          query: {
            content_type: place.content_type,
            content_id: String(place.content_id),
            season_number: String(place.season_number),
            episode_number: String(place.episode_number),
          },
        }),
      ).then((b) => b.results),
    enabled: place.content_id > 0,
    staleTime: 0,
    // while another episode's are on their way, the list keeps the last one's instead of emptying
    placeholderData: keepPreviousData,
  })
}

export function useSaveMarker() {
  return useChange(
    ({ id, draft }: { id: number | null; draft: MarkerDraft }) =>
      readJson<{ marker: AdminMarker }>(
        id === null ? api.admin.markers.$post({ json: draft }) : api.admin.markers[':id'].$put({ param: { id: String(id) }, json: draft }),
      ).then((b) => b.marker),
    markerKeys.all,
  )
}

export function useRemoveMarker() {
  return useChange((id: number) => readJson<{ message: string }>(api.admin.markers[':id'].$delete({ param: { id: String(id) } })), markerKeys.all)
}
