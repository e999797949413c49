/**
 * The viewer's playback preferences kept in this browser: whether the next episode plays by itself
 * (on unless turned off), the shows whose intros and recaps are skipped without asking, and the
 * markers the viewer said were wrong (never shown to them again). A signed-in viewer's are kept
 * here too: the server only counts the "wrong" reports for the operator.
 */
import { atomWithStorage } from 'jotai/utils'

export const autoplayNextAtom = atomWithStorage('reelhouse:autoplay-next', true, undefined, { getOnInit: true })

/** Show ids whose intros and recaps are skipped automatically. */
export const autoSkipShowsAtom = atomWithStorage<number[]>('reelhouse:auto-skip-shows', [], undefined, { getOnInit: true })

/** Marker ids this viewer hid with "This was wrong". */
export const hiddenMarkersAtom = atomWithStorage<number[]>('reelhouse:hidden-markers', [], undefined, { getOnInit: true })
