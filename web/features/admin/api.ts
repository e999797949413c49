/**
 * Query hooks of the administrators' dashboard over /api/admin. Every figure is read live from
 * the worker; the mutations refresh the figures they change.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType, InferResponseType } from 'hono/client'
import type { LayoutPage, LayoutState, PageLayout, PublishedAnswer } from '../../../worker/catalog/layout-schema'
import type { PageComposition } from '../../../worker/catalog/types'
import { api, readJson } from '../../lib/api-client'
import { useSetAtom } from 'jotai'
import { siteConfigVersionAtom } from '../../lib/images'

export type DashboardStats = InferResponseType<typeof api.admin.stats.$get, 200>
export type UsersPage = InferResponseType<typeof api.admin.users.$get, 200>
export type AdminUserRow = UsersPage['results'][number]
export type TitleCount = DashboardStats['mostWatched'][number]

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  users: (q: string, after: string | null) => ['admin', 'users', q, after] as const,
  maintenance: ['admin', 'maintenance'] as const,
}

export function useStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: () => readJson<DashboardStats>(api.admin.stats.$get()),
    staleTime: 0,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  })
}

/** A page of users: the first (`after` null), or the one after the `next` of the page before. */
export function useUsers(q: string, after: string | null, page: number) {
  return useQuery({
    queryKey: adminKeys.users(q, after),
    queryFn: () => readJson<UsersPage>(api.admin.users.$get({ query: { q, page: String(page), ...(after === null ? {} : { after }) } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

/**
 * A change through the admin API; once it has succeeded, the queries under `key` are asked again.
 * With `apply`, what it answered first goes into the query at `key` itself, so nothing shows the
 * state from before the change while that query is asked again.
 */
export function useChange<A, R, S = unknown>(change: (arg: A) => Promise<R>, key: readonly unknown[], apply?: (state: S, answer: R) => S) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      if (apply) client.setQueryData<S>(key, (state) => state && apply(state, answer))
      return client.invalidateQueries({ queryKey: key })
    },
  })
}

export function useSetBanned() {
  return useChange(({ id, banned }: { id: number; banned: boolean }) => {
    const param = { id: String(id) }
    return readJson<{ message: string }>(banned ? api.admin.users[':id'].ban.$post({ param }) : api.admin.users[':id'].unban.$post({ param }))
  }, adminKeys.all)
}

export function useMaintenance() {
  return useQuery({
    queryKey: adminKeys.maintenance,
    queryFn: () => readJson<{ enabled: boolean }>(api.admin.settings.maintenance.$get()).then((b) => b.enabled),
    staleTime: 0,
  })
}

export function useSetMaintenance() {
  const client = useQueryClient()
  const refreshSiteConfig = useSetAtom(siteConfigVersionAtom)
  return useMutation({
    mutationFn: (enabled: boolean) => readJson<{ enabled: boolean }>(api.admin.settings.maintenance.$put({ json: { enabled } })).then((b) => b.enabled),
    onSuccess: (enabled) => {
      client.setQueryData(adminKeys.maintenance, enabled)
      // The site-wide notice follows at once in this tab too.
      refreshSiteConfig((n) => n + 1)
    },
  })
}

export function usePurgeCache() {
  return useChange(() => readJson<{ deleted: number }>(api.admin.cache.purge.$post()).then((b) => b.deleted), adminKeys.stats)
}

function filenameFrom(disposition: string | null): string {
  const match = disposition ? /filename="?([^";]+)"?/.exec(disposition) : null
  return match?.[1] ?? `accounts-export-${new Date().toISOString().slice(0, 10)}.json`
}

/** Downloads the account export (GET /api/admin/export) as the JSON file the server names. */
export async function downloadExport(): Promise<string> {
  const res = await api.admin.export.$get()
  if (!res.ok) await readJson(res)
  const blob = await res.blob()
  const name = filenameFrom(res.headers.get('Content-Disposition'))
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return name
}

export type OpenInvite = InferResponseType<typeof api.admin.invites.$get, 200>['invites'][number]
const inviteKeys = { open: ['admin', 'invites'] as const }

/** The invitations to become an administrator not yet taken up, revoked or expired. */
export function useInvites() {
  return useQuery({ queryKey: inviteKeys.open, queryFn: () => readJson<{ invites: OpenInvite[] }>(api.admin.invites.$get()).then((b) => b.invites), staleTime: 0 })
}

export function useSendInvite() {
  return useChange((email: string) => readJson(api.admin.invites.$post({ json: { email } })), inviteKeys.open)
}

export function useRevokeInvite() {
  return useChange((id: number) => readJson(api.admin.invites[':id'].$delete({ param: { id: String(id) } })), inviteKeys.open)
}

