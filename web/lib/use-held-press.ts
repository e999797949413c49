/**
 * A press on a button made before the page knows enough to act on it (who is signed in, where the
 * title stands) is kept and carried out once it does, instead of being lost: painted pages show
 * their buttons before the session and the title's state arrive.
 */
import { useEffect, useState } from 'react'

export function useHeldPress(unknown: boolean, act: () => void): { onPress: () => void; waiting: boolean } {
  const [waiting, setWaiting] = useState(false)
  useEffect(() => {
    if (!waiting || unknown) return
    setWaiting(false)
    act()
    // act reads the render's state, which is what `unknown` waited for
  }, [waiting, unknown])
  return { onPress: () => (unknown ? setWaiting(true) : act()), waiting }
}
