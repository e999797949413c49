/**
 * What the party keeps in this browser beyond the host's key (lib/party-host.ts): a visitor's name
 * for a room, kept for the tab so a reload rejoins without asking again, and the last name given,
 * offered in the next room; and the room's memberKey, kept for the tab so a dropped connection
 * rejoins as the same member. Storage may be refused (a private window, a blocked site's data):
 * then nothing is kept and each holds for the page only.
 */
const nameKey = (code: string) => `reelhouse:party-name:${code}`
const LAST_NAME_KEY = 'reelhouse:party-name'
const memberKeyKey = (code: string) => `reelhouse:party-member:${code}`

function read(storage: () => Storage, key: string): string | undefined {
  try {
    return storage().getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

function keep(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value)
  } catch {
    // Not kept: see the module's header.
  }
}

export const keptName = (code: string): string => read(() => sessionStorage, nameKey(code)) ?? ''
export const lastName = (): string => read(() => localStorage, LAST_NAME_KEY) ?? ''

export function keepName(code: string, name: string): void {
  keep(() => sessionStorage, nameKey(code), name)
  keep(() => localStorage, LAST_NAME_KEY, name)
}

export const keptMemberKey = (code: string): string | undefined => read(() => sessionStorage, memberKeyKey(code))
export const keepMemberKey = (code: string, memberKey: string): void => keep(() => sessionStorage, memberKeyKey(code), memberKey)
