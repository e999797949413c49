/**
 * The profile's "Watched titles and spoilers": the account's two choices of what the site leaves
 * out, each a switch with a sentence saying what it does. Saved at once; a refusal puts the switch
 * back and says so.
 */
import { useId } from 'react'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toast'
import { t, type MessageId } from '../../i18n'
import { type Preferences, usePreferences, useSetPreferences } from '../../lib/preferences'
import { AccountSection } from './account-section'

const CHOICES: readonly { key: keyof Preferences; label: MessageId; text: MessageId }[] = [
  { key: 'hide_watched', label: 'taste.hideWatched', text: 'taste.hideWatchedText' },
  { key: 'spoiler_safe', label: 'taste.spoilerSafe', text: 'taste.spoilerSafeText' },
]

export function TasteSection() {
  const preferences = usePreferences()
  const change = useSetPreferences()
  const toast = useToast()
  const ids = useId()
  return (
    <AccountSection id={`${ids}-title`} title={t('taste.settingsTitle')} intro={t('taste.settingsText')}>
      {preferences.isPending ? (
        <p role="status" className="mt-4 text-sm text-neutral-400">{t('common.loadingDots')}</p>
      ) : preferences.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-300">{t('taste.settingsLoadFailed')}</p>
      ) : (
        <ul className="mt-4 max-w-2xl divide-y divide-neutral-800">
          {CHOICES.map(({ key, label, text }) => (
            <li key={key} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <Switch
                checked={preferences.data[key]}
                onChange={(on) => change.mutate({ [key]: on }, { onError: () => toast(t('taste.settingSaveFailed'), 'error') })}
                aria-describedby={`${ids}-${key}`}
                trackLast
                className="min-h-10 justify-between text-start text-base font-medium text-neutral-100"
              >
                {t(label)}
              </Switch>
              <p id={`${ids}-${key}`} className="max-w-prose text-sm text-neutral-400">{t(text)}</p>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  )
}
