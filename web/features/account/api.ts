/**
 * Query hooks of the profile page over the signed-in account's own data. Its watchlist and
 * history come from lib/my-lists, shared with the home page's personalized panel.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType, InferResponseType } from 'hono/client'
import { profileKey } from '../../lib/account-keys'
import { api, readJson } from '../../lib/api-client'
import { useRefreshSession } from '../../lib/session'

export type ProfileAnswer = InferResponseType<typeof api.me.profile.$get, 200>
export type ProfileChanges = InferRequestType<typeof api.me.profile.$patch>['json']
export type PasswordChange = InferRequestType<typeof api.me.password.$post>['json']

export const accountKeys = {
  profile: profileKey,
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

export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => readJson<{ message: string }>(api.me.account.$delete({ json: { password } })) })
}

export type SessionList = InferResponseType<(typeof api.me.sessions)['$get'], 200>
export type AccountSession = SessionList['sessions'][number]

export function useSessions() {
  return useQuery({ queryKey: ['me', 'sessions'] as const, queryFn: () => readJson<SessionList>(api.me.sessions.$get()), staleTime: 0 })
}

export function useEndSession() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => readJson<{ message: string; current: boolean }>(api.me.sessions[':id'].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  })
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => readJson<{ message: string }>(api.me.sessions.$delete()) })
}

export type PasskeyList = InferResponseType<(typeof api.me.passkeys)['$get'], 200>
export type AccountPasskey = PasskeyList['passkeys'][number]
export const passkeyKeys = { list: ['me', 'passkeys'] as const }

export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.list, queryFn: () => readJson<PasskeyList>(api.me.passkeys.$get()), staleTime: 0 })
}

export function useRemovePasskey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, confirmation = {} }: { id: string; confirmation?: InferRequestType<(typeof api.me.passkeys)[':id']['$delete']>['json'] }) =>
      readJson<{ message: string }>(api.me.passkeys[':id'].$delete({ param: { id }, json: confirmation })),
    // an administrator's other browsers are signed out by the change
    onSuccess: () => Promise.all([passkeyKeys.list, twoFactorKeys.state, ['me', 'sessions']].map((queryKey) => client.invalidateQueries({ queryKey }))),
  })
}

export type TwoFactorState = InferResponseType<(typeof api.me)['two-factor']['$get'], 200>
export const twoFactorKeys = { state: ['me', 'two-factor'] as const }

/** An administrator's factors: whether the app is on, how many passkeys and unused recovery codes. */
export function useTwoFactorState(enabled: boolean) {
  return useQuery({ queryKey: twoFactorKeys.state, queryFn: () => readJson<TwoFactorState>(api.me['two-factor'].$get()), enabled, staleTime: 0 })
}
