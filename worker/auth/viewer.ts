/**
 * Whose profile a signed-in session watches as, as GET /api/auth/me answers it and a painted page
 * inlines it: null with `choose_profile` while "Who's watching?" is unanswered. From the session's
 * token (worker/auth/session.ts), so no lookup.
 */
import type { PublicRecord } from '../accounts/accounts'
import { AVATARS } from '../accounts/profiles'
import type { Account } from '../env'

export interface ViewerFields {
  viewer: { id: number; name: string; avatar: string; ceiling: Account['ceiling']; kids: boolean } | null
  profiles: number
  choose_profile: boolean
}

export function viewerFields(account: Account, record: PublicRecord): ViewerFields | Record<never, never> {
  if (account.type !== 'user') return {}
  const profiles = account.profileCount ?? 1
  if (account.profileId === 0) return { viewer: null, profiles, choose_profile: true }
  const viewer = {
    id: account.profileId,
    name: account.profileName ?? record.username,
    avatar: account.profileAvatar ?? AVATARS[0],
    ceiling: account.ceiling,
    kids: account.kids,
  }
  return { viewer, profiles, choose_profile: false }
}
