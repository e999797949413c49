/**
 * /privacy: the privacy policy in seven sections, describing what this site actually does: one
 * HttpOnly session cookie, account data in our own database, and no third-party trackers unless
 * the operator turns on ads or the bot check.
 */
import { t, type MessageId } from '../../i18n'
import { useSiteFacts } from '../../lib/images'
import { RichText } from './rich-text'
import { MailLink, Section, StaticPage } from './static-page'

/** What we collect: each item opens with its term in bold, placed by the translation. */
const collected: { text: MessageId; term: MessageId }[] = [
  { text: 'static.privacy.s1Item1', term: 'static.privacy.s1Item1Term' },
  { text: 'static.privacy.s1Item2', term: 'static.privacy.s1Item2Term' },
  { text: 'static.privacy.s1Item3', term: 'static.privacy.s1Item3Term' },
  { text: 'static.privacy.s1Item4', term: 'static.privacy.s1Item4Term' },
]

const optionalServices: MessageId[] = ['static.privacy.s4Item1', 'static.privacy.s4Item2', 'static.privacy.s4Item3']

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  return (
    <StaticPage
      title={t('static.privacy.title')}
      description={t('static.privacy.description', { siteName })}
      intro={t('static.privacy.intro', { siteName })}
      updated="2026-11-22"
    >
      <Section id="privacy-1" title={t('static.privacy.s1Title')}>
        <ul className="list-disc space-y-1 ps-6">
          {collected.map((item) => (
            <li key={item.text}>
              <RichText id={item.text} elements={{ term: <strong className="text-white">{t(item.term)}</strong> }} />
            </li>
          ))}
        </ul>
        <p>{t('static.privacy.s1Note')}</p>
      </Section>
      <Section id="privacy-2" title={t('static.privacy.s2Title')}>
        <p>{t('static.privacy.s2P1')}</p>
        <p>{t('static.privacy.s2P2')}</p>
      </Section>
      <Section id="privacy-3" title={t('static.privacy.s3Title')}>
        <p>{t('static.privacy.s3')}</p>
      </Section>
      <Section id="privacy-4" title={t('static.privacy.s4Title')}>
        <p>{t('static.privacy.s4P1')}</p>
        <ul className="list-disc space-y-1 ps-6">
          {optionalServices.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
        <p>{t('static.privacy.s4P2')}</p>
      </Section>
      <Section id="privacy-5" title={t('static.privacy.s5Title')}>
        <p>{t('static.privacy.s5')}</p>
      </Section>
      <Section id="privacy-6" title={t('static.privacy.s6Title')}>
        <p>{t('static.privacy.s6')}</p>
      </Section>
      <Section id="privacy-7" title={t('static.privacy.s7Title')}>
        <p>
          <RichText id="static.privacy.s7" elements={{ supportEmail: <MailLink address={supportEmail} /> }} />
        </p>
      </Section>
    </StaticPage>
  )
}
