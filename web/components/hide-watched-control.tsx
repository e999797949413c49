/** The switch of web/components/hide-watched-switch.tsx, loaded with its words for a signed-in viewer. */
import { t } from '../i18n'
import { usePreferences, useSetPreferences } from '../lib/preferences'
import { Switch } from './switch'
import { useToast } from './toast'

export function HideWatchedControl() {
  const preferences = usePreferences()
  const change = useSetPreferences()
  const toast = useToast()
  if (!preferences.data) return null
  return (
    <Switch
      checked={preferences.data.hide_watched}
      onChange={(on) => change.mutate({ hide_watched: on }, { onError: () => toast(t('taste.settingSaveFailed'), 'error') })}
      className="min-h-10 text-sm font-semibold text-neutral-100"
    >
      {t('taste.hideWatched')}
    </Switch>
  )
}
