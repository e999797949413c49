/**
 * Add/Remove Watchlist for one title (hero slides and title pages). Signed out, it explains that
 * a login is needed; while a call runs it is disabled with a spinner (SPEC.md section 4). The
 * state lives in the query cache under `watchlistKeys`, so every button for the same title and
 * the watchlist page agree after a change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MediaType } from '../../worker/catalog/types'
import { t } from '../i18n'
import { watchlistKeys } from '../lib/account-keys'
import { api, readJson } from '../lib/api-client'
import { useSession } from '../lib/session'
import { useHeldPress } from '../lib/use-held-press'
import { BookmarkIcon } from './icons'
import { useToast } from './toast'

export interface WatchlistTarget {
  contentId: number
  contentType: MediaType
  title: string
  posterPath: string | null
}

export { watchlistKeys }

/** SPEC.md section 8: the existence check answers false on any error. */
async function isInWatchlist(type: MediaType, id: number): Promise<boolean> {
  try {
    const body = await readJson<{ inWatchlist?: boolean }>(
      api.me.watchlist[':content_type'][':content_id'].$get({ param: { content_type: type, content_id: String(id) } }),
    )
    return body.inWatchlist === true
  } catch {
    return false
  }
}

async function setInWatchlist(target: WatchlistTarget, add: boolean): Promise<void> {
  const param = { content_type: target.contentType, content_id: String(target.contentId) }
  await readJson(
    add
      ? api.me.watchlist.$post({
          json: { content_id: target.contentId, content_type: target.contentType, title: target.title, poster_path: target.posterPath },
        })
      : api.me.watchlist[':content_type'][':content_id'].$delete({ param }),
  )
}

export function WatchlistButton({ target, className = '' }: { target: WatchlistTarget; className?: string }) {
  const session = useSession()
  const toast = useToast()
  const client = useQueryClient()
  const key = watchlistKeys.one(target.contentType, target.contentId)
  const membership = useQuery({
    queryKey: key,
    queryFn: () => isInWatchlist(target.contentType, target.contentId),
    enabled: !!session,
    staleTime: 60_000,
  })
  const inList = membership.data ?? false
  const mutation = useMutation({
    mutationFn: (add: boolean) => setInWatchlist(target, add),
    onSuccess: (_data, add) => {
      client.setQueryData(key, add)
      void client.invalidateQueries({ queryKey: watchlistKeys.list() })
      toast(add ? t('cards.addedToWatchlist') : t('cards.removedFromWatchlist'), 'success')
    },
    onError: () => toast(t('cards.watchlistUpdateFailed'), 'error'),
  })

  // A press made before the page knows who is signed in (or whether the title is listed) waits for it.
  const unknown = session === undefined || (!!session && !membership.isFetched)
  const { onPress: onClick, waiting } = useHeldPress(unknown, inList, (pressedOnListed) => {
    if (session === null) {
      toast(t('cards.loginToAddToWatchlist'), 'error')
      return
    }
    // held until the title's place was known: done only if it is not already where the press asked
    if (inList === pressedOnListed) mutation.mutate(!pressedOnListed)
  })

  const busy = mutation.isPending || waiting
  const listed = !!session && inList
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      className={`inline-flex items-center gap-2 rounded-lg border border-neutral-500 bg-neutral-900/70 px-4 py-2.5 text-sm font-semibold text-white hover:bg-neutral-800 disabled:cursor-wait disabled:opacity-60 ${className}`}
    >
      {busy ? (
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" />
      ) : (
        <BookmarkIcon width={16} height={16} fill={listed ? 'currentColor' : 'none'} />
      )}
      {busy ? t('common.loadingDots') : listed ? t('cards.removeFromWatchlist') : t('cards.addToWatchlist')}
    </button>
  )
}
