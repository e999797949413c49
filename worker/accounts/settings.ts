/**
 * Operator switches kept in the settings table; today only maintenance mode. The row in D1 is the
 * truth; every page load asks GET /api/config for the switch, so that answer is read from a copy in
 * KV (written through whenever an administrator changes or reads the switch), never from D1 on a
 * visitor's path. The 503 guard on account writes and the admin API read D1 itself.
 */
import { eq } from 'drizzle-orm'
import { settings } from '../../drizzle/schema'
import { isolateMemo } from '../lib/isolate-memo'
import { nowIso, type Db } from './db'

const MAINTENANCE_KEY = 'maintenance'
/** Outside the catalogue's prefix: the catalogue cache purge leaves it alone. */
export const MAINTENANCE_KV_KEY = 'v1:settings:maintenance'

/**
 * An isolate may keep the switch's state for up to 30 s instead of reading KV each time (the
 * isolate that makes a change forgets it at once); KV itself takes up to a minute to show a change
 * everywhere, so a change shows on every page within about 90 s.
 */
export const MAINTENANCE_REPORT_MS = 30_000
const reported = isolateMemo<boolean>(MAINTENANCE_REPORT_MS, 1)

/**
 * The switch as GET /api/config reports it: the isolate's memo, else the KV copy, else (a copy
 * never written, or lost) the D1 row, then copied to KV.
 */
export function maintenanceReported(db: Db, kv: KVNamespace): Promise<boolean> {
  return reported.get(MAINTENANCE_KEY, async () => {
    const copy = await kv.get(MAINTENANCE_KV_KEY)
    if (copy === 'true' || copy === 'false') return copy === 'true'
    const enabled = await maintenanceEnabled(db)
    // Another isolate filling the same copy at the same moment may be refused: either copy is right.
    await keepCopy(kv, enabled).catch(() => undefined)
    return enabled
  })
}

async function keepCopy(kv: KVNamespace, enabled: boolean): Promise<void> {
  await kv.put(MAINTENANCE_KV_KEY, enabled ? 'true' : 'false')
}

export async function maintenanceEnabled(db: Db): Promise<boolean> {
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, MAINTENANCE_KEY)).get()
  return row?.value === 'true'
}

/**
 * The switch as an administrator reads it: from D1, putting the KV copy right when it differs (a
 * write-through that failed, or a row changed by hand), so opening the dashboard repairs it.
 */
export async function maintenanceForAdmin(db: Db, kv: KVNamespace): Promise<boolean> {
  const [enabled, copy] = await Promise.all([maintenanceEnabled(db), kv.get(MAINTENANCE_KV_KEY)])
  if (copy !== String(enabled)) {
    await keepCopy(kv, enabled)
    reported.clear()
  }
  return enabled
}

export async function setMaintenance(db: Db, kv: KVNamespace, enabled: boolean): Promise<void> {
  const value = enabled ? 'true' : 'false'
  const now = nowIso()
  await db
    .insert(settings)
    .values({ key: MAINTENANCE_KEY, value, updated_at: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: now } })
    .run()
  await keepCopy(kv, enabled)
  reported.clear()
}
