/**
 * /contact: the support address, the response time, social links and a message form. The site
 * has no mail service, so the form does not pretend to post anywhere: it checks the fields and
 * hands the message to the visitor's own e-mail app, addressed to the support address.
 */
import { useState, type FormEvent } from 'react'
import { useToast } from '../../components/toast'
import { useSiteFacts } from '../../lib/images'
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

const socials = [
  { label: 'X (Twitter)', href: 'https://x.com/', path: 'M4 4l16 16M20 4 4 20' },
  { label: 'Facebook', href: 'https://www.facebook.com/', path: 'M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z' },
  { label: 'Instagram', href: 'https://www.instagram.com/', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM17.5 6.5h.01' },
]

const fieldClass =
  'mt-1 block w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2.5 text-neutral-100 placeholder:text-neutral-500 focus:border-brand-400'

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  const toast = useToast()
  const [form, setForm] = useState<ContactMessage>(empty)
  const [handedOff, setHandedOff] = useState(false)
  const set = (field: keyof ContactMessage) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value })

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // The browser's own required and type=email checks have already run at this point.
    const link = document.createElement('a')
    link.href = mailtoHref(supportEmail, form)
    link.click()
    toast('Message sent successfully!', 'success')
    setForm(empty)
    setHandedOff(true)
  }

  return (
    <StaticPage
      title="Contact Us"
      description={`Questions, feedback or a title that will not play? Write to the ${siteName} team; we answer within 24-48 hours.`}
      intro={`Questions, feedback or a title that will not play? Write to the ${siteName} team.`}
    >
      <div className="grid gap-8 md:grid-cols-[1fr_16rem]">
        <form onSubmit={onSubmit} className="space-y-4" aria-describedby="contact-how">
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block text-sm font-medium text-neutral-200">
              Name
              <input required name="name" autoComplete="name" value={form.name} onChange={set('name')} className={fieldClass} />
            </label>
            <label className="block text-sm font-medium text-neutral-200">
              Email
              <input required type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} className={fieldClass} />
            </label>
          </div>
          <label className="block text-sm font-medium text-neutral-200">
            Subject
            <input required name="subject" value={form.subject} onChange={set('subject')} className={fieldClass} />
          </label>
          <label className="block text-sm font-medium text-neutral-200">
            Message
            <textarea required name="message" rows={6} value={form.message} onChange={set('message')} className={fieldClass} />
          </label>
          <p id="contact-how" className="text-sm text-neutral-400">
            Sending opens your e-mail app with the message addressed to {supportEmail}; every reply comes by e-mail.
          </p>
          <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            Send Message
          </button>
          {handedOff && (
            <p role="status" className="text-sm text-emerald-300">
              Your message was handed to your e-mail app. If no window opened, write to <MailLink address={supportEmail} /> directly.
            </p>
          )}
        </form>
        <aside className="space-y-6" aria-label="Other ways to reach us">
          <Section id="contact-email" title="Email us">
            <p>
              <MailLink address={supportEmail} />
            </p>
          </Section>
          <Section id="contact-response" title="Response time">
            <p>We reply within 24-48 hours, usually sooner on weekdays.</p>
          </Section>
          <Section id="contact-social" title="Follow us">
            <ul className="flex gap-3">
              {socials.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
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
        </aside>
      </div>
    </StaticPage>
  )
}
