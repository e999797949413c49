/** Operator switches kept in the settings table; today only maintenance mode. */
import { eq } from 'drizzle-orm'
import { settings } from '../../drizzle/schema'
import { nowIso, type Db } from './db'

const MAINTENANCE_KEY = 'maintenance'

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
}
