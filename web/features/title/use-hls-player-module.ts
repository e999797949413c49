/**
 * Our player's module for a page that plays on it (a title's player, a party's), fetched once it
 * is wanted through player-loader.ts, so a press that prefetched it fetches nothing twice.
 */
import { useEffect, useState } from 'react'
import { t } from '../../i18n'
import { loadHlsPlayer } from './player-loader'

type HlsPlayerModule = typeof import('./hls-player')

/** Null until the module is in; `onFailure` hears when it cannot be fetched. */
export function useHlsPlayerModule(wanted: boolean, onFailure: (message: string) => void): HlsPlayerModule | null {
  const [module, setModule] = useState<HlsPlayerModule | null>(null)
  useEffect(() => {
    if (!wanted || module) return
    let current = true
    loadHlsPlayer().then(
      (loaded) => current && setModule(loaded),
      () => current && onFailure(t('player.playerLoadFailed')),
    )
    return () => {
      current = false
    }
  }, [wanted, module, onFailure])
  return module
}
