/**
 * The account menu's profiles (web/app/account-menu-panel.tsx): the other profiles of the account
 * to switch to, through the same choice as "Who's watching?" (the PIN pad when one is needed), and
 * Manage profiles, which a kids profile does not get. Loaded with the profiles' words, apart from
 * the menu's own code.
 */
import { Link } from 'react-router-dom'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useProfiles } from './api'
import { Avatar } from './avatars'
import { LockIcon } from './profile-parts'
import { useChooseProfile } from './use-choose-profile'

const itemClass = 'flex w-full items-center gap-3 px-4 py-2 text-start text-sm hover:bg-neutral-800'

export function ProfileSwitcher({ currentId, kids, close }: { currentId: number | null; kids: boolean; close: () => void }) {
  const profiles = useProfiles()
  const { choose, choosing, pad } = useChooseProfile({ onChosen: close })
  const others = profiles.data?.profiles.filter((profile) => profile.id !== currentId) ?? []
  return (
    <div role="group" aria-label={t('profiles.switchProfile')} className="border-b border-neutral-800 py-1">
      {others.length > 0 && (
        <p aria-hidden="true" className="px-4 pt-1 pb-1 text-xs text-neutral-400">
          {t('profiles.switchProfile')}
        </p>
      )}
      {others.map((profile) => (
        <button
          key={profile.id}
          role="menuitem"
          type="button"
          aria-busy={choosing === profile.id || undefined}
          onClick={() => void choose(profile)}
          className={itemClass}
        >
          <Avatar id={profile.avatar} size={28} />
          <span data-catalog="" className="min-w-0 flex-1 truncate">{profile.name}</span>
          {profile.locked && (
            <>
              <LockIcon width={14} height={14} className="shrink-0 text-neutral-400" />
              <span className="sr-only">{t('profiles.locked')}</span>
            </>
          )}
        </button>
      ))}
      {!kids && (
        <Link role="menuitem" to={paths.manageProfiles()} onClick={close} className={itemClass}>
          {t('profiles.manageProfiles')}
        </Link>
      )}
      {pad}
    </div>
  )
}
