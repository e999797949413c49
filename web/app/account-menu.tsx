/** The account menu (SPEC.md section 2): who is signed in and where they can go, or Login / Sign Up. */
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { UserIcon } from '../components/icons'
import { useToast } from '../components/toast'
import { api } from '../lib/api-client'
import { paths } from '../lib/paths'
import { displayName, useRefreshSession, useSession } from '../lib/session'

export function AccountMenu() {
  const session = useSession()
  const refresh = useRefreshSession()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  if (session === undefined) return <div className="h-9 w-24" aria-hidden="true" />
  if (session === null) {
    return (
      <div className="flex items-center gap-2 text-sm">
        <Link to={paths.login()} className="rounded-md px-3 py-2 text-neutral-200 hover:bg-neutral-800">
          Login
        </Link>
        <Link to={paths.register()} className="rounded-md bg-brand-600 px-3 py-2 font-semibold text-white hover:bg-brand-500">
          Sign Up
        </Link>
      </div>
    )
  }

  const logout = async () => {
    setOpen(false)
    await api.auth.logout.$post().catch(() => undefined)
    toast('You have been logged out successfully!', 'success')
    refresh()
    setTimeout(() => window.location.reload(), 1000)
  }

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Account: ${displayName(session)}`}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-full border border-neutral-700 p-1 text-sm hover:bg-neutral-800 sm:pr-3"
      >
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600">
          <UserIcon width={16} height={16} />
        </span>
        <span className="hidden max-w-[10rem] truncate sm:inline">{displayName(session)}</span>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 mt-2 w-56 rounded-lg border border-neutral-800 bg-neutral-900 py-2 shadow-xl">
          <div className="border-b border-neutral-800 px-4 pb-2">
            <p className="truncate text-sm font-semibold">{displayName(session)}</p>
            <p className="text-xs text-neutral-400">{session.type === 'admin' ? 'Admin account' : 'User account'}</p>
          </div>
          <Link role="menuitem" to={paths.profile()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={() => setOpen(false)}>
            My Profile
          </Link>
          {session.type === 'admin' && (
            <Link role="menuitem" to={paths.admin()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={() => setOpen(false)}>
              Dashboard
            </Link>
          )}
          <button role="menuitem" type="button" onClick={logout} className="block w-full px-4 py-2 text-left text-sm hover:bg-neutral-800">
            Logout
          </button>
        </div>
      )}
    </div>
  )
}
