/**
 * Reports this browser kept but may not have delivered (a beacon lost while the page went away)
 * are settled on the next page of the site the account opens, not only at the title's next
 * opening: each is compared with the stored row and sent again when it holds more, else dropped.
 * So leaving a title by a typed address or the back button loses nothing even when the beacon
 * never arrives: the page the viewer lands on delivers it.
 */
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { ownerOf } from './owner-key'
import { useSession } from './session'

/** The title a page of the app shows (`movie:155`), or null. */
export function titleOfPath(pathname: string): string | null {
  const match = /^\/(movie|tv)\/(\d+)$/.exec(pathname)
  return match ? `${match[1]}:${match[2]}` : null
}

/** For the app's frame: settles the signed-in account's kept reports on every page it opens. */
export function useSettleUnsentProgress(): void {
  const owner = ownerOf(useSession())
  const open = useRef<string | null>(null)
  open.current = titleOfPath(useLocation().pathname)
  useEffect(() => {
    if (!owner) return
    let stop: (() => void) | undefined
    let gone = false
    void import('./settle-kept-progress').then((settling) => {
      if (!gone) stop = settling.keepSettlingUnsentProgress(owner, () => open.current)
    })
    return () => {
      gone = true
      stop?.()
    }
  }, [owner])
}
