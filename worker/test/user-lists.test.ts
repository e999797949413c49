import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { publicListKey } from '../accounts/public-lists'
import type { ListSummary, ListWithItems } from '../accounts/user-lists'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { call, createAdmin, createUser, PASSWORD, type TestAccount } from './helpers/accounts'
import { countD1 } from './helpers/d1-counter'
import { settledFetch } from './helpers/settled'

const matrix = { content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: '/matrix.jpg' }
const breakingBad = { content_id: 1396, content_type: 'tv', title: 'Breaking Bad', poster_path: null }
const fightClub = { content_id: 550, content_type: 'movie', title: 'Fight Club', poster_path: '/fight.jpg' }

async function create(account: TestAccount, body: unknown): Promise<ListSummary> {
  const res = await call('/api/me/lists', { cookie: account.cookie, body })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json<{ list: ListSummary }>()).list
}

async function mine(account: TestAccount, query = ''): Promise<ListSummary[]> {
  const res = await call(`/api/me/lists${query}`, { cookie: account.cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ results: ListSummary[] }>()).results
}

async function one(account: TestAccount, slug: string): Promise<ListWithItems> {
  const res = await call(`/api/me/lists/${slug}`, { cookie: account.cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ list: ListWithItems }>()).list
}

const addItem = (account: TestAccount, slug: string, body: unknown) => call(`/api/me/lists/${slug}/items`, { cookie: account.cookie, body })

let owner: TestAccount
let stranger: TestAccount
beforeAll(async () => {
  owner = await createUser()
  stranger = await createUser()
})

