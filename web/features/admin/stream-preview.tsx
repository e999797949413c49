/**
 * Plays an address in our own player, as a viewer would get it, before an administrator saves it.
 * The player's code and words load on demand, as on a title page; nothing is reported as watched.
 */
import { useEffect, useState } from 'react'
import { loadAreas, t } from '../../i18n'
import { loadHlsPlayer } from '../title/player-loader'

type PlayerModule = typeof import('../title/hls-player')

export function StreamPreview({ src, thumbnails, title }: { src: string; thumbnails: string | null; title: string }) {
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
  if (failure) return <p role="alert" className="text-sm text-red-300">{failure}</p>
  if (!module) return <p role="status" className="text-sm text-neutral-400">{t('admin.loading')}</p>
  const { HlsPlayer } = module
  return (
    <div className="aspect-video w-full max-w-3xl overflow-hidden rounded-lg bg-black">
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
