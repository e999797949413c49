/**
 * Lists of titles people make, keep and share.
 *
 * The signed-in account's own lists (mounted at /api/me/lists):
 *   GET    /                         its lists in order, with counts and first posters;
 *                                    ?type=movie&id=603 also tells which lists hold that title
 *   POST   /                         { name, description?, is_public? }: a new list (201)
 *   PUT    /order                    { slugs }: the lists in a new order (every one, once)
 *   GET    /{slug}                   one list with its titles
 *   PATCH  /{slug}                   { name?, description?, is_public? }
 *   DELETE /{slug}
 *   POST   /{slug}/items             { content_type, content_id, title, poster_path }: 201 new, 200 already there
 *   DELETE /{slug}/items/{type}/{id}
 *   PUT    /{slug}/order             { items: [{ content_type, content_id }] }: every title, once
 * Every call starts from the session's owner, so another account's list answers 404 as if it did not exist.
 *
 * Anyone (mounted at /api/lists):
 *   GET    /{slug}                   a public list with its titles, or the reader's own private or hidden one; 404 otherwise
 *                                    (a signed-in reader's answer says whether it has `reported` it, and leaves out
 *                                    the titles above their profile's maturity ceiling)
 *   POST   /{slug}/report            { reason, note? }: a signed-in account reports a public list (201), once (409),
 *                                    never its own (403); enough reports hide it until reviewed (accounts/moderation.ts)
 * Names and descriptions with a blocked word are refused with 400 (lib/blocked-words.ts).
 * Visitors who are not signed in read a copy of a public list kept in KV (accounts/public-lists.ts),
 * which every change above writes through.
 */
import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { database } from '../accounts/db'
import {
  listCreateSchema,
  listReportSchema,
  listItemParamSchema,
  listOrderSchema,
  listSlugParamSchema,
  listsOrderSchema,
  listsQuerySchema,
  listUpdateSchema,
  watchlistAddSchema,
} from '../accounts/schemas'
import {
  addToList,
  createList,
  deleteList,
  listsOf,
  MAX_LIST_ITEMS,
  MAX_LISTS,
  ownList,
  ownListWithItems,
  readableList,
  removeFromList,
  reorderList,
  reorderLists,
  updateList,
  type ListRefusal,
  type ListWithItems,
} from '../accounts/user-lists'
import { keepPublicListCopies, publicListView } from '../accounts/public-lists'
import { hasReported, reportList, reportThreshold } from '../accounts/moderation'
import { closedForMaintenance, readingAccount, requireAccount } from '../auth/guards'
import { SESSION_COOKIE } from '../auth/session'
import { catalogForRequest } from '../catalog'
import { ceilingContent } from '../catalog/ceiling'
import { viewerCeiling } from '../catalog/ceiling-of-viewer'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { refuseBlockedWords } from '../lib/blocked-words'
import { validate } from '../lib/validate'

/**
 * A list as a reader whose profile has a maturity ceiling sees it: without the titles above it, its
 * count and posters from those left. Anyone else's is the list as it is.
 */
async function withinReadersCeiling(c: Context<AppEnv>, list: ListWithItems): Promise<ListWithItems> {
  const ceiling = await viewerCeiling(c)
  if (ceiling === 'all') return list
  const items = await ceilingContent(catalogForRequest(c), ceiling, list.items)
  return { ...list, items, item_count: items.length, posters: items.slice(0, list.posters.length).map((item) => item.poster_path) }
}

function refused(c: Context, refusal: ListRefusal) {
  return refusal === 'tooManyLists' ? apiError(c, 409, 'errors.tooManyLists', { max: MAX_LISTS }) : apiError(c, 409, 'errors.listFull', { max: MAX_LIST_ITEMS })
}

