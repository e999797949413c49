import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale, t } from '../../i18n'
import { TERM_SLOT, TermSentence } from './term-sentence'

describe('TermSentence', () => {
  afterEach(() => loadLocale('en'))

  it('says one result in the singular and draws the term as an isolated element', () => {
    const { container } = render(<TermSentence text={t('search.found', { count: 1, term: TERM_SLOT })} term="dark" termClassName="hi" />)
    expect(container.textContent).toBe('Found 1 result for “dark”')
    expect(container.querySelector('bdi.hi')?.textContent).toBe('dark')
  })

  it("puts the term where the language's sentence has it", async () => {
    await loadLocale('ja')
    const { container } = render(<TermSentence text={t('search.found', { count: 1234, term: TERM_SLOT })} term="dark" />)
    expect(container.textContent).toBe('「dark」の検索結果：1,234件')
    expect(container.querySelector('bdi')?.textContent).toBe('dark')
  })
})
