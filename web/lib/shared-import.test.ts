import { describe, expect, it, vi } from 'vitest'
import { sharedImport } from './shared-import'

describe('sharedImport', () => {
  it('fetches once however many times it is asked, and hands every caller the same promise', async () => {
    const load = vi.fn(() => Promise.resolve({ default: 'module' }))
    const get = sharedImport(load)
    const first = get()
    const second = get()
    expect(second).toBe(first)
    expect(await first).toEqual({ default: 'module' })
    expect(await get()).toEqual({ default: 'module' })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('asks again after a failed fetch instead of failing for good', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('module')
    const get = sharedImport(load)
    await expect(get()).rejects.toThrow('offline')
    expect(await get()).toBe('module')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
