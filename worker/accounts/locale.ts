/**
 * The account's interface language: chosen in the language menu and kept on the account, so it
 * follows the account to every browser it signs in on (GET /api/auth/me names it as `locale`,
 * null until the account chooses one).
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { adminUsers, type OwnerType, users } from '../../drizzle/schema'
import { LOCALES } from '../lib/locales'
import { withoutPassword, type PublicRecord } from './accounts'
import { nowIso, type Db } from './db'

export const localeChoiceSchema = z.object({
  locale: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }),
})

/** Stores the language; answers the record as it now is, or undefined when the account no longer exists. */
export async function setAccountLocale(db: Db, type: OwnerType, id: number, locale: (typeof LOCALES)[number]): Promise<PublicRecord | undefined> {
  const table = type === 'user' ? users : adminUsers
  const row = await db.update(table).set({ locale, updated_at: nowIso() }).where(eq(table.id, id)).returning().get()
  return row ? withoutPassword(row) : undefined
}
