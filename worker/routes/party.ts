/**
 * Watch together (/api/party): starting a party for a title, what a party plays, and the socket
 * its members join. Each party is a Durable Object (worker/party/room.ts) named by its code, 16
 * random bytes that cannot be guessed; the creator alone receives the host key, kept by the room
 * only as its digest. The socket is forwarded to the room with the signed-in account's username
 * in an internal header, which no client can send: the header is removed from every request first.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { addressCounter, clientAddress, tooMany } from '../auth/rate-limit'
import { closedForMaintenance, readingAccount } from '../auth/guards'
import { rememberedProfile } from '../auth/profile-memo'
import { accountOwner, accountStore } from '../accounts/store-client'
import { catalogForRequest } from '../catalog'
import { titleDetails } from '../catalog/provider'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { digestHex } from '../lib/digest'
import { isSiteUrl } from '../lib/site-url'
import { randomToken } from '../lib/tokens'
import { validate } from '../lib/validate'
import { PARTY_ACCOUNT_HEADER } from '../party/room'
import { filmsHaveNoEpisodes, titlePlace } from '../player/title-place'

/** A party's code: 16 random bytes as base64url. */
const PARTY_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/

const partySchema = z.strictObject(titlePlace).refine(...filmsHaveNoEpisodes)

/** The room of the party whose code this is. */
function partyRoom(env: AppEnv['Bindings'], code: string) {
  return env.PARTY.get(env.PARTY.idFromName(code))
}

/** Whether a WebSocket upgrade comes from one of the site's own pages (any loopback page when the site is local). */
function fromTheSite(env: AppEnv['Bindings'], origin: string | undefined): boolean {
  if (!origin) return false
  let from: URL
  try {
    from = new URL(origin)
  } catch {
    return false
  }
  return isSiteUrl(env, from)
}

export const partyRoutes = new Hono<AppEnv>()
  .post('/', closedForMaintenance, validate('json', partySchema), async (c) => {
    const address = clientAddress(c)
    if (address) {
      const { success } = await c.env.PARTY_CREATE_LIMIT.limit({ key: await addressCounter(c.env, 'party', address) })
      if (!success) return tooMany(c, 60)
    }
    const place = c.req.valid('json')
    if (!(await titleDetails(catalogForRequest(c), place.content_type, place.content_id))) return apiError(c, 404, 'errors.notFound')
    const code = randomToken(16)
    const hostKey = randomToken()
    const created = await partyRoom(c.env, code).create(place, await digestHex(hostKey))
    if (!created) throw new Error('party code taken')
    return c.json({ code, hostKey, path: `/party/${code}` }, 201)
  })
  .get('/:code', async (c) => {
    c.header('Cache-Control', 'no-store')
    const code = c.req.param('code')
    const info = PARTY_CODE_PATTERN.test(code) ? await partyRoom(c.env, code).info() : null
    if (!info) return apiError(c, 404, 'errors.partyEnded')
    return c.json(info, 200)
  })
  .get('/:code/socket', async (c) => {
    const code = c.req.param('code')
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') return apiError(c, 426, 'errors.partySocketOnly')
    if (!fromTheSite(c.env, c.req.header('Origin'))) return apiError(c, 403, 'errors.crossSite')
    if (!PARTY_CODE_PATTERN.test(code)) return apiError(c, 404, 'errors.partyEnded')
    const headers = new Headers(c.req.raw.headers)
    headers.delete(PARTY_ACCOUNT_HEADER)
    const account = await readingAccount(c)
    if (account) {
      const record = c.var.profile ?? rememberedProfile(account) ?? (await accountStore(c.env, accountOwner(account)).profile(accountOwner(account)))
      if (record?.username) headers.set(PARTY_ACCOUNT_HEADER, encodeURIComponent(record.username))
    }
    const answer = await partyRoom(c.env, code).fetch(new Request(c.req.url, { headers }))
    // A fresh answer, whose headers the app's own may be added to (the room's are immutable).
    return new Response(null, { status: answer.status, webSocket: answer.webSocket })
  })
