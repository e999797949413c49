// The account's interface language: PUT /api/me/locale keeps it on the account (and in the `lang`
// cookie the worker reads), GET /api/auth/me names it; only the signed-in account's own.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, createAdmin, createUser, setCookies } from './helpers/accounts'

async function localeOnMe(cookie: string): Promise<unknown> {
  const res = await call('/api/auth/me', { cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ user: { locale?: unknown } }>()).user.locale
}

describe('PUT /api/me/locale', () => {
  it('keeps the chosen language on the account, which GET /api/auth/me names', async () => {
    const user = await createUser()
    expect(await localeOnMe(user.cookie)).toBeNull()
    const res = await call('/api/me/locale', { method: 'PUT', cookie: user.cookie, body: { locale: 'es' } })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(await localeOnMe(user.cookie)).toBe('es')
    // The browser that chose keeps the choice for the worker's negotiation too.
    const cookie = setCookies(res).find((line) => line.startsWith('lang='))
    expect(cookie).toMatch(/^lang=es; /)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/HttpOnly/i)

    expect((await call('/api/me/locale', { method: 'PUT', cookie: user.cookie, body: { locale: 'pt-BR' } })).status).toBe(204)
    expect(await localeOnMe(user.cookie)).toBe('pt-BR')
    const row = await env.DB.prepare('select locale from users where id = ?').bind(user.id).first<{ locale: string }>()
    expect(row?.locale).toBe('pt-BR')
  })

  it('changes only the signed-in account', async () => {
    const [one, other] = await Promise.all([createUser(), createUser()])
    expect((await call('/api/me/locale', { method: 'PUT', cookie: one.cookie, body: { locale: 'ja' } })).status).toBe(204)
    expect(await localeOnMe(one.cookie)).toBe('ja')
    expect(await localeOnMe(other.cookie)).toBeNull()
  })

  it('keeps an administrator’s language on the administrator, never on the user with the same id', async () => {
    const admin = await createAdmin()
    const sameId = () => env.DB.prepare('select locale from users where id = ?').bind(admin.id).first<{ locale: string | null }>()
    const before = await sameId()
    expect((await call('/api/me/locale', { method: 'PUT', cookie: admin.cookie, body: { locale: 'ar' } })).status).toBe(204)
    expect(await localeOnMe(admin.cookie)).toBe('ar')
    expect(await sameId()).toEqual(before)
  })

  it('answers 400 with { error } for anything but one of the twelve locale tags', async () => {
    const user = await createUser()
    for (const body of [{ locale: 'xx' }, { locale: 'en-XA' }, { locale: 'pt-br' }, { locale: '' }, { locale: 5 }, {}, { language: 'es' }]) {
      const res = await call('/api/me/locale', { method: 'PUT', cookie: user.cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      const answer = await res.json<{ error: unknown }>()
      expect(Object.keys(answer)).toEqual(['error'])
      expect(typeof answer.error).toBe('string')
    }
    expect(await localeOnMe(user.cookie)).toBeNull()
  })

  it('answers 401 without a session', async () => {
    const res = await call('/api/me/locale', { method: 'PUT', body: { locale: 'es' } })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'No user logged in' })
    expect(setCookies(res).some((line) => line.startsWith('lang='))).toBe(false)
  })
})
