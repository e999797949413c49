/**
 * Adding or editing a profile: its name, its avatar (the twelve drawn ones, as radio buttons), its
 * language (one of the site's, or the account's) and its ceiling, each ceiling with a line saying
 * what it lets through.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../worker/lib/locales'
import { Button } from '../../components/button'
import { t, type MessageId } from '../../i18n'
import { AVATARS, CEILINGS, MAX_NAME_LENGTH, type AvatarId, type ProfileFields } from './api'
import { Avatar } from './avatars'
import { ceilingExplanations, ceilingNames } from './profile-parts'

export const avatarNames: Record<AvatarId, MessageId> = {
  fox: 'profiles.avatarFox',
  owl: 'profiles.avatarOwl',
  cat: 'profiles.avatarCat',
  bear: 'profiles.avatarBear',
  panda: 'profiles.avatarPanda',
  frog: 'profiles.avatarFrog',
  whale: 'profiles.avatarWhale',
  robot: 'profiles.avatarRobot',
  rocket: 'profiles.avatarRocket',
  star: 'profiles.avatarStar',
  moon: 'profiles.avatarMoon',
  cactus: 'profiles.avatarCactus',
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2.5 text-neutral-100 placeholder:text-neutral-500 focus:border-brand-400 aria-[invalid=true]:border-red-400'

export const NEW_PROFILE: ProfileFields = { name: '', avatar: 'owl', locale: null, ceiling: 'all' }

export function ProfileForm({
  heading,
  submitLabel,
  initial,
  onSubmit,
  onCancel,
}: {
  heading: string
  submitLabel: string
  initial: ProfileFields
  /** Answers an error message to show, or null once saved. */
  onSubmit: (fields: ProfileFields) => Promise<string | null>
  onCancel: () => void
}) {
  const [fields, setFields] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const ids = { heading: useId(), name: useId(), locale: useId(), error: useId() }

  // Opened from a button of the list: the focus comes to the form.
  useEffect(() => headingRef.current?.focus(), [])

  const set = <K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) => setFields((f) => ({ ...f, [key]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const name = fields.name.trim()
    if (!name) {
      setError(t('profiles.nameRequired'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      setError(await onSubmit({ ...fields, name }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby={ids.heading} noValidate className="space-y-6 rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
      <h2 id={ids.heading} ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {heading}
      </h2>
      <div className="flex items-center gap-4">
        <Avatar id={fields.avatar} size={64} />
        <div className="min-w-0 flex-1">
          <label htmlFor={ids.name} className="block text-sm font-medium text-neutral-200">
            {t('profiles.nameLabel')}
          </label>
          <input
            id={ids.name}
            value={fields.name}
            maxLength={MAX_NAME_LENGTH}
            required
            autoComplete="off"
            aria-invalid={error === t('profiles.nameRequired') || undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(e) => set('name', e.target.value)}
            className={inputClass}
          />
        </div>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-neutral-200">{t('profiles.avatarLabel')}</legend>
        <div className="mt-2 grid grid-cols-6 gap-2 sm:gap-3">
          {AVATARS.map((id) => (
            <label key={id} className="flex cursor-pointer justify-center">
              <input type="radio" name="avatar" value={id} checked={fields.avatar === id} onChange={() => set('avatar', id)} className="peer sr-only" />
              <span className="rounded-full p-0.5 ring-offset-2 ring-offset-neutral-900 peer-checked:ring-2 peer-checked:ring-brand-400 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-white">
                <Avatar id={id} size={48} label={t(avatarNames[id])} className="h-10 w-10 sm:h-12 sm:w-12" />
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={ids.locale} className="block text-sm font-medium text-neutral-200">
          {t('profiles.languageLabel')}
        </label>
        <select id={ids.locale} value={fields.locale ?? ''} onChange={(e) => set('locale', isLocale(e.target.value) ? e.target.value : null)} className={inputClass}>
          <option value="">{t('profiles.accountLanguage')}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-neutral-200">{t('profiles.ceilingLabel')}</legend>
        <div className="mt-2 space-y-2">
          {CEILINGS.map((ceiling) => (
            <label key={ceiling} className="flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-800 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-600/10">
              <input
                type="radio"
                name="ceiling"
                value={ceiling}
                checked={fields.ceiling === ceiling}
                onChange={() => set('ceiling', ceiling)}
                aria-labelledby={`${ids.heading}-${ceiling}-name`}
                aria-describedby={`${ids.heading}-${ceiling}`}
                className="mt-1 accent-brand-500"
              />
              <span className="min-w-0">
                <span id={`${ids.heading}-${ceiling}-name`} className="block text-sm font-semibold">
                  {t(ceilingNames[ceiling])}
                </span>
                <span id={`${ids.heading}-${ceiling}`} className="block text-xs text-neutral-400">
                  {t(ceilingExplanations[ceiling])}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {error && (
        <p id={ids.error} role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('profiles.cancel')}
        </Button>
        <Button type="submit" busy={busy} busyLabel={t('profiles.saving')}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
