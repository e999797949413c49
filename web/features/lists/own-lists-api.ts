/**
 * The signed-in account's own lists, and a list as anyone may read it. Every change updates the
 * query cache in place (the lists page, a list's page and the Add to list dialog read the same
 * keys), then asks again, so all of them agree after a change made in any of them.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ListEntry, ListSummary, ListWithItems } from '../../../worker/accounts/user-lists'
import type { MediaType } from '../../../worker/catalog/types'
import { api, ApiError, readJson } from '../../lib/api-client'

export type { ListEntry, ListSummary, ListWithItems }

export interface TitleTarget {
  content_type: MediaType
  content_id: number
  title: string
  poster_path: string | null
}

export const listKeys = {
  all: ['lists'] as const,
  mine: () => ['lists', 'mine'] as const,
  /** The account's lists, each saying whether it holds this title. */
  holding: (type: MediaType, id: number) => ['lists', 'mine', type, id] as const,
  one: (slug: string) => ['lists', 'one', slug] as const,
}

export function useMyLists(enabled: boolean) {
  return useQuery({
    queryKey: listKeys.mine(),
    queryFn: () => readJson<{ results: ListSummary[] }>(api.me.lists.$get({ query: {} })).then((b) => b.results),
    enabled,
  })
}

export function useListsHolding(target: Pick<TitleTarget, 'content_type' | 'content_id'>, enabled: boolean) {
  return useQuery({
    queryKey: listKeys.holding(target.content_type, target.content_id),
    queryFn: () =>
      readJson<{ results: ListSummary[] }>(api.me.lists.$get({ query: { type: target.content_type, id: String(target.content_id) } })).then((b) => b.results),
    enabled,
    staleTime: 0,
  })
}

/** A list as the reader may see it: `own` tells whether the reader may change it. */
export function useList(slug: string) {
  return useQuery({
    queryKey: listKeys.one(slug),
    // `reported`: whether a signed-in reader has reported the list (absent for visitors)
    queryFn: () => readJson<{ list: ListWithItems; own: boolean; reported?: boolean }>(api.lists[':slug'].$get({ param: { slug } })),
    // A list that does not exist (or is not the reader's to see) will not appear by asking again.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  })
}

function refresh(client: QueryClient) {
  return client.invalidateQueries({ queryKey: listKeys.all })
}

export interface ListFieldsInput {
  name: string
  description: string | null
  is_public: boolean
}

export function useCreateList() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (fields: ListFieldsInput) => readJson<{ list: ListSummary }>(api.me.lists.$post({ json: fields })).then((b) => b.list),
    onSuccess: (list) => {
      client.setQueryData<ListSummary[]>(listKeys.mine(), (lists) => lists && [list, ...lists])
      void refresh(client)
    },
  })
}

export function useUpdateList(slug: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (fields: Partial<ListFieldsInput>) => readJson(api.me.lists[':slug'].$patch({ param: { slug }, json: fields })),
    onSuccess: () => refresh(client),
  })
}

export function useDeleteList() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (slug: string) => readJson(api.me.lists[':slug'].$delete({ param: { slug } })),
    onSuccess: (_data, slug) => {
      client.setQueryData<ListSummary[]>(listKeys.mine(), (lists) => lists?.filter((l) => l.slug !== slug))
      client.removeQueries({ queryKey: listKeys.one(slug) })
      void refresh(client)
    },
  })
}

/** Adds a title to a list, or takes it off (`add: false`). */
export function useSetInList() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, target, add }: { slug: string; target: TitleTarget; add: boolean }) =>
      add
        ? readJson(api.me.lists[':slug'].items.$post({ param: { slug }, json: target }))
        : readJson(
            api.me.lists[':slug'].items[':content_type'][':content_id'].$delete({
              param: { slug, content_type: target.content_type, content_id: String(target.content_id) },
            }),
          ),
    onSuccess: (_data, { slug, target, add }) => {
      client.setQueryData<ListSummary[]>(listKeys.holding(target.content_type, target.content_id), (lists) =>
        lists?.map((l) => (l.slug === slug ? { ...l, contains: add, item_count: l.item_count + (add ? 1 : -1) } : l)),
      )
      if (!add) {
        client.setQueryData<{ list: ListWithItems; own: boolean }>(listKeys.one(slug), (answer) =>
          answer && {
            ...answer,
            list: {
              ...answer.list,
              items: answer.list.items.filter((i) => !(i.content_type === target.content_type && i.content_id === target.content_id)),
              item_count: answer.list.item_count - 1,
            },
          },
        )
      }
      void refresh(client)
    },
  })
}

const keyOf = (i: Pick<ListEntry, 'content_type' | 'content_id'>) => ({ content_type: i.content_type, content_id: i.content_id })

/** Puts a list's titles in a new order, showing it at once and keeping it when the worker agrees. */
export function useReorderList(slug: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (items: ListEntry[]) => readJson(api.me.lists[':slug'].order.$put({ param: { slug }, json: { items: items.map(keyOf) } })),
    onMutate: (items) => {
      const before = client.getQueryData<{ list: ListWithItems; own: boolean }>(listKeys.one(slug))
      if (before) client.setQueryData(listKeys.one(slug), { ...before, list: { ...before.list, items } })
      return { before }
    },
    onError: (_error, _items, context) => {
      if (context?.before) client.setQueryData(listKeys.one(slug), context.before)
    },
    onSettled: () => refresh(client),
  })
}

/** Puts the account's lists in a new order, likewise. */
export function useReorderLists() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (lists: ListSummary[]) => readJson(api.me.lists.order.$put({ json: { slugs: lists.map((l) => l.slug) } })),
    onMutate: (lists) => {
      const before = client.getQueryData<ListSummary[]>(listKeys.mine())
      client.setQueryData(listKeys.mine(), lists)
      return { before }
    },
    onError: (_error, _lists, context) => {
      if (context?.before) client.setQueryData(listKeys.mine(), context.before)
    },
    onSettled: () => refresh(client),
  })
}

/** The list with the item at `index` moved by `by` places (-1 earlier, +1 later). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by
  if (to < 0 || to >= items.length) return [...items]
  const next = [...items]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item as T)
  return next
}
