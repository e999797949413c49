import { compileMessage } from '@lingui/message-utils/compileMessage'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n, loadLocale } from '../../i18n'
import { RichText } from './rich-text'

afterEach(() => loadLocale('en'))

describe('RichText', () => {
  it('puts the element where the English message has its placeholder', () => {
    const { container } = render(<RichText id="static.faq.stillStuck" elements={{ contactLink: <a href="/contact">Contact us</a> }} />)
    expect(container.textContent).toBe('Still stuck? Contact us and we will reply by e-mail.')
    expect(screen.getByRole('link').textContent).toBe('Contact us')
  })

  it('follows the word order of the translation, with plain values beside the elements', () => {
    i18n.loadAndActivate({ locale: 'xx', messages: { 'static.faq.a1': compileMessage('{dmcaLink} — {siteName}, {dmcaLink}!') } })
    const { container } = render(<RichText id="static.faq.a1" values={{ siteName: 'Reelhouse' }} elements={{ dmcaLink: <b>DMCA</b> }} />)
    expect(container.innerHTML).toBe('<b>DMCA</b> — Reelhouse, <b>DMCA</b>!')
  })
})