describe('own lists', () => {
  it('answers 401 without a session for every call on own lists', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/me/lists', undefined],
      ['POST', '/api/me/lists', { name: 'x' }],
      ['PUT', '/api/me/lists/order', { slugs: [] }],
      ['GET', '/api/me/lists/abcdefghij', undefined],
      ['PATCH', '/api/me/lists/abcdefghij', { name: 'y' }],
      ['DELETE', '/api/me/lists/abcdefghij', undefined],
      ['POST', '/api/me/lists/abcdefghij/items', matrix],
      ['DELETE', '/api/me/lists/abcdefghij/items/movie/603', undefined],
      ['PUT', '/api/me/lists/abcdefghij/order', { items: [] }],
    ] as const) {
      const res = await call(path, { method, body })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(await res.json()).toEqual({ error: 'No user logged in' })
    }
  })

  it('creates, renames, describes, publishes and deletes a list', async () => {
    const user = await createUser()
    const made = await create(user, { name: '  Heist films  ', description: 'Crews, vaults\nand plans' })
    expect(made).toMatchObject({ name: 'Heist films', description: 'Crews, vaults\nand plans', is_public: false, item_count: 0, posters: [] })
    expect(made.slug).toMatch(/^[a-z0-9]{10}$/)

    const patched = await call(`/api/me/lists/${made.slug}`, { method: 'PATCH', cookie: user.cookie, body: { name: 'Great heists', description: '', is_public: true } })
    expect(patched.status).toBe(200)
    const list = await one(user, made.slug)
    expect(list).toMatchObject({ name: 'Great heists', description: null, is_public: true, items: [] })

    const gone = await call(`/api/me/lists/${made.slug}`, { method: 'DELETE', cookie: user.cookie })
    expect(gone.status).toBe(200)
    expect(await mine(user)).toEqual([])
    expect((await call(`/api/me/lists/${made.slug}`, { cookie: user.cookie })).status).toBe(404)
  })

  it('adds titles once, in order, counts them and shows the first posters', async () => {
    const user = await createUser()
    const { slug } = await create(user, { name: 'Favourites' })
    expect((await addItem(user, slug, matrix)).status).toBe(201)
    expect((await addItem(user, slug, breakingBad)).status).toBe(201)
    expect((await addItem(user, slug, fightClub)).status).toBe(201)
    const again = await addItem(user, slug, { ...matrix, title: 'Matrix again' })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ added: false })

    const list = await one(user, slug)
    expect(list.items.map((i) => `${i.content_type}:${i.content_id}`)).toEqual(['movie:603', 'tv:1396', 'movie:550'])
    expect(list.items[0]!.title).toBe('The Matrix')
    const [summary] = await mine(user)
    expect(summary).toMatchObject({ slug, item_count: 3, posters: ['/matrix.jpg', null, '/fight.jpg'] })

    const removed = await call(`/api/me/lists/${slug}/items/tv/1396`, { method: 'DELETE', cookie: user.cookie })
    expect(await removed.json()).toEqual({ removed: true })
    expect((await one(user, slug)).items.map((i) => i.content_id)).toEqual([603, 550])
  })

  it('tells which lists hold a title', async () => {
    const user = await createUser()
    const a = await create(user, { name: 'A' })
    const b = await create(user, { name: 'B' })
    await addItem(user, b.slug, matrix)
    const lists = await mine(user, '?type=movie&id=603')
    expect(Object.fromEntries(lists.map((l) => [l.name, l.contains]))).toEqual({ A: false, B: true })
    expect(lists.find((l) => l.slug === a.slug)?.item_count).toBe(0)
    const bad = await call('/api/me/lists?type=movie', { cookie: user.cookie })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'type and id must be given together' })
  })

  it('puts new lists first and reorders lists and titles', async () => {
    const user = await createUser()
    const first = await create(user, { name: 'First' })
    const second = await create(user, { name: 'Second' })
    const third = await create(user, { name: 'Third' })
    expect((await mine(user)).map((l) => l.name)).toEqual(['Third', 'Second', 'First'])

    const order = await call('/api/me/lists/order', { method: 'PUT', cookie: user.cookie, body: { slugs: [first.slug, third.slug, second.slug] } })
    expect(order.status).toBe(200)
    expect((await mine(user)).map((l) => l.name)).toEqual(['First', 'Third', 'Second'])
    const partial = await call('/api/me/lists/order', { method: 'PUT', cookie: user.cookie, body: { slugs: [first.slug, third.slug] } })
    expect(partial.status).toBe(400)
    expect(await partial.json()).toEqual({ error: 'The new order must name every one of your lists exactly once' })

    for (const item of [matrix, breakingBad, fightClub]) await addItem(user, first.slug, item)
    const moved = await call(`/api/me/lists/${first.slug}/order`, {
      method: 'PUT',
      cookie: user.cookie,
      body: { items: [fightClub, matrix, breakingBad].map(({ content_type, content_id }) => ({ content_type, content_id })) },
    })
    expect(moved.status).toBe(200)
    expect((await one(user, first.slug)).items.map((i) => i.content_id)).toEqual([550, 603, 1396])
    const twice = await call(`/api/me/lists/${first.slug}/order`, {
      method: 'PUT',
      cookie: user.cookie,
      body: { items: [fightClub, fightClub, matrix].map(({ content_type, content_id }) => ({ content_type, content_id })) },
    })
    expect(twice.status).toBe(400)
    expect((await one(user, first.slug)).items.map((i) => i.content_id)).toEqual([550, 603, 1396])
  })

  it('answers 400 with a clear message for bad input, and stores nothing', async () => {
    const user = await createUser()
    for (const [body, error] of [
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
      [{ name: 'ok', description: 'd'.repeat(1001) }, 'description must be at most 1,000 characters'],
      [{ name: 'ok', is_public: 'yes' }, 'is_public must be true or false'],
      [{ name: 'tab\tname' }, 'name must not contain control characters'],
    ] as const) {
      const res = await call('/api/me/lists', { cookie: user.cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await res.json<{ error: string }>()).error).toBe(error)
    }
    expect(await mine(user)).toEqual([])
    const { slug } = await create(user, { name: 'Kept' })
    const empty = await call(`/api/me/lists/${slug}`, { method: 'PATCH', cookie: user.cookie, body: {} })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({ error: 'Nothing to change' })
    const badItem = await addItem(user, slug, { ...matrix, content_type: 'person' })
    expect(badItem.status).toBe(400)
    const climbing = await addItem(user, slug, { ...matrix, poster_path: '/../../../../api/me/export.json' })
    expect(climbing.status).toBe(400)
    expect(await climbing.json()).toEqual({ error: 'poster_path must be the path of a poster, such as /abc123.jpg' })
    expect((await call('/api/me/lists/NOT-A-SLUG', { cookie: user.cookie })).status).toBe(400)
    expect((await one(user, slug)).items).toEqual([])
  })

  it('refuses a 101st list and a 1,001st title with 409', async () => {
    const user = await createUser()
    const ownerId = (await call('/api/me/profile', { cookie: user.cookie }).then((r) => r.json<{ id: number }>())).id
    // Filling the account's lists up directly: a hundred requests would only test the loop.
    const values = Array.from({ length: 100 }, (_, i) => `('${String(i).padStart(10, 'q')}', 'user', ${ownerId}, 'L${i}', ${i})`).join(',')
    await env.DB.prepare(`INSERT INTO user_lists (slug, owner_type, owner_id, name, position) VALUES ${values}`).run()
    // All hundred are listed, with whether each holds a title: no query grows with the number of lists.
    expect(await mine(user)).toHaveLength(100)
    expect((await mine(user, '?type=movie&id=603')).every((l) => l.contains === false)).toBe(true)
    const refused = await call('/api/me/lists', { cookie: user.cookie, body: { name: 'One more' } })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: 'You can keep at most 100 lists' })

    const full = 'qqqqqqqqq0'
    const listId = (await env.DB.prepare('SELECT id FROM user_lists WHERE slug = ?').bind(full).first<{ id: number }>())!.id
    const rows = Array.from({ length: 1000 }, (_, i) => `(${listId}, ${i + 1}, 'movie', 'T${i}', ${i})`)
    for (let i = 0; i < rows.length; i += 200) {
      await env.DB.prepare(`INSERT INTO user_list_items (list_id, content_id, content_type, title, position) VALUES ${rows.slice(i, i + 200).join(',')}`).run()
    }
    const tooMany = await addItem(user, full, { ...matrix, content_id: 999_999 })
    expect(tooMany.status).toBe(409)
    expect(await tooMany.json()).toEqual({ error: 'A list can hold at most 1,000 titles' })
    // A title already there is still answered as there, not refused.
    expect((await addItem(user, full, { ...matrix, content_id: 1 })).status).toBe(200)
  })
})

