/**
 * The viewer's playback preferences kept in this browser: whether the next episode plays by itself
 * (on unless turned off), the shows whose intros and recaps are skipped without asking, and the
 * markers the viewer said were wrong (never shown to them again). A signed-in viewer's are kept
 * here too: the server only counts the "wrong" reports for the operator.
 */
import { useAtom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { useCallback } from 'react'

export const autoplayNextAtom = atomWithStorage('reelhouse:autoplay-next', true, undefined, { getOnInit: true })

/** Show ids whose intros and recaps are skipped automatically. */
const autoSkipShowsAtom = atomWithStorage<number[]>('reelhouse:auto-skip-shows', [], undefined, { getOnInit: true })

/** Marker ids this viewer hid with "This was wrong". */
export const hiddenMarkersAtom = atomWithStorage<number[]>('reelhouse:hidden-markers', [], undefined, { getOnInit: true })

/** Whether this show's intros and recaps are skipped automatically, and the switch; always off for a film (null). */
export function useAutoSkip(showId: number | null): [boolean, (on: boolean) => void] {
  const [shows, setShows] = useAtom(autoSkipShowsAtom)
  const setOn = useCallback(
    (on: boolean) => {
      if (showId === null) return
      setShows((ids) => (!on ? ids.filter((id) => id !== showId) : ids.includes(showId) ? ids : [...ids, showId]))
    },
    [showId, setShows],
  )
  return [showId !== null && shows.includes(showId), setOn]
}
