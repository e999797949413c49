/**
 * Choosing whose profile this browser watches as, from "Who's watching?" or the account menu:
 * POST /api/me/profiles/:id/choose (with the PIN pad when the server asks for one). Then nothing
 * of the previous viewer stays: this browser's own choices are swapped for the new profile's and
 * its offline copies dropped (browser-prefs.ts), the server has told the browser to drop what it
 * cached (Clear-Site-Data), and the home page is loaded afresh, in the profile's language when it
 * has one.
 */
import { useState } from 'react'
import { localizedPath } from '../../../worker/lib/locales'
import { useToast } from '../../components/toast'
import { currentLocale, t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { profilesApi, type Profile } from './api'
import { dropKeptPages, loadAfresh, switchProfilePrefs } from './browser-prefs'
import { usePinFlow } from './pin-pad'

export function useChooseProfile({ onChosen }: { onChosen?: () => void } = {}) {
  const session = useSession()
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
      if (session) switchProfilePrefs(localStorage, session.id, session.viewer?.id ?? null, chosen.profile.id)
      await dropKeptPages()
      loadAfresh(localizedPath(chosen.profile.locale ?? currentLocale(), paths.home()))
      onChosen?.()
    } catch (err) {
      toast(err instanceof Error ? err.message : t('profiles.somethingWentWrong'), 'error')
    } finally {
      setChoosing(null)
    }
  }

  return { choose, choosing, pad: pins.pad }
}
