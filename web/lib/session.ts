/**
 * The signed-in account, shared by every route. The worker owns the session (an HttpOnly
 * cookie); the browser only asks GET /api/auth/me who it is, which answers `{ user: null }` when
 * nobody is signed in. `undefined` means still loading, `null` means signed out.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { unwrap } from 'jotai/utils'
import { api, readJson } from './api-client'
import { bootedAccount, bootedSignedOut } from './boot'

export interface SessionAccount {
  id: number
  email: string
  type: 'user' | 'admin'
  /** An administrator's session: whether it has passed the second factor, must pass it, or must set one up first. */
  second_factor?: 'verified' | 'required' | 'setup'
  user: {
    username?: string | null
    full_name?: string | null
    role?: string | null
    [field: string]: unknown
  }
  /** The profile this session watches as; null until "Who's watching?" is answered. */
  viewer?: SessionViewer | null
  /** How many profiles the account has. */
  profiles?: number
  /** Whether the session must answer "Who's watching?" before anything else. */
  choose_profile?: boolean
}

export interface SessionViewer {
  id: number
  name: string
  avatar: string
  ceiling: 'kids' | 'teens' | 'all'
  kids: boolean
}

const sessionVersionAtom = atom(0)

type SessionAnswer = SessionAccount | { user: null }

async function fetchSession(): Promise<SessionAccount | null> {
  try {
    const answer = await readJson<SessionAnswer>(api.auth.me.$get())
    return answer.user === null ? null : answer
  } catch {
    // an unreachable worker leaves the page usable as a signed-out visitor
    return null
  }
}

const sessionRequestAtom = atom((get): SessionAccount | null | Promise<SessionAccount | null> => {
  // Until the first sign-in or sign-out here, the page's HTML may already have said that no
  // session cookie came along: then nobody is signed in, known at the first render.
  // A page painted for an account names it: known at the first render too.
  if (get(sessionVersionAtom) === 0 && bootedSignedOut()) return null
  const painted = get(sessionVersionAtom) === 0 ? bootedAccount() : null
  return painted ?? fetchSession()
})

export const sessionAtom = unwrap(sessionRequestAtom, (previous) => previous ?? undefined)

export const refreshSessionAtom = atom(null, (_get, set) => set(sessionVersionAtom, (v) => v + 1))

export function useSession(): SessionAccount | null | undefined {
  return useAtomValue(sessionAtom)
}

export function useRefreshSession(): () => void {
  return useSetAtom(refreshSessionAtom)
}

/** An administrator signed in with a password only, who must pass or set up the second factor first. */
export function awaitsSecondFactor(account: SessionAccount | null | undefined): boolean {
  return account?.type === 'admin' && account.second_factor !== undefined && account.second_factor !== 'verified'
}

export function displayName(account: SessionAccount): string {
  return account.user.username || account.email
}
