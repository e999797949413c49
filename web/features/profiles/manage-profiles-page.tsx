/**
 * /profiles/manage: the account's profiles, to add (up to five), edit, delete (never the account's
 * own), lock with a PIN, and the account's guard, which asks for the account's PIN to leave a kids
 * profile and to change profiles. While the guard is on, a change the server refuses without that
 * PIN asks for it on the PIN pad and is sent again with it.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, Navigate } from 'react-router-dom'
import { Button } from '../../components/button'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toast'
import { LOCALE_NAMES } from '../../../worker/lib/locales'
import { t } from '../../i18n'
import { retry } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useRefreshSession, useSession } from '../../lib/session'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { profilesApi, profilesKey, useProfiles, type Profile, type ProfileFields } from './api'
import { Avatar } from './avatars'
import { NEW_PROFILE, ProfileForm } from './profile-form'
import { ceilingName, LockIcon } from './profile-parts'
import { DeleteSheet, GuardSheet, PinSettingsSheet } from './profile-sheets'
import { usePinFlow } from './pin-pad'

/** A profile's fields as a form edits them: the server takes these and refuses any other. */
function fieldsOf({ name, avatar, locale, ceiling }: Profile): ProfileFields {
  return { name, avatar, locale, ceiling }
}

type Editing = { kind: 'add' } | { kind: 'edit'; profile: Profile }
type Asking = { kind: 'pin' | 'delete'; profile: Profile } | { kind: 'guard'; on: boolean }

function ProfileRow({ profile, onEdit, onPin, onDelete }: { profile: Profile; onEdit: () => void; onPin: () => void; onDelete: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-4 sm:flex-nowrap">
      <Avatar id={profile.avatar} size={48} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-semibold">
          <span data-catalog="" className="truncate">{profile.name}</span>
          {profile.locked && (
            <>
              <LockIcon width={14} height={14} className="shrink-0 text-neutral-400" />
              <span className="sr-only">{t('profiles.locked')}</span>
            </>
          )}
        </p>
        <p className="text-sm text-neutral-400">
          {ceilingName(profile.ceiling)} · <span lang={profile.locale ?? undefined}>{profile.locale ? LOCALE_NAMES[profile.locale] : t('profiles.accountLanguage')}</span>
        </p>
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap">
        <Button variant="secondary" onClick={onEdit} data-focus={`edit-${profile.id}`} aria-label={t('profiles.editNamed', { name: profile.name })}>
          {t('profiles.edit')}
        </Button>
        {/* the name read with the button's own words, which a voice command says */}
        <Button variant="secondary" onClick={onPin} data-focus={`pin-${profile.id}`}>
          {profile.locked ? t('profiles.changePin') : t('profiles.setPin')} <span className="sr-only">({profile.name})</span>
        </Button>
        {!profile.own && (
          <Button variant="danger" onClick={onDelete} data-focus={`delete-${profile.id}`} aria-label={t('profiles.deleteNamed', { name: profile.name })}>
            {t('profiles.delete')}
          </Button>
        )}
      </div>
    </li>
  )
}

