/**
 * The account's profiles over /api/me/profiles: the list, choosing one for this browser, adding,
 * editing and deleting them, their PINs and the account's PIN guard. The answers that ask for a PIN
 * (403 pin_required, wrong_pin with the attempts left, 429 with the wait) carry flags the pages act
 * on, so these calls read the whole error body into a ProfileError rather than its message alone.
 */
import { useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../worker/lib/locales'
import { apiHeaders, fetchWithDeadline } from '../../lib/api-client'

export const AVATARS = ['fox', 'owl', 'cat', 'bear', 'panda', 'frog', 'whale', 'robot', 'rocket', 'star', 'moon', 'cactus'] as const
export type AvatarId = (typeof AVATARS)[number]

export const CEILINGS = ['kids', 'teens', 'all'] as const
export type Ceiling = (typeof CEILINGS)[number]

export const MAX_NAME_LENGTH = 30

export interface Profile {
  id: number
  name: string
  avatar: AvatarId
  locale: Locale | null
  ceiling: Ceiling
  kids: boolean
  /** Whether choosing it asks for its PIN. */
  locked: boolean
  /** The account's own profile (id 1), which cannot be deleted. */
  own: boolean
}

export interface ProfilesAnswer {
  profiles: Profile[]
  current: number | null
  max: number
  /** The account asks for its PIN to leave a kids profile and to change profiles. */
  guard: boolean
}

export interface ProfileFields {
  name: string
  avatar: AvatarId
  locale: Locale | null
  ceiling: Ceiling
}

/** An error answer with the flags the PIN pad and the pages read. */
export class ProfileError extends Error {
  readonly pinRequired: boolean
  readonly wrongPin: boolean
  readonly attemptsLeft: number | null
  /** Seconds to wait before the next PIN (429). */
  readonly retryAfter: number | null
  readonly kidsProfile: boolean
  constructor(
    readonly status: number,
    body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `Request failed with status code ${status}`)
    this.pinRequired = body.pin_required === true
    this.wrongPin = body.wrong_pin === true
    this.attemptsLeft = typeof body.attempts_left === 'number' ? body.attempts_left : null
    const wait = typeof body.retry_after === 'number' ? body.retry_after : null
    this.retryAfter = status === 429 ? (wait ?? 60) : wait
    this.kidsProfile = body.kids_profile === true
  }

  /** Whether a PIN (another one, or later) would answer it. */
  get asksForPin(): boolean {
    return this.pinRequired || this.wrongPin || this.status === 429
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetchWithDeadline(`/api/me/profiles${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? apiHeaders() : { ...apiHeaders(), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // not JSON: the status alone says what happened
  }
  if (!res.ok) throw new ProfileError(res.status, parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {})
  return parsed as T
}

/** Only the PIN's field when there is one: the first try of a guarded change goes without. */
const withPin = (pin: string | undefined) => (pin === undefined ? {} : { pin })

export const profilesKey = ['me', 'profiles'] as const

export function useProfiles(enabled = true) {
  return useQuery({ queryKey: profilesKey, queryFn: () => call<ProfilesAnswer>('GET', ''), enabled, staleTime: 0 })
}

export const profilesApi = {
  choose: (id: number, pin?: string) => call<{ profile: Profile }>('POST', `/${id}/choose`, withPin(pin)),
  create: (fields: ProfileFields, pin?: string) => call<{ profile: Profile }>('POST', '', { ...fields, ...withPin(pin) }),
  update: (id: number, fields: Partial<ProfileFields>, pin?: string) => call<{ profile: Profile }>('PATCH', `/${id}`, { ...fields, ...withPin(pin) }),
  remove: (id: number, pin?: string) => call<null>('DELETE', `/${id}`, withPin(pin)),
  setPin: (id: number, password: string, pin: string | null) => call<null>('PUT', `/${id}/pin`, { password, pin }),
  setGuard: (password: string, on: boolean) => call<{ guard: boolean }>('PUT', '/guard', { password, on }),
}
