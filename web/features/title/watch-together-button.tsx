/**
 * Watch together: creates a party room for the title (a show's episode on screen) with
 * POST /api/party, keeps the host's key in this browser, and opens the room's page.
 */
import { useState } from 'react'
import type { MediaType } from '../../../worker/catalog/types'
import { UsersIcon } from '../../components/icons'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { api, ApiError, readJson } from '../../lib/api-client'
import { keepHostKey } from '../../lib/party-host'
import { paths } from '../../lib/paths'
import { useNavigate } from 'react-router-dom'

export function WatchTogetherButton({ type, id, episode }: { type: MediaType; id: number; episode: { season: number; episode: number } | null }) {
  const navigate = useNavigate()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const create = async () => {
    setBusy(true)
    try {
      const body = type === 'tv' ? { content_type: type, content_id: id, season_number: episode?.season ?? 1, episode_number: episode?.episode ?? 1 } : { content_type: type, content_id: id }
      const room = await readJson<{ code: string; hostKey: string }>(api.party.$post({ json: body }))
      keepHostKey(room.code, room.hostKey)
      navigate(paths.party(room.code))
    } catch (err) {
      toast(err instanceof ApiError && err.status < 500 ? err.message : t('player.watchTogetherFailed'), 'error')
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      onClick={() => void create()}
      disabled={busy}
      className="inline-flex items-center gap-2 rounded-lg border border-neutral-500 bg-neutral-900/70 px-4 py-2.5 text-sm font-semibold text-white hover:bg-neutral-800 disabled:opacity-60"
    >
      <UsersIcon width={16} height={16} />
      {t('player.watchTogether')}
    </button>
  )
}
