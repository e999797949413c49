import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale, t } from '../../i18n'
import { Component as ContactPage } from './contact-page'

afterEach(() => loadLocale('en'))

function form() {
  render(<ContactPage />)
  return {
    form: document.querySelector('form')!,
    email: screen.getByLabelText<HTMLInputElement>(t('static.contact.emailLabel')),
    subject: screen.getByLabelText<HTMLInputElement>(t('static.contact.subjectLabel')),
  }
}

describe('contact form validation', () => {
  it("explains an empty field and a malformed e-mail in the page's language", async () => {
    await loadLocale('de')
    const { form: f, email, subject } = form()
    fireEvent.change(email, { target: { value: 'not-an-email' } })
    expect(f.checkValidity()).toBe(false)
    expect(subject.validationMessage).toBe(t('static.contact.required'))
    expect(email.validationMessage).toBe(t('static.contact.invalidEmail'))
    expect(email.validationMessage).not.toBe('Please enter a valid e-mail address.')
    expect(email.validity.typeMismatch).toBe(true)
  })

  it('clears the explanation as soon as the field is edited', () => {
    const { form: f, email } = form()
    f.checkValidity()
    expect(email.validationMessage).toBe('Please fill in this field.')
    fireEvent.change(email, { target: { value: 'ada@example.com' } })
    expect(email.validity.valid).toBe(true)
    expect(email.validationMessage).toBe('')
  })
})
