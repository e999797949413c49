import { describe, expect, it } from 'vitest'
import { runtimeText } from './titles'

describe('runtimeText', () => {
  it('writes hours and minutes, leaving out a zero part', () => {
    expect(runtimeText(152)).toBe('2h 32m')
    expect(runtimeText(60)).toBe('1h')
    expect(runtimeText(120)).toBe('2h')
    expect(runtimeText(45)).toBe('45m')
  })

  it('is empty when the runtime is unknown', () => {
    expect(runtimeText(0)).toBe('')
    expect(runtimeText(null)).toBe('')
    expect(runtimeText(undefined)).toBe('')
  })
})
