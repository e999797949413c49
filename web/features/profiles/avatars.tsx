/**
 * The profiles' twelve avatars, drawn here as small inline SVG in the site's flat style: a
 * coloured disc with one simple figure. Nothing is uploaded or fetched, so every avatar shows at
 * once and the same everywhere (the header's account button, the "Who's watching?" tiles, the
 * pickers).
 */
import type { ReactNode } from 'react'
import type { AvatarId } from './api'

const INK = '#1c1917'

const drawings: Record<AvatarId, { disc: string; figure: ReactNode }> = {
  fox: {
    disc: '#0f766e',
    figure: (
      <>
        <path d="M15 24 20 11l10 9h4l10-9 5 13v9L32 51 15 33z" fill="#f97316" />
        <path d="M21 36 32 51l11-15-11 5z" fill="#fff7ed" />
        <circle cx="25" cy="29" r="2.5" fill={INK} />
        <circle cx="39" cy="29" r="2.5" fill={INK} />
        <circle cx="32" cy="47" r="2.5" fill={INK} />
      </>
    ),
  },
  owl: {
    disc: '#6d28d9',
    figure: (
      <>
        <path d="M18 18l6 6h16l6-6v22a14 12 0 0 1-28 0z" fill="#a16207" />
        <ellipse cx="32" cy="44" rx="8" ry="7" fill="#fde68a" />
        <circle cx="25" cy="31" r="6" fill="#fff" />
        <circle cx="39" cy="31" r="6" fill="#fff" />
        <circle cx="25" cy="31" r="2.5" fill={INK} />
        <circle cx="39" cy="31" r="2.5" fill={INK} />
        <path d="m29 36 3 5 3-5z" fill="#f59e0b" />
      </>
    ),
  },
  cat: {
    disc: '#0284c7',
    figure: (
      <>
        <path d="m18 16 3 13h22l3-13-10 7h-8z" fill="#f5f5f4" />
        <circle cx="32" cy="37" r="14" fill="#f5f5f4" />
        <circle cx="26" cy="35" r="2.2" fill={INK} />
        <circle cx="38" cy="35" r="2.2" fill={INK} />
        <path d="m30 40 2 2 2-2z" fill="#f472b6" />
        <path d="M14 39h9M14 44l9-2M50 39h-9M50 44l-9-2" stroke="#a8a29e" strokeWidth="1.5" strokeLinecap="round" />
      </>
    ),
  },
  bear: {
    disc: '#4d7c0f',
    figure: (
      <>
        <circle cx="20" cy="22" r="6" fill="#92400e" />
        <circle cx="44" cy="22" r="6" fill="#92400e" />
        <circle cx="32" cy="35" r="15" fill="#92400e" />
        <ellipse cx="32" cy="41" rx="7" ry="5.5" fill="#fde68a" />
        <circle cx="26" cy="32" r="2.2" fill={INK} />
        <circle cx="38" cy="32" r="2.2" fill={INK} />
        <ellipse cx="32" cy="39" rx="2.5" ry="2" fill={INK} />
      </>
    ),
  },
  panda: {
    disc: '#be185d',
    figure: (
      <>
        <circle cx="19" cy="21" r="6" fill={INK} />
        <circle cx="45" cy="21" r="6" fill={INK} />
        <circle cx="32" cy="35" r="16" fill="#fff" />
        <ellipse cx="25" cy="33" rx="4" ry="5.5" fill={INK} transform="rotate(25 25 33)" />
        <ellipse cx="39" cy="33" rx="4" ry="5.5" fill={INK} transform="rotate(-25 39 33)" />
        <circle cx="25.5" cy="32" r="1.5" fill="#fff" />
        <circle cx="38.5" cy="32" r="1.5" fill="#fff" />
        <ellipse cx="32" cy="41" rx="2.5" ry="1.8" fill={INK} />
      </>
    ),
  },
  frog: {
    disc: '#1d4ed8',
    figure: (
      <>
        <circle cx="22" cy="25" r="7" fill="#22c55e" />
        <circle cx="42" cy="25" r="7" fill="#22c55e" />
        <ellipse cx="32" cy="38" rx="19" ry="13" fill="#22c55e" />
        <circle cx="22" cy="25" r="4" fill="#fff" />
        <circle cx="42" cy="25" r="4" fill="#fff" />
        <circle cx="22" cy="25" r="2" fill={INK} />
        <circle cx="42" cy="25" r="2" fill={INK} />
        <path d="M22 40q10 7 20 0" fill="none" stroke="#14532d" strokeWidth="2.5" strokeLinecap="round" />
      </>
    ),
  },
  whale: {
    disc: '#0e7490',
    figure: (
      <>
        <path d="M29 17v-4M29 17l-4-3M29 17l4-3" stroke="#e0f2fe" strokeWidth="2" strokeLinecap="round" />
        <path d="M11 36c0-9 8-14 18-14s16 6 17 12l8-6-2 10 2 10-8-6c-3 6-9 9-17 9-10 0-18-6-18-15z" fill="#1e3a8a" />
        <path d="M13 40c3 6 9 9 16 9 6 0 11-2 14-6-9 2-20 1-30-3z" fill="#bfdbfe" />
        <circle cx="21" cy="33" r="2.2" fill="#fff" />
      </>
    ),
  },
  robot: {
    disc: '#c2410c',
    figure: (
      <>
        <path d="M32 13v7" stroke="#e5e7eb" strokeWidth="2.5" />
        <circle cx="32" cy="12" r="3" fill="#facc15" />
        <rect x="16" y="20" width="32" height="26" rx="5" fill="#e5e7eb" />
        <circle cx="25" cy="31" r="4" fill="#22d3ee" />
        <circle cx="39" cy="31" r="4" fill="#22d3ee" />
        <rect x="24" y="39" width="16" height="3" rx="1.5" fill="#475569" />
        <rect x="12" y="28" width="4" height="8" rx="2" fill="#94a3b8" />
        <rect x="48" y="28" width="4" height="8" rx="2" fill="#94a3b8" />
      </>
    ),
  },
  rocket: {
    disc: '#312e81',
    figure: (
      <>
        <path d="M26 44h12l-6 10z" fill="#fb923c" />
        <path d="M32 10c7 6 9 14 9 22v12H23V32c0-8 2-16 9-22z" fill="#f1f5f9" />
        <path d="M23 34l-7 10h7zM41 34l7 10h-7z" fill="#ef4444" />
        <circle cx="32" cy="27" r="4.5" fill="#38bdf8" stroke="#475569" strokeWidth="1.5" />
      </>
    ),
  },
  star: {
    disc: '#4338ca',
    figure: (
      <>
        <path d="m32 11 6.2 12.6 13.9 2-10 9.8 2.3 13.8L32 42.7l-12.4 6.5 2.3-13.8-10-9.8 13.9-2z" fill="#facc15" />
        <circle cx="28" cy="31" r="1.8" fill={INK} />
        <circle cx="36" cy="31" r="1.8" fill={INK} />
        <path d="M29 36q3 2.5 6 0" fill="none" stroke={INK} strokeWidth="1.6" strokeLinecap="round" />
      </>
    ),
  },
  moon: {
    disc: '#1e293b',
    figure: (
      <>
        <path d="M38 14a18 18 0 1 0 12 30A15 15 0 0 1 38 14z" fill="#fde047" />
        <circle cx="45" cy="18" r="1.6" fill="#fef9c3" />
        <circle cx="50" cy="28" r="1.2" fill="#fef9c3" />
        <circle cx="40" cy="25" r="1" fill="#fef9c3" />
      </>
    ),
  },
  cactus: {
    disc: '#d97706',
    figure: (
      <>
        <path d="M28 44V18a4 4 0 0 1 8 0v26z" fill="#15803d" />
        <path d="M28 34h-5a4 4 0 0 1-4-4v-6a2.5 2.5 0 0 1 5 0v5h4zM36 30h5v-7a2.5 2.5 0 0 1 5 0v8a4 4 0 0 1-4 4h-6z" fill="#15803d" />
        <path d="M21 43h22l-3 11H24z" fill="#9a3412" />
        <circle cx="32" cy="14" r="2.5" fill="#f472b6" />
      </>
    ),
  },
}

function isAvatar(id: string): id is AvatarId {
  return id in drawings
}

/**
 * One avatar, `size` pixels across. It stands beside the profile's name, so it is a picture
 * without words of its own unless `label` names it (as the avatar picker's choices do).
 */
export function Avatar({ id, size = 40, label, className = '' }: { id: string; size?: number; label?: string; className?: string }) {
  // An avatar this build does not know yet (the server's list grew) shows as the first one.
  const { disc, figure } = drawings[isAvatar(id) ? id : 'fox']
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} className={`shrink-0 ${className}`} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <circle cx="32" cy="32" r="32" fill={disc} />
      {figure}
    </svg>
  )
}