export function ManageProfilesPage() {
  useDocumentMeta(t('profiles.manageProfiles'))
  const session = useSession()
  const profiles = useProfiles(!!session)
  const client = useQueryClient()
  const refreshSession = useRefreshSession()
  const toast = useToast()
  const pins = usePinFlow()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [asking, setAsking] = useState<Asking | null>(null)
  // Where the focus goes back to once a form or a question is done with: the button that opened
  // it (by its data-focus name, since the list is drawn anew), else the heading.
  const opener = useRef<string | null>(null)
  const [returnTo, setReturnTo] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (returnTo === null || editing || asking) return
    const back = root.current?.querySelector<HTMLElement>(`[data-focus="${returnTo}"]`)
    ;(back ?? heading.current)?.focus()
    setReturnTo(null)
  }, [returnTo, editing, asking])

  if (session === null) return <Navigate to={paths.login(paths.manageProfiles())} replace />
  if (session?.viewer?.kids) return <Navigate to={paths.home()} replace />
  if (session?.choose_profile) return <Navigate to={paths.profiles()} replace />

  const open = <T,>(set: (value: T) => void, value: T, from: string) => {
    opener.current = from
    set(value)
  }
  const refocus = () => {
    setReturnTo(opener.current ?? '')
    opener.current = null
  }
  const changed = async () => {
    await client.invalidateQueries({ queryKey: profilesKey })
    // The current profile's name or avatar in the header may be the one that changed.
    refreshSession()
  }
  /** Sends a guarded change, with the account's PIN when the server asks for it. */
  const guarded = <T,>(attempt: (pin: string | undefined) => Promise<T>) =>
    pins.run({ heading: t('profiles.accountPinTitle'), detail: t('profiles.accountPinDetail'), attempt })

  const save = async (fields: ProfileFields): Promise<string | null> => {
    if (!editing) return null
    try {
      const done = editing.kind === 'add' ? await guarded((pin) => profilesApi.create(fields, pin)) : await guarded((pin) => profilesApi.update(editing.profile.id, fields, pin))
      if (!done) return null
      toast(editing.kind === 'add' ? t('profiles.added', { name: done.profile.name }) : t('profiles.saved'), 'success')
      setEditing(null)
      refocus()
      await changed()
      return null
    } catch (err) {
      return err instanceof Error ? err.message : t('profiles.somethingWentWrong')
    }
  }

  const remove = async (profile: Profile) => {
    setAsking(null)
    try {
      const done = await guarded(async (pin) => {
        await profilesApi.remove(profile.id, pin)
        return true
      })
      if (!done) return refocus()
      toast(t('profiles.deleted', { name: profile.name }), 'success')
      setReturnTo('')
      await changed()
    } catch (err) {
      toast(err instanceof Error ? err.message : t('profiles.somethingWentWrong'), 'error')
      refocus()
    }
  }

  const closeQuestion = () => {
    setAsking(null)
    refocus()
  }

  const data = profiles.data
  const full = !!data && data.profiles.length >= data.max
  return (
    <div ref={root} className="mx-auto max-w-3xl px-4 py-6 md:px-8 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none md:text-3xl">
          {t('profiles.manageProfiles')}
        </h1>
        <Link to={paths.profiles()} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {t('profiles.done')}
        </Link>
      </div>

      {profiles.isError && !data && (
        <div role="alert" className="mt-8 flex flex-col items-start gap-3">
          <p className="text-neutral-300">{profiles.error.message}</p>
          <Button onClick={() => retry(() => void profiles.refetch())}>{t('profiles.retry')}</Button>
        </div>
      )}
      {!data && !profiles.isError && (
        <p role="status" className="mt-8 text-neutral-400">
          {t('profiles.loading')}
        </p>
      )}

      {data && editing && (
        <div className="mt-6">
          <ProfileForm
            key={editing.kind === 'edit' ? editing.profile.id : 'new'}
            heading={editing.kind === 'add' ? t('profiles.addProfile') : t('profiles.editProfile', { name: editing.profile.name })}
            submitLabel={editing.kind === 'add' ? t('profiles.addProfile') : t('profiles.save')}
            initial={editing.kind === 'add' ? NEW_PROFILE : fieldsOf(editing.profile)}
            onSubmit={save}
            onCancel={() => {
              setEditing(null)
              refocus()
            }}
          />
        </div>
      )}

      {data && !editing && (
        <>
          <section aria-labelledby="profiles-list-heading" className="mt-6 rounded-2xl border border-neutral-800 bg-neutral-900/60 px-5 py-2 md:px-6">
            <h2 id="profiles-list-heading" className="sr-only">
              {t('profiles.listHeading')}
            </h2>
            <ul className="divide-y divide-neutral-800">
              {data.profiles.map((profile) => (
                <ProfileRow
                  key={profile.id}
                  profile={profile}
                  onEdit={() => open(setEditing, { kind: 'edit', profile }, `edit-${profile.id}`)}
                  onPin={() => open(setAsking, { kind: 'pin', profile }, `pin-${profile.id}`)}
                  onDelete={() => open(setAsking, { kind: 'delete', profile }, `delete-${profile.id}`)}
                />
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-neutral-800 py-4">
              <p className="text-sm text-neutral-400">{t('profiles.count', { count: data.profiles.length, max: data.max })}</p>
              {!full && <Button data-focus="add" onClick={() => open(setEditing, { kind: 'add' }, 'add')}>{t('profiles.addProfile')}</Button>}
            </div>
          </section>

          <section aria-labelledby="profiles-guard-heading" className="mt-6 rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
            <h2 id="profiles-guard-heading" className="text-xl font-semibold">
              {t('profiles.guardHeading')}
            </h2>
            <p className="mt-2 text-sm text-neutral-400">{t('profiles.guardExplanation')}</p>
            <Switch data-focus="guard" checked={data.guard} onChange={(on) => open(setAsking, { kind: 'guard', on }, 'guard')} trackLast className="mt-4 w-full justify-between text-start text-sm font-medium">
              {t('profiles.guardSwitch')}
            </Switch>
          </section>
        </>
      )}

      {asking?.kind === 'pin' && (
        <PinSettingsSheet
          profile={asking.profile}
          onClose={closeQuestion}
          onSave={async (password, pin) => {
            await profilesApi.setPin(asking.profile.id, password, pin)
            toast(pin ? t('profiles.pinSaved') : t('profiles.pinRemoved'), 'success')
            await changed()
          }}
        />
      )}
      {asking?.kind === 'guard' && (
        <GuardSheet
          on={asking.on}
          onClose={closeQuestion}
          onSave={async (password) => {
            await profilesApi.setGuard(password, asking.on)
            await changed()
          }}
        />
      )}
      {asking?.kind === 'delete' && <DeleteSheet profile={asking.profile} onClose={closeQuestion} onConfirm={() => void remove(asking.profile)} />}
      {pins.pad}
    </div>
  )
}
