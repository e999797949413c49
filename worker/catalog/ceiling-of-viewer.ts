/**
 * The ceiling a request's catalogue answers are held to (worker/catalog/ceiling.ts): everything
 * for anonymous visitors and crawlers, the session's profile's ceiling for a signed-in viewer (the
 * strictest while "Who's watching?" is unanswered). It rides in the session's token, so it costs
 * no lookup on a recently confirmed one.
 */
import type { Context } from 'hono'
import { currentAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import type { Ceiling } from './ceiling'
import { hasSession } from './taste-filters'

export async function viewerCeiling(c: Context<AppEnv>): Promise<Ceiling> {
  if (!hasSession(c)) return 'all'
  const account = await currentAccount(c)
  return account ? account.ceiling : 'all'
}
