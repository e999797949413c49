// The notices' browser side: the VAPID key as PushManager takes it, quiet hours as the API takes them, and support detection.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keyBytes, pushSupport, quietHours } from './push-client'

afterEach(() => vi.unstubAllGlobals())

describe('keyBytes', () => {
  it('reads base64url, padding or not', () => {
    expect([...keyBytes('AQID')]).toEqual([1, 2, 3])
    expect([...keyBytes('_-8')]).toEqual([255, 239])
    const point = new Uint8Array(65).map((_, i) => (i * 37) % 256)
    const text = btoa(String.fromCharCode(...point)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    expect([...keyBytes(text)]).toEqual([...point])
  })
})

describe('quietHours', () => {
  it('takes two clock times, and nothing else', () => {
    expect(quietHours('22:00', '07:30')).toEqual({ start: '22:00', end: '07:30' })
    for (const [a, b] of [['24:00', '07:00'], ['7:00', '08:00'], ['', '08:00'], ['22:00', '22:60']]) expect(quietHours(a!, b!)).toBeNull()
  })
})

describe('pushSupport', () => {
  it('says so when the browser has no push, or when the visitor blocked notices', () => {
    expect(pushSupport()).toBe('unsupported')
    vi.stubGlobal('PushManager', class {})
    vi.stubGlobal('Notification', { permission: 'denied' })
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
    expect(pushSupport()).toBe('blocked')
    vi.stubGlobal('Notification', { permission: 'default' })
    expect(pushSupport()).toBe('supported')
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })
})
