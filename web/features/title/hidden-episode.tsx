/**
 * An episode a spoiler-safe viewer has not reached (the server answered it `hidden`: its number,
 * the season's art): "Episode 5" over the art, and Reveal, which asks for that one episode as it
 * is and puts it in the season's place, so the list, Now playing and Up next show it. Loaded only
 * when a season holds such an episode, beside the episode's row in the list.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useParams } from 'react-router-dom'
import type { Episode, Season } from '../../../worker/catalog/types'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { catalogKeys } from '../../lib/catalog'

export default function HiddenEpisode({ episode }: { episode: Pick<Episode, 'season_number' | 'episode_number'> }) {
  const show = Number(useParams().id)
  const client = useQueryClient()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const { season_number: season, episode_number: number } = episode

  const reveal = async () => {
    setBusy(true)
    try {
      const answer = await readJson<Season>(api.catalog.tv[':id'].season[':season'].$get({ param: { id: String(show), season: String(season) }, query: { reveal: String(number) } }))
      const shown = answer.episodes.find((e) => e.episode_number === number)
      if (!shown) throw new Error('episode not in its season')
      // The row itself keeps the focus: this button goes once the episode is shown.
      button.current?.closest('li')?.querySelector('button')?.focus()
      client.setQueryData<Season>(catalogKeys.season(show, season), (old) => old && { ...old, episodes: old.episodes.map((e) => (e.episode_number === number ? shown : e)) })
    } catch {
      toast(t('taste.revealFailed'), 'error')
      setBusy(false)
    }
  }

  return (
    <>
      <span aria-hidden="true" className="pointer-events-none absolute start-2 top-2 flex aspect-video w-32 items-center justify-center rounded-md bg-black/60 px-1 text-center text-sm font-semibold text-white sm:w-40">
        {t('title.episodeNumber', { episode: number })}
      </span>
      <button
        ref={button}
        type="button"
        onClick={reveal}
        disabled={busy}
        aria-label={t('taste.revealEpisodeLabel', { episode: number })}
        title={t('taste.hiddenEpisode')}
        className="absolute end-2 bottom-2 min-h-9 rounded-md border border-neutral-600 bg-neutral-900 px-3 text-xs font-semibold text-neutral-100 hover:bg-neutral-800 disabled:opacity-60"
      >
        {t('taste.revealEpisode')}
      </button>
    </>
  )
}
