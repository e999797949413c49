/**
 * A press on a button made before the page knows enough to act on it (who is signed in, where the
 * title stands) is kept and carried out once it does, instead of being lost: painted pages show
 * their buttons before the session and the title's state arrive. The press is carried out for what
 * the button showed when it was pressed (`shown`): a press on "Follow" that turns out to find the
 * show followed already leaves it followed rather than undoing it.
 */
import { useEffect, useState } from 'react'

export function useHeldPress<T>(unknown: boolean, shown: T, act: (pressedOn: T) => void): { onPress: () => void; waiting: boolean } {
  const [held, setHeld] = useState<{ on: T } | null>(null)
  useEffect(() => {
    if (!held || unknown) return
    setHeld(null)
    act(held.on)
    // act reads the render's state, which is what `unknown` waited for
  }, [held, unknown])
  return { onPress: () => (unknown ? setHeld({ on: shown }) : act(shown)), waiting: held !== null }
}
