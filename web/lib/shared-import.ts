/**
 * One shared import: every caller gets the same promise, so code asked for early (a preload, a
 * pointer on Play) and asked for again later is fetched once. A failed fetch (a dropped
 * connection) is forgotten, so the next attempt asks the network again instead of failing forever.
 */
export function sharedImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null
      throw err
    })
    return pending
  }
}
