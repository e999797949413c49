import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import app from '../index'
import { countD1 } from './helpers/d1-counter'
import { createUser, ORIGIN } from './helpers/accounts'

describe('countD1', () => {
  it('counts statements run alone and in batches, with their SQL, values and rows', async () => {
    const counter = countD1(env.DB)
    await counter.db.exec('CREATE TABLE IF NOT EXISTS counted (id INTEGER PRIMARY KEY, v TEXT)')
    await counter.db.prepare('INSERT INTO counted (v) VALUES (?), (?)').bind('a', 'b').run()
    await counter.db.batch([counter.db.prepare('INSERT INTO counted (v) VALUES (?)').bind('c'), counter.db.prepare('SELECT count(*) AS n FROM counted')])
    const row = await counter.db.prepare('SELECT v FROM counted WHERE v = ?').bind('c').first<{ v: string }>()
    const raw = await counter.db.prepare('SELECT v FROM counted ORDER BY id').raw()
    expect(row?.v).toBe('c')
    expect(raw).toEqual([['a'], ['b'], ['c']])
    expect(counter.queries()).toBe(6)
    expect(counter.writes()).toBe(3)
    expect(counter.statements[1]?.params).toEqual(['a', 'b'])
    expect(counter.statements[2]?.params).toEqual(['c'])
    expect(counter.rowsWritten()).toBeGreaterThanOrEqual(3)
    expect(await counter.rowsRead()).toBeGreaterThanOrEqual(3)
  })

  it('counts a request through the worker', async () => {
    const account = await createUser()
    const counter = countD1(env.DB)
    const ctx = createExecutionContext()
    const res = await app.fetch(new Request(`${ORIGIN}/api/me/lists`, { headers: { Cookie: account.cookie } }), { ...env, DB: counter.db }, ctx)
    await waitOnExecutionContext(ctx)
    expect(res.status).toBe(200)
    expect(counter.queries()).toBeGreaterThan(0)
  })
})
