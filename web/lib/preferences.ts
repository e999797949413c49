/**
 * The signed-in viewer's hide-watched and spoiler-safe choices (GET|PUT /api/me/preferences),
 * shared by the account's settings and the grids' switch. The server follows them in what it
 * answers, so a change drops what was answered for the old choice and asks again: rows, grids and
 * searches for hide watched, a show's seasons for spoiler-safe.
 */
import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, readJson } from './api-client'

export interface Preferences {
  hide_watched: boolean
  spoiler_safe: boolean
}

export const preferencesKey = ['me', 'preferences'] as const

export function usePreferences(enabled = true) {
  return useQuery({ queryKey: preferencesKey, queryFn: () => readJson<Preferences>(api.me.preferences.$get()), enabled, staleTime: 0 })
}

const answeredForHideWatched = (query: Query) => query.queryKey[0] === 'catalog' || query.queryKey[0] === 'search'
const answeredForSpoilers = (query: Query) => query.queryKey[0] === 'title' && query.queryKey[3] === 'season'

/** Changes one choice or both, shown at once and put back if the server refuses it. */
export function useSetPreferences() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: Partial<Preferences>) => readJson<Preferences>(api.me.preferences.$put({ json: change })),
    onMutate: (change) => {
      const before = client.getQueryData<Preferences>(preferencesKey)
      if (before) client.setQueryData<Preferences>(preferencesKey, { ...before, ...change })
      return { before }
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(preferencesKey, context.before)
    },
    onSuccess: async (answer, change) => {
      client.setQueryData(preferencesKey, answer)
      await Promise.all([
        change.hide_watched !== undefined && client.resetQueries({ predicate: answeredForHideWatched }),
        change.spoiler_safe !== undefined && client.resetQueries({ predicate: answeredForSpoilers }),
      ])
    },
  })
}