describe('the limits hold under parallel requests', () => {
  it('20 lists asked for at once with 95 made give 100, no more', async () => {
    const user = await createUser()
    const values = Array.from({ length: 95 }, (_, i) => `('${String(i).padStart(10, 'p')}', 'user', ${user.id}, 'L${i}', ${i})`).join(',')
    await env.DB.prepare(`INSERT INTO user_lists (slug, owner_type, owner_id, name, position) VALUES ${values}`).run()
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => call('/api/me/lists', { cookie: user.cookie, body: { name: `Burst ${i}` } })))
    expect(burst.filter((res) => res.status === 201)).toHaveLength(5)
    expect(burst.filter((res) => res.status === 409)).toHaveLength(15)
    expect(await mine(user)).toHaveLength(100)
  })

  it('titles added at once to a list of 995 stop at 1,000', async () => {
    const user = await createUser()
    const list = await create(user, { name: 'Nearly full' })
    const listId = (await env.DB.prepare('SELECT id FROM user_lists WHERE slug = ?').bind(list.slug).first<{ id: number }>())!.id
    const rows = Array.from({ length: 995 }, (_, i) => `(${listId}, ${i + 1}, 'movie', 'T${i}', ${i})`)
    for (let i = 0; i < rows.length; i += 200) {
      await env.DB.prepare(`INSERT INTO user_list_items (list_id, content_id, content_type, title, position) VALUES ${rows.slice(i, i + 200).join(',')}`).run()
    }
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => addItem(user, list.slug, { ...matrix, content_id: 10_000 + i })))
    expect(burst.filter((res) => res.status === 201)).toHaveLength(5)
    expect(burst.filter((res) => res.status === 409)).toHaveLength(15)
    expect((await one(user, list.slug)).item_count).toBe(1000)
  })
})

describe('nobody reaches another account’s list', () => {
  it('answers 404 to every call on a stranger’s list and changes nothing', async () => {
    const { slug } = await create(owner, { name: 'Mine', is_public: true })
    await addItem(owner, slug, matrix)
    for (const [method, path, body] of [
      ['GET', `/api/me/lists/${slug}`, undefined],
      ['PATCH', `/api/me/lists/${slug}`, { name: 'Taken' }],
      ['DELETE', `/api/me/lists/${slug}`, undefined],
      ['POST', `/api/me/lists/${slug}/items`, fightClub],
      ['DELETE', `/api/me/lists/${slug}/items/movie/603`, undefined],
      ['PUT', `/api/me/lists/${slug}/order`, { items: [] }],
    ] as const) {
      const res = await call(path, { method, body, cookie: stranger.cookie })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(await res.json()).toEqual({ error: 'List not found' })
    }
    const reorder = await call('/api/me/lists/order', { method: 'PUT', cookie: stranger.cookie, body: { slugs: [slug] } })
    expect(reorder.status).toBe(400)
    expect(await mine(stranger)).toEqual([])
    const list = await one(owner, slug)
    expect(list).toMatchObject({ name: 'Mine', items: [expect.objectContaining({ content_id: 603 })] })
  })

  it('keeps an administrator’s lists apart from the user with the same id', async () => {
    const admin = await createAdmin()
    const { slug } = await create(admin, { name: 'Admin picks' })
    expect((await mine(admin)).map((l) => l.name)).toEqual(['Admin picks'])
    expect((await mine(owner)).some((l) => l.slug === slug)).toBe(false)
  })
})

