/** Small pieces the profile screens share: the lock drawn on locked profiles and the ceilings' words. */
import type { SVGProps } from 'react'
import { t, type MessageId } from '../../i18n'
import type { Ceiling } from './api'

export function LockIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  )
}

export const ceilingNames: Record<Ceiling, MessageId> = {
  kids: 'profiles.ceilingKids',
  teens: 'profiles.ceilingTeens',
  all: 'profiles.ceilingAll',
}

/** One line each on what a ceiling lets through. */
export const ceilingExplanations: Record<Ceiling, MessageId> = {
  kids: 'profiles.ceilingKidsHint',
  teens: 'profiles.ceilingTeensHint',
  all: 'profiles.ceilingAllHint',
}

export function ceilingName(ceiling: Ceiling): string {
  return t(ceilingNames[ceiling])
}
