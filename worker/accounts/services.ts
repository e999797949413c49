/**
 * "My services": the streaming services an account has and the region it watches in, kept on the
 * account so every browser it signs in on narrows the same rows. Every query is keyed by the
 * session's owner; nothing a client sends names another account's row.
 */
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { serviceChoices } from '../../drizzle/schema'
import { errorMessage } from '../lib/api-errors'
import { WATCH_PROVIDER_IDS } from '../catalog/rules'
import { nowIso, type Db } from './db'
import type { Owner } from './watchlist'

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

function ownedBy(owner: Owner) {
  return and(eq(serviceChoices.owner_type, owner.type), eq(serviceChoices.owner_id, owner.id))
}

/** The account's choice, or null until it has made one. A stored id no longer known is left out. */
export async function getServiceChoice(db: Db, owner: Owner): Promise<ServiceChoice | null> {
  const row = await db.select().from(serviceChoices).where(ownedBy(owner)).get()
  if (!row) return null
  let stored: unknown
  try {
    stored = JSON.parse(row.services)
  } catch {
    stored = []
  }
  const services = Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number' && WATCH_PROVIDER_IDS.has(id)) : []
  return { services, region: row.region }
}

export async function setServiceChoice(db: Db, owner: Owner, choice: ServiceChoice): Promise<void> {
  const values = { services: JSON.stringify(choice.services), region: choice.region, updated_at: nowIso() }
  await db
    .insert(serviceChoices)
    .values({ owner_type: owner.type, owner_id: owner.id, ...values })
    .onConflictDoUpdate({ target: [serviceChoices.owner_type, serviceChoices.owner_id], set: values })
    .run()
}
