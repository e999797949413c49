/**
 * Query hooks of the profile page over the signed-in account's own data. The list keys start
 * with 'watchlist' and 'history' so changes made elsewhere (the watchlist button, the history
 * page) invalidate them too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType, InferResponseType } from 'hono/client'
import { api, readJson } from '../../lib/api-client'
import { useRefreshSession } from '../../lib/session'

export type ProfileAnswer = InferResponseType<typeof api.me.profile.$get, 200>
export type ProfileChanges = InferRequestType<typeof api.me.profile.$patch>['json']
export type PasswordChange = InferRequestType<typeof api.me.password.$post>['json']
export type WatchlistItem = InferResponseType<typeof api.me.watchlist.$get, 200>['results'][number]
export type HistoryItem = InferResponseType<typeof api.me.history.$get, 200>['results'][number]

/** How many recent titles the profile shows (the history data layer's default, SPEC.md section 9). */
export const PROFILE_HISTORY_LIMIT = 20

export const accountKeys = {
  profile: ['me', 'profile'] as const,
  watchlist: ['watchlist', 'profile'] as const,
  history: ['history', 'profile', PROFILE_HISTORY_LIMIT] as const,
}

export function useProfile(enabled: boolean) {
  return useQuery({ queryKey: accountKeys.profile, queryFn: () => readJson<ProfileAnswer>(api.me.profile.$get()), enabled, staleTime: 0 })
}

export function useUpdateProfile() {
  const client = useQueryClient()
  const refreshSession = useRefreshSession()
  return useMutation({
    mutationFn: (changes: ProfileChanges) => readJson<InferResponseType<typeof api.me.profile.$patch, 200>>(api.me.profile.$patch({ json: changes })),
    onSuccess: (answer) => {
      client.setQueryData<ProfileAnswer>(accountKeys.profile, (old) => (old ? { ...old, user: answer.user } : old))
      // the account menu shows the username
      refreshSession()
    },
  })
}

export function useChangePassword() {
  return useMutation({ mutationFn: (change: PasswordChange) => readJson<{ message: string }>(api.me.password.$post({ json: change })) })
}

export function useProfileWatchlist(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.watchlist,
    queryFn: () => readJson<InferResponseType<typeof api.me.watchlist.$get, 200>>(api.me.watchlist.$get()).then((b) => b.results),
    enabled,
    staleTime: 0,
  })
}

export function useProfileHistory(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.history,
    queryFn: () =>
      readJson<InferResponseType<typeof api.me.history.$get, 200>>(api.me.history.$get({ query: { limit: String(PROFILE_HISTORY_LIMIT) } })).then((b) => b.results),
    enabled,
    staleTime: 0,
  })
}
