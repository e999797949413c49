// Counts, numbers and running times follow the page's language: its plural rules and its digits.
import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale } from '../i18n'
import { countWithUnit, formatNumber, formatRuntime } from './format'

afterEach(() => loadLocale('en'))

describe('format', () => {
  it('in English: grouped numbers, "1 title" and "2 titles", runtimes as before', () => {
    expect(formatNumber(1234)).toBe('1,234')
    expect(countWithUnit(1, 'cards.endOfList')).toBe('You have reached the end · 1 title')
    expect(countWithUnit(1234, 'cards.endOfList')).toBe('You have reached the end · 1,234 titles')
    expect(formatRuntime(152)).toBe('2h 32m')
    expect(formatRuntime(0)).toBe('')
  })

  it("in another language: its separators, its plural categories and its units", async () => {
    await loadLocale('de')
    expect(formatNumber(1234.5)).toBe('1.234,5')
    expect(formatRuntime(152)).toMatch(/^2\s?(h|Std\.),? 32\s?Min\.$/)
    await loadLocale('ar')
    expect(countWithUnit(2, 'cards.endOfList')).toContain('عنوانان')
    expect(countWithUnit(1, 'cards.endOfList')).toContain('عنوان واحد')
    await loadLocale('ja')
    expect(formatRuntime(45)).toMatch(/^45\s?分$/)
  })
})
