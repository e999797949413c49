/**
 * The key that makes this browser the host of a watch-together room it created: the title page
 * keeps it when it creates the room, the party page hands it over when it joins.
 */
const storageKey = (code: string) => `reelhouse:party-host:${code}`

export function keepHostKey(code: string, hostKey: string): void {
  try {
    localStorage.setItem(storageKey(code), hostKey)
  } catch {
    // Without storage the creator joins as a member like any other.
  }
}

export function hostKeyOf(code: string): string | undefined {
  try {
    return localStorage.getItem(storageKey(code)) ?? undefined
  } catch {
    return undefined
  }
}
