/** The key this browser files an account's kept progress reports under. */

/** The owner key of a signed-in account (`user:12`), or null for nobody. */
export function ownerOf(account: { type: string; id: number } | null | undefined): string | null {
  return account ? `${account.type}:${account.id}` : null
}
