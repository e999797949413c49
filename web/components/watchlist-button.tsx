/**
 * Add/Remove Watchlist for one title (hero slides and title pages). Signed out, it explains that
 * a login is needed; while a call runs it is disabled with a spinner (SPEC.md section 4).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MediaType } from '../../worker/catalog/types'
import { useSession } from '../lib/session'
import { BookmarkIcon } from './icons'
import { useToast } from './toast'

export interface WatchlistTarget {
  contentId: number
  contentType: MediaType
  title: string
  posterPath: string | null
}

export const watchlistKeys = {
  all: ['watchlist'] as const,
  one: (type: MediaType, id: number) => ['watchlist', type, id] as const,
}

async function isInWatchlist(type: MediaType, id: number): Promise<boolean> {
  const res = await fetch(`/api/me/watchlist/${type}/${id}`, { credentials: 'same-origin' })
  if (!res.ok) return false
  const body = (await res.json()) as { inWatchlist?: boolean }
  return body.inWatchlist === true
}

async function setInWatchlist(target: WatchlistTarget, add: boolean): Promise<void> {
  const res = add
    ? await fetch('/api/me/watchlist', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ content_id: target.contentId, content_type: target.contentType, title: target.title, poster_path: target.posterPath }),
      })
    : await fetch(`/api/me/watchlist/${target.contentType}/${target.contentId}`, { method: 'DELETE', credentials: 'same-origin' })
  if (!res.ok) throw new Error('Failed to update watchlist')
}

export function WatchlistButton({ target, className = '' }: { target: WatchlistTarget; className?: string }) {
  const session = useSession()
  const toast = useToast()
  const client = useQueryClient()
  const key = watchlistKeys.one(target.contentType, target.contentId)
  const { data: inList = false } = useQuery({ queryKey: key, queryFn: () => isInWatchlist(target.contentType, target.contentId), enabled: !!session, staleTime: 60_000 })
  const mutation = useMutation({
    mutationFn: (add: boolean) => setInWatchlist(target, add),
    onSuccess: (_data, add) => {
      client.setQueryData(key, add)
      void client.invalidateQueries({ queryKey: watchlistKeys.all })
      toast(add ? 'Added to watchlist!' : 'Removed from watchlist!', 'success')
    },
    onError: () => toast('Failed to update watchlist', 'error'),
  })

  const onClick = () => {
    if (!session) {
      toast('Please login to add to watchlist', 'error')
      return
    }
    mutation.mutate(!inList)
  }

  const busy = mutation.isPending
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-pressed={!!session && inList}
      aria-busy={busy}
      className={`inline-flex items-center gap-2 rounded-lg border border-neutral-500 bg-neutral-900/70 px-4 py-2.5 text-sm font-semibold text-white hover:bg-neutral-800 disabled:opacity-60 ${className}`}
    >
      {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" /> : <BookmarkIcon width={16} height={16} fill={inList ? 'currentColor' : 'none'} />}
      {busy ? 'Loading...' : inList && session ? 'Remove from Watchlist' : 'Add to Watchlist'}
    </button>
  )
}
