/**
 * KV takes one write a second per key: an operator's edits in quick succession retry theirs once,
 * a second later.
 */
export async function onceMore(write: () => Promise<void>): Promise<void> {
  try {
    await write()
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await write()
  }
}