describe('GET /api/lists/{slug}', () => {
  it('shows a public list to anyone, with its owner’s name, and hides a private one', async () => {
    const user = await createUser()
    const open = await create(user, { name: 'Open', is_public: true })
    const closed = await create(user, { name: 'Closed' })
    await addItem(user, open.slug, matrix)
    await addItem(user, closed.slug, matrix)

    const seen = await call(`/api/lists/${open.slug}`)
    expect(seen.status).toBe(200)
    const body = await seen.json<{ list: ListWithItems; own: boolean }>()
    expect(body.own).toBe(false)
    expect(body.list).toMatchObject({ name: 'Open', is_public: true, owner_name: user.username, items: [expect.objectContaining({ title: 'The Matrix' })] })
    expect(seen.headers.get('Cache-Control')).toBe('private, no-store')

    for (const cookie of [undefined, stranger.cookie]) {
      const hidden = await call(`/api/lists/${closed.slug}`, { cookie })
      expect(hidden.status).toBe(404)
      expect(await hidden.json()).toEqual({ error: 'List not found' })
    }
    const own = await call(`/api/lists/${closed.slug}`, { cookie: user.cookie })
    expect(own.status).toBe(200)
    expect((await own.json<{ own: boolean }>()).own).toBe(true)

    await call(`/api/me/lists/${open.slug}`, { method: 'PATCH', cookie: user.cookie, body: { is_public: false } })
    expect((await call(`/api/lists/${open.slug}`)).status).toBe(404)
    expect((await call('/api/lists/zzzzzzzzzz')).status).toBe(404)
  })
})

describe('a public list as visitors who are not signed in read it', () => {
  const visit = async (path: string, db: D1Database) => {
    const res = await settledFetch(path, { ...env, DB: db })
    return { status: res.status, text: res.text }
  }

  it('is read from its copy in KV, which every change of the owner writes through at once', async () => {
    const user = await createUser()
    const open = await create(user, { name: 'Shared at once', is_public: true })
    expect((await addItem(user, open.slug, matrix)).status).toBe(201)
    forgetIsolateMemos()

    // The first visitor fills the copy; after that neither the API, the page nor the card reads D1.
    expect((await visit(`/api/lists/${open.slug}`, env.DB)).status).toBe(200)
    const accounts = countD1(env.DB)
    const api = await visit(`/api/lists/${open.slug}`, accounts.db)
    expect(api.status).toBe(200)
    expect(JSON.parse(api.text)).toMatchObject({ own: false, list: { name: 'Shared at once', items: [expect.objectContaining({ title: 'The Matrix' })] } })
    const page = await settledFetch(`/list/${open.slug}`, { ...env, DB: accounts.db })
    expect(page.status).toBe(200)
    expect(page.text).toContain('<title>Shared at once | Reelhouse</title>')
    expect(accounts.queries()).toBe(0)

    // Titles added and taken off show at once.
    expect((await addItem(user, open.slug, fightClub)).status).toBe(201)
    expect(JSON.parse((await visit(`/api/lists/${open.slug}`, accounts.db)).text).list.items).toHaveLength(2)
    expect((await call(`/api/me/lists/${open.slug}/items/movie/603`, { method: 'DELETE', cookie: user.cookie })).status).toBe(200)
    expect(JSON.parse((await visit(`/api/lists/${open.slug}`, accounts.db)).text).list.items).toEqual([expect.objectContaining({ title: 'Fight Club' })])

    // Made private: gone for visitors at once, still without a query; the owner still sees it.
    expect((await call(`/api/me/lists/${open.slug}`, { method: 'PATCH', cookie: user.cookie, body: { is_public: false } })).status).toBe(200)
    expect((await visit(`/api/lists/${open.slug}`, accounts.db)).status).toBe(404)
    expect((await visit(`/list/${open.slug}`, accounts.db)).status).toBe(404)
    expect(accounts.queries()).toBe(0)
    expect((await call(`/api/lists/${open.slug}`, { cookie: user.cookie })).status).toBe(200)

    // Public again, then deleted.
    expect((await call(`/api/me/lists/${open.slug}`, { method: 'PATCH', cookie: user.cookie, body: { is_public: true } })).status).toBe(200)
    expect((await visit(`/api/lists/${open.slug}`, accounts.db)).status).toBe(200)
    expect((await call(`/api/me/lists/${open.slug}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(200)
    expect((await visit(`/api/lists/${open.slug}`, accounts.db)).status).toBe(404)
    expect(accounts.queries()).toBe(0)
  })

  it('stops showing the lists of an account that is deleted', async () => {
    const user = await createUser()
    const open = await create(user, { name: 'Leaving soon', is_public: true })
    expect((await call(`/api/lists/${open.slug}`)).status).toBe(200)
    expect((await call('/api/me/account', { method: 'DELETE', cookie: user.cookie, body: { password: PASSWORD } })).status).toBe(200)
    const accounts = countD1(env.DB)
    expect((await visit(`/api/lists/${open.slug}`, accounts.db)).status).toBe(404)
    expect(accounts.queries()).toBe(0)
  })

  it('keeps no copy for an address no list ever had', async () => {
    expect((await call('/api/lists/qqqqqqqqqq')).status).toBe(404)
    expect(await env.CACHE.get(publicListKey('qqqqqqqqqq'))).toBeNull()
  })
})
