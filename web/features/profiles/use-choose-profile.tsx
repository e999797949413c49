/**
 * Choosing whose profile this browser watches as, from "Who's watching?" or the account menu:
 * POST /api/me/profiles/:id/choose (with the PIN pad when the server asks for one), then everything
 * the page knows of the previous viewer goes: the session is asked again, every cached answer is
 * dropped and fetched anew for the new profile, and the home page opens, in the profile's language
 * when it has one.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { localizedPath } from '../../../worker/lib/locales'
import { useToast } from '../../components/toast'
import { currentLocale, t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useReloadSession } from '../../lib/session'
import { profilesApi, type Profile } from './api'
import { usePinFlow } from './pin-pad'

export function useChooseProfile({ onChosen }: { onChosen?: () => void } = {}) {
  const client = useQueryClient()
  const reloadSession = useReloadSession()
  const navigate = useNavigate()
  const toast = useToast()
  const pins = usePinFlow()
  const [choosing, setChoosing] = useState<number | null>(null)

  const choose = async (profile: Profile) => {
    if (choosing !== null) return
    setChoosing(profile.id)
    try {
      const chosen = await pins.run({
        heading: t('profiles.pinFor', { name: profile.name }),
        detail: t('profiles.pinForDetail'),
        attempt: (pin) => profilesApi.choose(profile.id, pin),
      })
      if (!chosen) return
      const locale = chosen.profile.locale
      if (locale && locale !== currentLocale()) {
        // Another language is another address, whose page comes with that language's words.
        window.location.assign(localizedPath(locale, paths.home()))
        return
      }
      // The session first: until it names the new profile, "Who's watching?" would be asked again.
      await reloadSession()
      void client.resetQueries()
      navigate(paths.home())
      onChosen?.()
    } catch (err) {
      toast(err instanceof Error ? err.message : t('profiles.somethingWentWrong'), 'error')
    } finally {
      setChoosing(null)
    }
  }

  return { choose, choosing, pad: pins.pad }
}
