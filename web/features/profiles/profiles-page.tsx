/**
 * /profiles, "Who's watching?": the account's profiles as tiles to choose from (a lock on those
 * with a PIN), and the way to manage them. The app brings a session here from any page until it
 * has answered (web/app/account-menu.tsx); after that it is where the phone menu's "Switch profile"
 * leads. /profiles/manage, the profiles' manager, is part of the same page module: one chunk and
 * one route for both.
 */
import { Link, Navigate, useParams } from 'react-router-dom'
import { Button } from '../../components/button'
import { t } from '../../i18n'
import { retry } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useProfiles, type Profile } from './api'
import { Avatar } from './avatars'
import { ManageProfilesPage } from './manage-profiles-page'
import { LockIcon } from './profile-parts'
import { useChooseProfile } from './use-choose-profile'

function ProfileTile({ profile, current, busy, onChoose }: { profile: Profile; current: boolean; busy: boolean; onChoose: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        aria-busy={busy || undefined}
        aria-current={current || undefined}
        className="group flex w-full flex-col items-center gap-3 rounded-2xl p-2 text-center focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <span className={`relative rounded-full ring-offset-4 ring-offset-neutral-950 transition group-hover:ring-4 group-hover:ring-neutral-300 ${current ? 'ring-4 ring-brand-500' : ''} ${busy ? 'animate-pulse' : ''}`}>
          <Avatar id={profile.avatar} size={112} className="h-24 w-24 md:h-28 md:w-28" />
          {profile.locked && (
            <span className="absolute -end-1 -bottom-1 rounded-full border-2 border-neutral-950 bg-neutral-800 p-1.5 text-neutral-100">
              <LockIcon width={16} height={16} />
            </span>
          )}
        </span>
        <span className="max-w-full truncate text-base font-semibold text-neutral-200 group-hover:text-white">
          <span data-catalog="">{profile.name}</span>
          {profile.locked && <span className="sr-only">{` (${t('profiles.locked')})`}</span>}
          {profile.kids && <span className="sr-only">{` (${t('profiles.kidsProfile')})`}</span>}
        </span>
        {profile.kids && <span aria-hidden="true" className="-mt-2 rounded-full bg-emerald-600/20 px-2 py-0.5 text-xs font-semibold text-emerald-300">{t('profiles.kidsBadge')}</span>}
      </button>
    </li>
  )
}

export function Component() {
  const rest = useParams()['*']
  if (rest === 'manage') return <ManageProfilesPage />
  if (rest) return <Navigate to={paths.profiles()} replace />
  return <WhoIsWatching />
}

function WhoIsWatching() {
  useDocumentMeta(t('profiles.whoIsWatching'))
  const session = useSession()
  const profiles = useProfiles(!!session)
  const { choose, choosing, pad } = useChooseProfile()
  if (session === null) return <Navigate to={paths.login(paths.profiles())} replace />
  // Managing needs a grown-up's chosen profile: the server refuses it to a kids one and to a session that has not chosen.
  const canManage = !!session?.viewer && !session.viewer.kids

  return (
    <div className="flex min-h-[70vh] flex-col items-center px-4 py-10 md:py-16">
      <h1 className="text-center text-3xl font-bold md:text-4xl">{t('profiles.whoIsWatching')}</h1>
      {profiles.isError && !profiles.data && (
        <div role="alert" className="mt-8 flex flex-col items-center gap-3 text-center">
          <p className="text-neutral-300">{profiles.error.message}</p>
          <Button onClick={() => retry(() => void profiles.refetch())}>{t('profiles.retry')}</Button>
        </div>
      )}
      {!profiles.data && !profiles.isError && (
        <p role="status" className="mt-8 text-neutral-400">
          {t('profiles.loading')}
        </p>
      )}
      {profiles.data && (
        <>
          <ul className="mt-8 grid w-full max-w-4xl grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:mt-12 lg:grid-cols-5">
            {profiles.data.profiles.map((profile) => (
              <ProfileTile
                key={profile.id}
                profile={profile}
                current={profile.id === (session?.viewer?.id ?? profiles.data.current)}
                busy={choosing === profile.id}
                onChoose={() => void choose(profile)}
              />
            ))}
          </ul>
          {canManage && (
            <Link to={paths.manageProfiles()} className="mt-10 rounded-lg border border-neutral-600 px-5 py-2.5 text-sm font-semibold tracking-wide text-neutral-200 hover:bg-neutral-800 hover:text-white">
              {t('profiles.manageProfiles')}
            </Link>
          )}
        </>
      )}
      {pad}
    </div>
  )
}
