/**
 * The signed-in account's current password, checked before a change that needs it (a new
 * password, deleting the account). Guesses are counted before the check, on one counter per
 * account shared by every such change, so parallel guesses cannot slip past the limit and a stolen
 * session cannot become a way to guess the password; a right answer gives its count back.
 */
import type { Context } from 'hono'
import type { OwnerType } from '../../drizzle/schema'
import { findByIdWithHash } from '../accounts/accounts'
import type { Db } from '../accounts/db'
import type { Bindings } from '../env'
import { verifyPassword } from './password'
import { accountCounter, giveBack, limitAttempts, PASSWORD_CHECK_LIMIT, WINDOW_SECONDS } from './rate-limit'

export type CurrentPasswordCheck = { refused: Response } | { refused: null; found: false } | { refused: null; found: true; ok: boolean }

export async function checkCurrentPassword(c: Context, db: Db, account: { type: OwnerType; id: number }, password: string): Promise<CurrentPasswordCheck> {
  const counter = await accountCounter(c.env as Bindings, account, 'password')
  const refused = await limitAttempts(c, db, [{ key: counter, limit: PASSWORD_CHECK_LIMIT, windowSeconds: WINDOW_SECONDS }])
  if (refused) return { refused }
  const row = await findByIdWithHash(db, account.type, account.id)
  // checked even without a row, so the answer takes as long either way
  const check = await verifyPassword(password, row?.password_hash ?? null)
  if (!row) return { refused: null, found: false }
  if (check.ok) await giveBack(db, counter)
  return { refused: null, found: true, ok: check.ok }
}
