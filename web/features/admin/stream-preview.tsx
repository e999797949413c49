/**
 * Plays an address in our own player, as a viewer would get it, before an administrator saves it.
 * The player's code and words load on demand, as on a title page; nothing is reported as watched.
 * The marker editor reads the playhead and the length from it, and moves the playhead (`handle`).
 */
import { useEffect, useRef, useState, type RefObject } from 'react'
import { loadAreas, t } from '../../i18n'
import { loadHlsPlayer } from '../title/player-loader'

type PlayerModule = typeof import('../title/hls-player')

/** What the marker editor may do with the preview: read where it is and how long it is, seek. */
export interface PreviewHandle {
  /** Seconds; null before the video is there. */
  time: () => number | null
  /** Seconds; null until the length is known. */
  length: () => number | null
  seek: (seconds: number) => void
}

export function StreamPreview({ src, thumbnails, title, handle }: { src: string; thumbnails: string | null; title: string; handle?: RefObject<PreviewHandle | null> }) {
  const frame = useRef<HTMLDivElement>(null)
  const [module, setModule] = useState<PlayerModule | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    Promise.all([loadHlsPlayer(), loadAreas(['player'])]).then(
      ([loaded]) => live && setModule(loaded),
      () => live && setFailure(t('admin.streamPreviewFailed')),
    )
    return () => {
      live = false
    }
  }, [])
  useEffect(() => {
    if (!handle) return
    const video = () => frame.current?.querySelector('video') ?? null
    handle.current = {
      time: () => video()?.currentTime ?? null,
      length: () => {
        const duration = video()?.duration
        return duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : null
      },
      seek: (seconds) => {
        const element = video()
        if (element) element.currentTime = seconds
      },
    }
    return () => {
      handle.current = null
    }
  }, [handle])
  if (failure) return <p role="alert" className="text-sm text-red-300">{failure}</p>
  if (!module) return <p role="status" className="text-sm text-neutral-400">{t('admin.loading')}</p>
  const { HlsPlayer } = module
  return (
    <div ref={frame} className="aspect-video w-full max-w-3xl overflow-hidden rounded-lg bg-black">
      <HlsPlayer
        key={src}
        src={src}
        thumbnails={thumbnails}
        title={title}
        startAt={0}
        connection={undefined}
        progress={{ enabled: false, title: { content_id: 0, content_type: 'movie', title, poster_path: null }, watched: { current: 0 } }}
        onReady={() => undefined}
        onFailure={(message) => setFailure(message)}
      />
    </div>
  )
}
