/**
 * Profile Information (SPEC.md section 2, Profile): read-only by default, with an Edit Profile /
 * Cancel toggle. A user edits username, full name, date of birth, country and bio; an
 * administrator's record has only username and full name, so that is all an admin edits.
 */
import { useState, type FormEvent } from 'react'
import { useToast } from '../../components/toast'
import { currentLocale, t } from '../../i18n'
import { FormError, inputClass, TextField } from './auth-form'
import { useUpdateProfile, type ProfileAnswer, type ProfileChanges } from './api'
import { Button } from '../../components/button'
import { AccountSection } from './account-section'

type AccountRecord = ProfileAnswer['user']

function field(user: AccountRecord, name: string): string | null {
  const value = (user as { [key: string]: unknown })[name]
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

function formatBirthDate(value: string | null): string | null {
  if (!value) return null
  const date = new Date(`${value}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(currentLocale(), { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })
}

function roleLabel(role: string | null): string {
  // Roles the catalog names are translated; any other shows as the record has it, capitalized.
  const name = role ?? 'admin'
  return t('account.roleName', { role: name, label: name.charAt(0).toUpperCase() + name.slice(1) })
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-neutral-400">{label}</dt>
      <dd className={value ? 'min-w-0 break-words text-neutral-100' : 'text-neutral-400 italic'}>{value ?? t('account.notSet')}</dd>
    </div>
  )
}

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

export function ProfileInfo({ profile }: { profile: ProfileAnswer }) {
  const isAdmin = profile.type === 'admin'
  const user = profile.user
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState({ username: '', full_name: '', date_of_birth: '', country: '', bio: '' })
  const [error, setError] = useState<string | null>(null)
  const update = useUpdateProfile()
  const toast = useToast()

  const startEditing = () => {
    setDraft({
      username: field(user, 'username') ?? '',
      full_name: field(user, 'full_name') ?? '',
      date_of_birth: field(user, 'date_of_birth') ?? '',
      country: field(user, 'country') ?? '',
      bio: field(user, 'bio') ?? '',
    })
    setError(null)
    setEditing(true)
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    const username = draft.username.trim()
    const changes: ProfileChanges = isAdmin
      ? { full_name: draft.full_name }
      : { full_name: draft.full_name, date_of_birth: draft.date_of_birth, country: draft.country, bio: draft.bio }
    // The server never stores an empty username, so a blank field leaves the current one alone.
    if (username) changes.username = username
    update.mutate(changes, {
      onSuccess: () => {
        toast(t('account.profileUpdated'), 'success')
        setEditing(false)
      },
      onError: (err) => {
        setError(err.message)
        toast(t('account.profileUpdateFailed'), 'error')
      },
    })
  }

  const set = (name: keyof typeof draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value })
  const bio = field(user, 'bio')

  return (
    <AccountSection
      id="profile-info-title"
      title={t('account.profileInformation')}
      action={
        <Button variant="secondary" onClick={editing ? () => setEditing(false) : startEditing} aria-expanded={editing}>
          {editing ? t('account.cancel') : t('account.editProfile')}
        </Button>
      }
    >

      {editing ? (
        <form onSubmit={onSubmit} className="mt-5 space-y-4" aria-label={t('account.editProfileForm')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('account.username')} name="username" autoComplete="username" value={draft.username} onChange={set('username')} />
            <TextField label={t('account.fullName')} name="full_name" autoComplete="name" value={draft.full_name} onChange={set('full_name')} />
            {!isAdmin && (
              <>
                <TextField label={t('account.dateOfBirth')} name="date_of_birth" type="date" max={today()} value={draft.date_of_birth} onChange={set('date_of_birth')} />
                <TextField label={t('account.country')} name="country" autoComplete="country-name" value={draft.country} onChange={set('country')} />
              </>
            )}
          </div>
          {!isAdmin && (
            <div>
              <label htmlFor="profile-bio" className="block text-sm font-medium text-neutral-200">
                {t('account.bio')}
              </label>
              <textarea id="profile-bio" name="bio" rows={3} maxLength={500} value={draft.bio} onChange={set('bio')} className={inputClass} />
            </div>
          )}
          <FormError message={error} />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('account.cancel')}
            </Button>
            <Button type="submit" busy={update.isPending} busyLabel={t('account.saving')}>
              {t('account.saveChanges')}
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-3 divide-y divide-neutral-800">
          <Row label={t('account.username')} value={field(user, 'username')} />
          <Row label={t('account.fullName')} value={field(user, 'full_name')} />
          <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="text-sm text-neutral-400">{t('account.email')}</dt>
            <dd className="min-w-0 break-words text-neutral-100">
              <bdi>{profile.email}</bdi>
            </dd>
          </div>
          <Row label={t('account.dateOfBirth')} value={formatBirthDate(field(user, 'date_of_birth'))} />
          <Row label={t('account.country')} value={field(user, 'country')} />
          {bio && <Row label={t('account.bio')} value={bio} />}
          {isAdmin && <Row label={t('account.role')} value={roleLabel(field(user, 'role'))} />}
        </dl>
      )}
    </AccountSection>
  )
}
