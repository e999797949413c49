/** Operator switches kept in the settings table; today only maintenance mode. */
import { eq } from 'drizzle-orm'
import { settings } from '../../drizzle/schema'
import { isolateMemo } from '../lib/isolate-memo'
import { nowIso, type Db } from './db'

const MAINTENANCE_KEY = 'maintenance'

/**
 * Every page load asks GET /api/config, so an isolate may keep the switch's state for up to 30 s
 * instead of reading D1 each time (the isolate that makes a change forgets it at once). The 503
 * guard on writes and the admin API still read D1 itself.
 */
export const MAINTENANCE_REPORT_MS = 30_000
const reported = isolateMemo<boolean>(MAINTENANCE_REPORT_MS, 1)

/** The switch as GET /api/config reports it (memoized per isolate, see above). */
export function maintenanceReported(db: Db): Promise<boolean> {
  return reported.get(MAINTENANCE_KEY, () => maintenanceEnabled(db))
}

export async function maintenanceEnabled(db: Db): Promise<boolean> {
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, MAINTENANCE_KEY)).get()
  return row?.value === 'true'
}

export async function setMaintenance(db: Db, enabled: boolean): Promise<void> {
  const value = enabled ? 'true' : 'false'
  const now = nowIso()
  await db
    .insert(settings)
    .values({ key: MAINTENANCE_KEY, value, updated_at: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: now } })
    .run()
  reported.clear()
}
