/**
 * /contact: the support address, the response time, social links and a message form. The site
 * has no mail service, so the form does not pretend to post anywhere: it checks the fields and
 * hands the message to the visitor's own e-mail app, addressed to the support address.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react'
import { useToast } from '../../components/toast'
import { t, type MessageId } from '../../i18n'
import { useSiteFacts } from '../../lib/images'
import { useSocialLinks } from '../../lib/social-links'
import type { SocialNetwork } from '../../../worker/lib/social-links'
import { RichText } from './rich-text'
import { MailLink, Section, StaticPage } from './static-page'

interface ContactMessage {
  name: string
  email: string
  subject: string
  message: string
}

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' }

function mailtoHref(to: string, m: ContactMessage): string {
  const body = `${m.message}\n\n${m.name} <${m.email}>`
  return `mailto:${to}?subject=${encodeURIComponent(m.subject)}&body=${encodeURIComponent(body)}`
}

type Field = HTMLInputElement | HTMLTextAreaElement

/**
 * The browser checks required fields and the e-mail's format itself; this puts its message in the
 * page's language rather than the browser's. The message is cleared on every edit (see `set`).
 */
function explainInvalid(e: FormEvent<Field>) {
  const field = e.currentTarget
  field.setCustomValidity('')
  if (field.validity.valueMissing) field.setCustomValidity(t('static.contact.required'))
  else if (field.validity.typeMismatch) field.setCustomValidity(t('static.contact.invalidEmail'))
}

// Each links to the operator's page on that network when the deployment names one (SOCIAL_LINKS).
const socials: { network: SocialNetwork; label: MessageId; path: string }[] = [
  { network: 'x', label: 'static.contact.socialX', path: 'M4 4l16 16M20 4 4 20' },
  { network: 'facebook', label: 'static.contact.socialFacebook', path: 'M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z' },
  { network: 'instagram', label: 'static.contact.socialInstagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM17.5 6.5h.01' },
]

const fieldClass =
  'mt-1 block w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2.5 text-neutral-100 placeholder:text-neutral-500 focus:border-brand-400'

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  const socialLinks = useSocialLinks(socials)
  const toast = useToast()
  const [form, setForm] = useState<ContactMessage>(empty)
  const [handedOff, setHandedOff] = useState(false)
  const set = (field: keyof ContactMessage) => (e: ChangeEvent<Field>) => {
    e.target.setCustomValidity('')
    setForm({ ...form, [field]: e.target.value })
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // The browser's own required and type=email checks have already run at this point.
    const link = document.createElement('a')
    link.href = mailtoHref(supportEmail, form)
    link.click()
    toast(t('static.contact.sent'), 'success')
    setForm(empty)
    setHandedOff(true)
  }

  return (
    <StaticPage
      title={t('static.contact.title')}
      description={t('static.contact.description', { siteName })}
      intro={t('static.contact.intro', { siteName })}
    >
      <div className="grid gap-8 md:grid-cols-[1fr_16rem]">
        <form onSubmit={onSubmit} className="space-y-4" aria-describedby="contact-how">
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block text-sm font-medium text-neutral-200">
              {t('static.contact.nameLabel')}
              <input required name="name" autoComplete="name" value={form.name} onChange={set('name')} onInvalid={explainInvalid} className={fieldClass} />
            </label>
            <label className="block text-sm font-medium text-neutral-200">
              {t('static.contact.emailLabel')}
              <input required type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} onInvalid={explainInvalid} className={fieldClass} />
            </label>
          </div>
          <label className="block text-sm font-medium text-neutral-200">
            {t('static.contact.subjectLabel')}
            <input required name="subject" value={form.subject} onChange={set('subject')} onInvalid={explainInvalid} className={fieldClass} />
          </label>
          <label className="block text-sm font-medium text-neutral-200">
            {t('static.contact.messageLabel')}
            <textarea required name="message" rows={6} value={form.message} onChange={set('message')} onInvalid={explainInvalid} className={fieldClass} />
          </label>
          <p id="contact-how" className="text-sm text-neutral-400">
            <RichText id="static.contact.how" elements={{ supportEmail: <span dir="ltr">{supportEmail}</span> }} />
          </p>
          <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            {t('static.contact.send')}
          </button>
          {handedOff && (
            <p role="status" className="text-sm text-emerald-300">
              <RichText id="static.contact.handedOff" elements={{ supportEmail: <MailLink address={supportEmail} /> }} />
            </p>
          )}
        </form>
        <aside className="space-y-6" aria-label={t('static.contact.otherWays')}>
          <Section id="contact-email" title={t('static.contact.emailTitle')}>
            <p>
              <MailLink address={supportEmail} />
            </p>
          </Section>
          <Section id="contact-response" title={t('static.contact.responseTitle')}>
            <p>{t('static.contact.response')}</p>
          </Section>
          {socialLinks.length > 0 && (
            <Section id="contact-social" title={t('static.contact.followTitle')}>
              <ul className="flex gap-3">
                {socialLinks.map((s) => (
                  <li key={s.label}>
                    <a
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t(s.label)}
                      className="flex h-11 w-11 items-center justify-center rounded-full border border-neutral-700 text-neutral-300 hover:border-brand-400 hover:text-white"
                    >
                      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                        <path d={s.path} />
                      </svg>
                    </a>
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </aside>
      </div>
    </StaticPage>
  )
}
