/** /faq: the seven questions visitors ask most, as an accordion of native disclosure widgets. */
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { t, type MessageId } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSiteFacts } from '../../lib/images'
import { RichText } from './rich-text'
import { MailLink, StaticPage } from './static-page'

const linkClass = 'text-brand-400 underline'

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  const entries: { question: MessageId; answer: ReactNode }[] = [
    {
      question: 'static.faq.q1',
      answer: (
        <RichText
          id="static.faq.a1"
          values={{ siteName }}
          elements={{ dmcaLink: <Link className={linkClass} to={paths.dmca()}>{t('static.faq.a1DmcaLink')}</Link> }}
        />
      ),
    },
    { question: 'static.faq.q2', answer: t('static.faq.a2') },
    { question: 'static.faq.q3', answer: <RichText id="static.faq.a3" elements={{ supportEmail: <MailLink address={supportEmail} /> }} /> },
    {
      question: 'static.faq.q4',
      answer: <RichText id="static.faq.a4" elements={{ signUpLink: <Link className={linkClass} to={paths.register()}>{t('static.faq.a4SignUpLink')}</Link> }} />,
    },
    {
      question: 'static.faq.q5',
      answer: <RichText id="static.faq.a5" elements={{ privacyLink: <Link className={linkClass} to={paths.privacy()}>{t('static.faq.a5PrivacyLink')}</Link> }} />,
    },
    { question: 'static.faq.q6', answer: t('static.faq.a6') },
    { question: 'static.faq.q7', answer: t('static.faq.a7') },
  ]
  return (
    <StaticPage title={t('static.faq.title')} description={t('static.faq.description', { siteName })} intro={t('static.faq.intro')}>
      <div className="divide-y divide-neutral-800 rounded-xl border border-neutral-800 bg-neutral-900/60">
        {entries.map((entry) => (
          <details key={entry.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-white hover:bg-neutral-800/60 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base">{t(entry.question, { siteName })}</h2>
              <span aria-hidden="true" className="text-xl text-neutral-400 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-neutral-300">{entry.answer}</p>
          </details>
        ))}
      </div>
      <p>
        <RichText id="static.faq.stillStuck" elements={{ contactLink: <Link className={linkClass} to={paths.contact()}>{t('static.faq.stillStuckContactLink')}</Link> }} />
      </p>
    </StaticPage>
  )
}
