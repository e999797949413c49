/**
 * The room's title on our HLS player, the way the title pages play it (the stream's query and the
 * player's lazily loaded module from the title feature), handing its video element to the party's
 * sync. Reactions float up over the picture, inside the player so they stay in full screen; with
 * reduced motion they appear and go without moving. When the browser will not start the video
 * without the viewer's press, a Start watching button asks for one.
 */
import { useCallback, useState } from 'react'
import type { PartyTitle } from '../../../worker/party/protocol'
import { t } from '../../i18n'
import { retry } from '../../lib/api-client'
import { useStream } from '../title/api'
import type { PlayerHeading } from '../title/hls-player'
import { useHlsPlayerModule } from '../title/use-hls-player-module'
import { useConnectionQuality } from '../title/use-connection-quality'
import type { FloatingReaction } from './connection'

const NO_PROGRESS = { enabled: false, title: { content_id: 0, content_type: 'movie' as const, title: '', poster_path: null }, watched: { current: 0 } }

export interface PartyPlayerProps {
  title: PartyTitle
  /** The title's name and, on a show, the episode's label, as the player's heading shows them. */
  heading: PlayerHeading
  onMedia: (media: HTMLVideoElement | null) => void
  reactions: FloatingReaction[]
  /** The browser refused to start the video by itself; `onStart` is the viewer's press. */
  blocked: boolean
  onStart: () => void
}

export function PartyPlayer({ title, heading, onMedia, reactions, blocked, onStart }: PartyPlayerProps) {
  const stream = useStream(title.content_type, title.content_id, title.season_number, title.episode_number, true)
  const [failure, setFailure] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const fail = useCallback((message: string) => setFailure(message), [])
  const ready = useCallback(() => setLoading(false), [])
  const module = useHlsPlayerModule(!!stream.data?.url, fail)
  const connection = useConnectionQuality()

  let message: string | null = failure
  if (!message && stream.isError) message = t('player.streamLoadFailed')
  if (!message && stream.data && !stream.data.url) message = t('player.noStream')
  const HlsPlayer = module?.HlsPlayer

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black shadow-2xl ring-1 ring-neutral-800" data-testid="party-player">
      {message ? (
        <div className="flex h-full w-full flex-col items-center justify-center gap-3 p-6 text-center text-neutral-300">
          {message}
          {stream.isError && (
            <button type="button" onClick={() => retry(() => void stream.refetch())} className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-neutral-900 hover:bg-neutral-200">
              {t('common.retry')}
            </button>
          )}
        </div>
      ) : HlsPlayer && stream.data?.url ? (
        <HlsPlayer
          key={stream.data.url}
          src={stream.data.url}
          thumbnails={stream.data.thumbnails}
          title={heading.title}
          heading={heading}
          startAt={0}
          connection={connection}
          progress={NO_PROGRESS}
          onReady={ready}
          onFailure={fail}
          onMedia={onMedia}
        >
          <Reactions reactions={reactions} />
        </HlsPlayer>
      ) : null}
      {!message && loading && (
        <div role="status" className="absolute inset-0 flex items-center justify-center bg-black/80 text-neutral-200">
          {t('player.loadingPlayer')}
        </div>
      )}
      {!message && !loading && blocked && (
        <div className="absolute inset-0 z-40 flex items-center justify-center bg-black/60">
          <button type="button" onClick={onStart} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
            {t('party.startWatching')}
          </button>
        </div>
      )}
    </div>
  )
}

function Reactions({ reactions }: { reactions: FloatingReaction[] }) {
  return (
    <div className="absolute inset-0 overflow-hidden" aria-hidden="true" data-testid="party-reactions">
      {reactions.map((reaction) => (
        <span
          key={reaction.id}
          className="absolute bottom-4 flex flex-col items-center text-4xl motion-safe:animate-[party-float_3s_ease-out_forwards]"
          style={{ insetInlineStart: `${8 + ((reaction.id * 37) % 80)}%` }}
        >
          {reaction.emoji}
          <span className="mt-1 max-w-24 truncate rounded bg-black/60 px-1.5 text-xs text-white">{reaction.name}</span>
        </span>
      ))}
    </div>
  )
}
