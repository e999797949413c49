/**
 * Follow / Following on a show's page: a followed show's episodes are on the viewer's calendar, in
 * its iCal feed and in its notices. A show in the watchlist or watched lately is followed until the
 * viewer unfollows it, and the button says why. Signed out, it explains that a login is needed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { followKeys } from '../../lib/follow-keys'
import { api, readJson } from '../../lib/api-client'
import { useSession } from '../../lib/session'
import { useHeldPress } from '../../lib/use-held-press'

export interface FollowState {
  following: boolean
  reason: 'followed' | 'watchlist' | 'watched' | null
  explicit: boolean | null
}

export interface FollowTarget {
  id: number
  title: string
  posterPath: string | null
}

function BellIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

export function FollowButton({ target }: { target: FollowTarget }) {
  const session = useSession()
  const toast = useToast()
  const client = useQueryClient()
  const key = followKeys.one(target.id)
  const state = useQuery({
    queryKey: key,
    queryFn: () => readJson<FollowState>(api.me.follows[':content_id'].$get({ param: { content_id: String(target.id) } })),
    enabled: !!session,
    staleTime: 60_000,
  })
  const mutation = useMutation({
    mutationFn: (following: boolean) =>
      readJson<FollowState>(api.me.follows[':content_id'].$put({ param: { content_id: String(target.id) }, json: { following, title: target.title, poster_path: target.posterPath } })),
    onSuccess: (answer) => {
      client.setQueryData(key, answer)
      void client.invalidateQueries({ queryKey: followKeys.all })
      void client.invalidateQueries({ queryKey: ['calendar'] })
      toast(answer.following ? t('title.followed', { title: target.title }) : t('title.unfollowed', { title: target.title }), 'success')
    },
    onError: () => toast(t('title.followFailed'), 'error'),
  })

  const following = !!session && state.data?.following === true
  // A press made before the page knows who is signed in (or where the show stands) waits for it.
  const unknown = session === undefined || (!!session && !state.isFetched)
  const { onPress: onClick, waiting } = useHeldPress(unknown, following, (pressedOnFollowing) => {
    if (session === null) {
      toast(t('title.followLoginRequired'), 'error')
      return
    }
    // held until the show's state was known: done only if it is not already what the press asked
    if (state.data && following === pressedOnFollowing) mutation.mutate(!pressedOnFollowing)
  })
  const busy = mutation.isPending || waiting
  const why = following && state.data?.reason === 'watchlist' ? t('title.followedBecauseWatchlist') : following && state.data?.reason === 'watched' ? t('title.followedBecauseWatched') : null
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        aria-pressed={following}
        aria-busy={busy}
        aria-describedby={why ? `follow-why-${target.id}` : undefined}
        className="inline-flex items-center gap-2 rounded-lg border border-neutral-500 bg-neutral-900/70 px-4 py-2.5 text-sm font-semibold text-white hover:bg-neutral-800 aria-pressed:border-brand-500 disabled:cursor-wait disabled:opacity-60"
      >
        <BellIcon filled={following} />
        {following ? t('title.following') : t('title.follow')}
      </button>
      {why && (
        <span id={`follow-why-${target.id}`} className="mt-1 max-w-[14rem] text-xs text-neutral-400">
          {why}
        </span>
      )}
    </span>
  )
}
