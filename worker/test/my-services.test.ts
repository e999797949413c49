// "My services": GET and PUT /api/me/services keep the services an account has and its region on
// the account (so another browser signed in to it sees them), only the signed-in account's own.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, createAdmin, createUser, signIn } from './helpers/accounts'
import { storeRows } from './helpers/stores'

async function servicesOf(cookie: string): Promise<unknown> {
  const res = await call('/api/me/services', { cookie })
  expect(res.status).toBe(200)
  expect(res.headers.get('Cache-Control')).toMatch(/no-store/)
  return res.json()
}

describe('GET /api/me/services', () => {
  it('is empty until the account chooses', async () => {
    const user = await createUser()
    expect(await servicesOf(user.cookie)).toEqual({ services: null, region: null })
  })

  it('answers 401 without a session', async () => {
    const res = await call('/api/me/services')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'No user logged in' })
  })
})

describe('PUT /api/me/services', () => {
  it('keeps the choice on the account: another sign-in of the same account reads it', async () => {
    const user = await createUser()
    const res = await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body: { services: [337, 8, 8], region: 'gb' } })
    expect(res.status).toBe(200)
    // Repeats dropped, ids in one order, the region in capitals.
    expect(await res.json()).toEqual({ services: [8, 337], region: 'GB' })
    const elsewhere = await signIn(user.email, user.password)
    expect(await servicesOf(elsewhere.cookie)).toEqual({ services: [8, 337], region: 'GB' })

    expect((await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body: { services: [], region: 'US' } })).status).toBe(200)
    expect(await servicesOf(elsewhere.cookie)).toEqual({ services: [], region: 'US' })
  })

  it('changes only the signed-in account, and an administrator’s choice never lands on the user with the same id', async () => {
    const [one, other] = await Promise.all([createUser(), createUser()])
    expect((await call('/api/me/services', { method: 'PUT', cookie: one.cookie, body: { services: [9], region: 'DE' } })).status).toBe(200)
    expect(await servicesOf(one.cookie)).toEqual({ services: [9], region: 'DE' })
    expect(await servicesOf(other.cookie)).toEqual({ services: null, region: null })

    const admin = await createAdmin()
    expect((await call('/api/me/services', { method: 'PUT', cookie: admin.cookie, body: { services: [283], region: 'JP' } })).status).toBe(200)
    expect(await servicesOf(admin.cookie)).toEqual({ services: [283], region: 'JP' })
    // each account's store holds its own choice: the administrator's, and the user of that number has none of it
    expect(await storeRows('admin', admin.id, 'select services from service_choice')).toEqual([{ services: '[283]' }])
    expect((await storeRows<{ services: string }>('user', admin.id, 'select services from service_choice')).every((r) => r.services !== '[283]')).toBe(true)
  })

  it('answers 400 with { error } for unknown services, too many, a bad region or other fields, and keeps what was stored', async () => {
    const user = await createUser()
    expect((await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body: { services: [8], region: 'US' } })).status).toBe(200)
    const bad = [
      { services: [8, 12345], region: 'US' },
      { services: [-1], region: 'US' },
      { services: [0], region: 'US' },
      { services: ['8'], region: 'US' },
      { services: [8.5], region: 'US' },
      { services: '8,337', region: 'US' },
      { services: [8, 337, 9, 350, 531, 386, 283, 8], region: 'US' },
      { services: [8], region: 'USA' },
      { services: [8], region: 'U1' },
      { services: [8], region: '' },
      { services: [8] },
      { region: 'US' },
      { services: [8], region: 'US', owner_id: 1 },
    ]
    for (const body of bad) {
      const res = await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      const answer = await res.json<{ error: unknown }>()
      expect(Object.keys(answer)).toEqual(['error'])
      expect(typeof answer.error).toBe('string')
    }
    const unknown = await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body: { services: [8, 12345], region: 'US' } })
    expect((await unknown.json<{ error: string }>()).error).toMatch(/unknown watch provider/)
    expect(await servicesOf(user.cookie)).toEqual({ services: [8], region: 'US' })
  })

  it('answers 401 without a session and stores nothing', async () => {
    const before = await env.DB.prepare('select count(*) as n from service_choices').first<{ n: number }>()
    const res = await call('/api/me/services', { method: 'PUT', body: { services: [8], region: 'US' } })
    expect(res.status).toBe(401)
    const after = await env.DB.prepare('select count(*) as n from service_choices').first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it('waits for an administrator’s second factor (403), as every /api/me call does', async () => {
    const admin = await createAdmin({ secondFactor: false })
    expect((await call('/api/me/services', { cookie: admin.cookie })).status).toBe(403)
    expect((await call('/api/me/services', { method: 'PUT', cookie: admin.cookie, body: { services: [8], region: 'US' } })).status).toBe(403)
    const row = await env.DB.prepare("select count(*) as n from service_choices where owner_type = 'admin' and owner_id = ?").bind(admin.id).first<{ n: number }>()
    expect(row?.n).toBe(0)
  })

  it('refuses a write from another site (403)', async () => {
    const user = await createUser()
    const res = await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body: { services: [8], region: 'US' }, headers: { Origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(await servicesOf(user.cookie)).toEqual({ services: null, region: null })
  })
})

describe('my services and the account’s data', () => {
  it('are in the JSON export and go with the account when it is deleted', async () => {
    const user = await createUser()
    expect((await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body: { services: [350], region: 'FR' } })).status).toBe(200)
    const data = await (await call('/api/me/export.json', { cookie: user.cookie })).json<{ services: unknown }>()
    expect(data.services).toEqual({ services: [350], region: 'FR' })
    expect((await call('/api/me/account', { method: 'DELETE', cookie: user.cookie, body: { password: user.password } })).status).toBe(200)
    const left = await env.DB.prepare("select count(*) as n from service_choices where owner_type = 'user' and owner_id = ?").bind(user.id).first<{ n: number }>()
    expect(left?.n).toBe(0)
  })
})
