// A page's own words (a page area) may arrive before its locale's core catalog: the worker preloads
// both and either can land first. The core must then join them, not replace them.
import { afterAll, describe, expect, it } from 'vitest'
import { loadAreas, loadLocale, t } from '.'

afterAll(() => loadLocale('en'))

describe('loading a locale beside a page area', () => {
  it('keeps the area when it arrives before the core catalog', async () => {
    // The area's chunk is already here; the core's is still on its way.
    await import('virtual:i18n/fr/static')
    const core = loadLocale('fr')
    const area = loadAreas(['static'])
    await Promise.all([core, area])
    expect(t('static.faq.title')).toBe('Foire aux questions')
    expect(t('common.retry')).toBe('Réessayer')
  })
})
