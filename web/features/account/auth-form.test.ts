import { describe, expect, it } from 'vitest'
import { passwordProblem, safeNextPath } from './auth-form'

const origin = 'https://reelhouse.example'

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeNextPath('/profile', origin)).toBe('/profile')
    expect(safeNextPath('/search-results?q=star%20wars#top', origin)).toBe('/search-results?q=star%20wars#top')
    expect(safeNextPath('/admin/users', origin)).toBe('/admin/users')
  })

  it('refuses anything that could leave the site', () => {
    for (const next of ['//evil.example/steal', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'profile', '', null]) {
      expect(safeNextPath(next, origin)).toBe('/')
    }
  })

  it('does not send the visitor back to the sign-in pages', () => {
    expect(safeNextPath('/login?next=/profile', origin)).toBe('/')
    expect(safeNextPath('/register', origin)).toBe('/')
  })
})

describe('passwordProblem', () => {
  it('reports a mismatch with the message it is given, then a short password', () => {
    expect(passwordProblem('secret1', 'secret2', 'Passwords do not match')).toBe('Passwords do not match')
    expect(passwordProblem('abc', 'abc', 'New passwords do not match')).toBe('Password must be at least 6 characters long')
    expect(passwordProblem('sixsix', 'sixsix', 'x')).toBeNull()
  })
})
