/** /terms: the terms of service, in seven sections. */
import { Link } from 'react-router-dom'
import { t, type MessageId } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSiteFacts } from '../../lib/images'
import { RichText } from './rich-text'
import { MailLink, Section, StaticPage } from './static-page'

const linkClass = 'text-brand-400 underline'

const acceptableUse: MessageId[] = ['static.terms.s4Item1', 'static.terms.s4Item2', 'static.terms.s4Item3', 'static.terms.s4Item4']

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  return (
    <StaticPage
      title={t('static.terms.title')}
      description={t('static.terms.description', { siteName })}
      intro={t('static.terms.intro', { siteName })}
      updated="2026-11-22"
    >
      <Section id="terms-1" title={t('static.terms.s1Title')}>
        <p>
          <RichText
            id="static.terms.s1"
            values={{ siteName }}
            elements={{ privacyLink: <Link className={linkClass} to={paths.privacy()}>{t('static.terms.s1PrivacyLink')}</Link> }}
          />
        </p>
      </Section>
      <Section id="terms-2" title={t('static.terms.s2Title')}>
        <p>{t('static.terms.s2', { siteName })}</p>
      </Section>
      <Section id="terms-3" title={t('static.terms.s3Title')}>
        <p>{t('static.terms.s3')}</p>
      </Section>
      <Section id="terms-4" title={t('static.terms.s4Title')}>
        <p>{t('static.terms.s4Intro')}</p>
        <ul className="list-disc space-y-1 ps-6">
          {acceptableUse.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
      </Section>
      <Section id="terms-5" title={t('static.terms.s5Title')}>
        <p>
          <RichText
            id="static.terms.s5"
            values={{ siteName }}
            elements={{ dmcaLink: <Link className={linkClass} to={paths.dmca()}>{t('static.terms.s5DmcaLink')}</Link> }}
          />
        </p>
      </Section>
      <Section id="terms-6" title={t('static.terms.s6Title')}>
        <p>{t('static.terms.s6', { siteName })}</p>
      </Section>
      <Section id="terms-7" title={t('static.terms.s7Title')}>
        <p>
          <RichText id="static.terms.s7" elements={{ supportEmail: <MailLink address={supportEmail} /> }} />
        </p>
      </Section>
    </StaticPage>
  )
}