export type AdminStream = InferResponseType<(typeof api.admin.streams)[':id']['$get'], 200>['stream']
export type StreamDraft = InferRequestType<typeof api.admin.streams.$post>['json']
export type PlaylistReport = InferResponseType<typeof api.admin.streams.check.$post, 200>['report']
export type TitleWithoutStream = InferResponseType<typeof api.admin.streams.missing.$get, 200>['results'][number]
const streamKeys = { all: ['admin', 'streams'] as const, missing: ['admin', 'streams', 'missing'] as const }

/** Every stream mapped to a title (up to 500), by title and episode. */
export function useStreams() {
  return useQuery({ queryKey: streamKeys.all, queryFn: () => readJson<{ results: AdminStream[] }>(api.admin.streams.$get({ query: {} })).then((b) => b.results), staleTime: 0 })
}

export function useTitlesWithoutStream() {
  return useQuery({ queryKey: streamKeys.missing, queryFn: () => readJson<{ results: TitleWithoutStream[] }>(api.admin.streams.missing.$get()).then((b) => b.results), staleTime: 0 })
}

/** Loads an address as the player would and answers what it found (nothing is saved). */
export function checkStream(draft: Pick<StreamDraft, 'master_url' | 'thumbnails_url'>): Promise<PlaylistReport> {
  return readJson<{ report: PlaylistReport }>(api.admin.streams.check.$post({ json: { master_url: draft.master_url, thumbnails_url: draft.thumbnails_url || null } })).then((b) => b.report)
}

export function useSaveStream() {
  return useChange(
    ({ id, draft }: { id: number | null; draft: StreamDraft }) =>
      readJson<{ stream: AdminStream }>(id === null ? api.admin.streams.$post({ json: draft }) : api.admin.streams[':id'].$put({ param: { id: String(id) }, json: draft })).then((b) => b.stream),
    streamKeys.all,
  )
}

export function useRemoveStream() {
  return useChange((id: number) => readJson(api.admin.streams[':id'].$delete({ param: { id: String(id) } })), streamKeys.all)
}

type PublishedVersion = PublishedAnswer['published']
type DraftLayout = NonNullable<LayoutState['draft']>
const layoutKeys = {
  page: (page: LayoutPage) => ['admin', 'layouts', page] as const,
  /** 'draft': the draft (or, with none, what is published); a number: that published version, 0 the built-in rows. */
  preview: (page: LayoutPage, of: 'draft' | number) => ['admin', 'layouts', page, 'preview', of] as const,
}
const layoutApi = api.admin.layouts[':page']

/** A page's rows as the editor needs them: built-in rows, what is published, the draft, the versions. */
export function useLayout(page: LayoutPage) {
  return useQuery({ queryKey: layoutKeys.page(page), queryFn: () => readJson<LayoutState>(layoutApi.$get({ param: { page } })), staleTime: 0 })
}

/** The page as the site would draw it from the draft, or from a published version (0: the built-in rows); null asks nothing. */
export function useLayoutPreview(page: LayoutPage, of: 'draft' | number | null) {
  return useQuery({
    queryKey: layoutKeys.preview(page, of ?? 'draft'),
    queryFn: () => readJson<PageComposition>(layoutApi.preview.$get({ param: { page }, query: of === 'draft' || of === null ? {} : { version: String(of) } })),
    enabled: of !== null,
    staleTime: 0,
  })
}

/** A change to a page's layout: its answer goes into the page's state at once, then the state, preview and versions are asked again. */
function useLayoutChange<A, R>(page: LayoutPage, change: (arg: A) => Promise<R>, apply: (state: LayoutState, answer: R) => LayoutState) {
  return useChange(change, layoutKeys.page(page), apply)
}

/** What the site shows after a publish or a restore (null: the built-in rows). */
function publishedOf({ version, layout, published }: PublishedVersion): LayoutState['published'] {
  return layout ? { version, layout, published } : null
}

export function useSaveLayoutDraft(page: LayoutPage) {
  return useLayoutChange(
    page,
    (layout: PageLayout) => readJson<{ draft: DraftLayout }>(layoutApi.draft.$put({ param: { page }, json: layout })).then((b) => b.draft),
    (state, draft) => ({ ...state, draft }),
  )
}

export function useDiscardLayoutDraft(page: LayoutPage) {
  return useLayoutChange(page, () => readJson<{ message: string }>(layoutApi.draft.$delete({ param: { page } })), (state) => ({ ...state, draft: null }))
}

export function usePublishLayout(page: LayoutPage) {
  return useLayoutChange(
    page,
    () => readJson<PublishedAnswer>(layoutApi.publish.$post({ param: { page } })).then((b) => b.published),
    (state, published) => ({ ...state, published: publishedOf(published), draft: null }),
  )
}

/** Publishes a copy of version `version` (0: the built-in rows) as a new version; the draft stays. */
export function useRestoreLayout(page: LayoutPage) {
  return useLayoutChange(
    page,
    (version: number) => readJson<PublishedAnswer>(layoutApi.restore.$post({ param: { page }, json: { version } })).then((b) => b.published),
    (state, published) => ({ ...state, published: publishedOf(published) }),
  )
}
