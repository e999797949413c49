/**
 * "My services": the streaming services an account has and the region it watches in, kept on the
 * account (in its own store, worker/accounts/store.ts) so every browser it signs in on narrows the
 * same rows. Nothing a client sends names another account's choice.
 */
import { z } from 'zod'
import { storeServices } from '../../drizzle/account-store'
import { errorMessage } from '../lib/api-errors'
import { WATCH_PROVIDER_IDS } from '../catalog/rules'
import { nowIso, type StoreDb } from './db'

/** Every known service at once is the most an account can have: the list holds no repeats. */
export const MAX_SERVICES = WATCH_PROVIDER_IDS.size

export const regionSchema = z
  .string({ error: errorMessage('errors.mustBeCountryCode') })
  .regex(/^[A-Za-z]{2}$/, errorMessage('errors.mustBeCountryCode'))
  .transform((r) => r.toUpperCase())

export const serviceChoiceSchema = z.strictObject({
  services: z
    .array(z.number({ error: errorMessage('errors.unknownProviderId') }).int().refine((id) => WATCH_PROVIDER_IDS.has(id), errorMessage('errors.unknownProviderId')), {
      error: errorMessage('errors.mustBeProviderIds'),
    })
    .max(MAX_SERVICES, errorMessage('errors.mustBeAtMost', { max: MAX_SERVICES }))
    // Kept in one order, so two browsers choosing the same services store the same row.
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  region: regionSchema,
})

export interface ServiceChoice {
  services: number[]
  region: string
}

/** A choice as stored (a JSON list of ids), with any id no longer known left out. */
export function parseServiceChoice(row: { services: string; region: string }): ServiceChoice {
  let stored: unknown
  try {
    stored = JSON.parse(row.services)
  } catch {
    stored = []
  }
  const services = Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number' && WATCH_PROVIDER_IDS.has(id)) : []
  return { services, region: row.region }
}

/** The account's choice, or null until it has made one. */
export function getServiceChoice(db: StoreDb): ServiceChoice | null {
  const row = db.select().from(storeServices).get()
  return row ? parseServiceChoice(row) : null
}

export function setServiceChoice(db: StoreDb, choice: ServiceChoice, updatedAt = nowIso()): void {
  const values = { services: JSON.stringify(choice.services), region: choice.region, updated_at: updatedAt }
  db.insert(storeServices)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: storeServices.id, set: values })
    .run()
}