export const myListRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, validate('query', listsQuerySchema), async (c) => {
    const { type, id } = c.req.valid('query')
    const has = type && id ? { content_type: type, content_id: id } : undefined
    return c.json({ results: await listsOf(database(c.env.DB), c.var.account, has) }, 200)
  })
  .post('/', requireAccount, closedForMaintenance, validate('json', listCreateSchema), async (c) => {
    const fields = c.req.valid('json')
    const blocked = refuseBlockedWords(c, { name: fields.name, description: fields.description })
    if (blocked) return blocked
    const made = await createList(database(c.env.DB), c.var.account, fields)
    if (typeof made === 'string') return refused(c, made)
    return c.json({ list: made }, 201)
  })
  .put('/order', requireAccount, closedForMaintenance, validate('json', listsOrderSchema), async (c) => {
    const done = await reorderLists(database(c.env.DB), c.var.account, c.req.valid('json').slugs)
    if (!done) return apiError(c, 400, 'errors.listsOrderMismatch')
    return c.json({ results: await listsOf(database(c.env.DB), c.var.account) }, 200)
  })
  .get('/:slug', requireAccount, validate('param', listSlugParamSchema), async (c) => {
    const list = await ownListWithItems(database(c.env.DB), c.var.account, c.req.valid('param').slug)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    return c.json({ list }, 200)
  })
  .patch('/:slug', requireAccount, closedForMaintenance, validate('param', listSlugParamSchema), validate('json', listUpdateSchema), async (c) => {
    const db = database(c.env.DB)
    const list = await ownList(db, c.var.account, c.req.valid('param').slug)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    const { name, description, is_public } = c.req.valid('json')
    // what the list will show once saved, the words it already had too when it is made public
    const blocked = refuseBlockedWords(c, { name: name ?? list.name, description: description === undefined ? list.description : description })
    if (blocked) return blocked
    const changes = {
      ...(name !== undefined && { name }),
      ...(description !== undefined && { description }),
      ...(is_public !== undefined && { is_public }),
    }
    const updated = await updateList(db, list, changes)
    if (list.is_public || updated.is_public) await keepPublicListCopies(c.env, [list.slug])
    return c.json({ list: { slug: updated.slug, name: updated.name, description: updated.description, is_public: updated.is_public, updated_at: updated.updated_at } }, 200)
  })
  .delete('/:slug', requireAccount, closedForMaintenance, validate('param', listSlugParamSchema), async (c) => {
    const db = database(c.env.DB)
    const list = await ownList(db, c.var.account, c.req.valid('param').slug)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    await deleteList(db, list)
    if (list.is_public) await keepPublicListCopies(c.env, [list.slug])
    return c.json({ deleted: true }, 200)
  })
  .post('/:slug/items', requireAccount, closedForMaintenance, validate('param', listSlugParamSchema), validate('json', watchlistAddSchema), async (c) => {
    const db = database(c.env.DB)
    const list = await ownList(db, c.var.account, c.req.valid('param').slug)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    const added = await addToList(db, list, c.req.valid('json'))
    if (typeof added === 'string') return refused(c, added)
    if (list.is_public && added.created) await keepPublicListCopies(c.env, [list.slug])
    return c.json({ added: added.created }, added.created ? 201 : 200)
  })
  .delete('/:slug/items/:content_type/:content_id', requireAccount, closedForMaintenance, validate('param', listItemParamSchema), async (c) => {
    const db = database(c.env.DB)
    const { slug, content_type, content_id } = c.req.valid('param')
    const list = await ownList(db, c.var.account, slug)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    const removed = await removeFromList(db, list, { content_type, content_id })
    if (list.is_public && removed) await keepPublicListCopies(c.env, [list.slug])
    return c.json({ removed }, 200)
  })
  .put('/:slug/order', requireAccount, closedForMaintenance, validate('param', listSlugParamSchema), validate('json', listOrderSchema), async (c) => {
    const db = database(c.env.DB)
    const list = await ownList(db, c.var.account, c.req.valid('param').slug)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    if (!(await reorderList(db, list, c.req.valid('json').items))) return apiError(c, 400, 'errors.listOrderMismatch')
    if (list.is_public) await keepPublicListCopies(c.env, [list.slug])
    return c.json({ list: await ownListWithItems(db, c.var.account, list.slug) }, 200)
  })

export const publicListRoutes = new Hono<AppEnv>()
  // a signed-in reader reports a public list, once; not their own (accounts/moderation.ts)
  .post('/:slug/report', requireAccount, closedForMaintenance, validate('param', listSlugParamSchema), validate('json', listReportSchema), async (c) => {
    const db = database(c.env.DB)
    const { slug } = c.req.valid('param')
    const outcome = await reportList(db, c.var.account, slug, c.req.valid('json'), reportThreshold(c.env.LIST_REPORT_THRESHOLD))
    if (outcome === 'notFound') return apiError(c, 404, 'errors.listNotFound')
    if (outcome === 'own') return apiError(c, 403, 'errors.cannotReportOwnList')
    if (outcome === 'already') return apiError(c, 409, 'errors.listAlreadyReported')
    // the copy visitors read stops showing a list its reports just hid
    if (outcome.hidden) await keepPublicListCopies(c.env, [slug])
    return c.json({ reported: true }, 201)
  })
  .get('/:slug', validate('param', listSlugParamSchema), async (c) => {
    const { slug } = c.req.valid('param')
    // Nobody signed in: the copy every such visitor reads (accounts/public-lists.ts), not D1.
    if (!getCookie(c, SESSION_COOKIE)) {
      const list = await publicListView(c.env, slug, (p) => c.executionCtx.waitUntil(p))
      if (!list) return apiError(c, 404, 'errors.listNotFound')
      c.header('Cache-Control', 'private, no-store')
      return c.json({ list, own: false }, 200)
    }
    const db = database(c.env.DB)
    let reader: Awaited<ReturnType<typeof readingAccount>> = null
    const found = await readableList(db, slug, async () => (reader = await readingAccount(c)))
    if (!found) return apiError(c, 404, 'errors.listNotFound')
    // A private list (its owner's eyes only) and anyone's own list are never kept by shared caches.
    c.header('Cache-Control', 'private, no-store')
    const { listId, ...answer } = found
    // whether this reader has reported it already (the page then says so instead of offering Report)
    const [reported, list] = await Promise.all([!found.own && reader ? hasReported(db, reader, listId) : false, withinReadersCeiling(c, found.list)])
    return c.json({ ...answer, list, reported }, 200)
  })
