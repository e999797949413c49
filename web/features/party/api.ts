/**
 * The party page's question to the API: GET /api/party/{code}, what the room plays and whether
 * there is a place in it (404 once the room has ended). Asked once; the socket says the rest.
 */
import { useQuery } from '@tanstack/react-query'
import type { PartyTitle } from '../../../worker/party/protocol'
import { api, readJson, retryOnceUnlessAnswered } from '../../lib/api-client'

export interface RoomInfo {
  title: PartyTitle
  members: number
  full: boolean
}

export function useRoomInfo(code: string) {
  return useQuery({
    queryKey: ['party', code],
    queryFn: () => readJson<RoomInfo>(api.party[':code'].$get({ param: { code } })),
    retry: retryOnceUnlessAnswered,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  })
}
