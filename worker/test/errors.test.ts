import { exports } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import app from '../index'

// Registered before this file's first request, while the router can still take routes.
app.get('/api/test-only/explode', () => {
  throw new Error('database password is hunter2 at line 42')
})

afterEach(() => vi.restoreAllMocks())

describe('an unexpected exception', () => {
  it('answers 500 with a fixed message and no stack, and logs it with the request id', async () => {
    const logged: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)))
    const res = await exports.default.fetch('http://localhost/api/test-only/explode')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: 'Internal error' })
    expect(text).not.toContain('hunter2')
    expect(text).not.toMatch(/at .*\.ts/)
    const requestId = res.headers.get('X-Request-Id')
    expect(requestId).toBeTruthy()
    expect(logged.some((l) => l.includes(requestId!) && l.includes('hunter2'))).toBe(true)
  })
})
