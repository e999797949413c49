/** /dmca: how to report copyright infringement, the counter-notice, the repeat infringer policy and changes. */
import { t, type MessageId } from '../../i18n'
import { useSiteFacts } from '../../lib/images'
import { RichText } from './rich-text'
import { MailLink, Section, StaticPage } from './static-page'

const noticeRequirements: MessageId[] = [
  'static.dmca.noticeItem1',
  'static.dmca.noticeItem2',
  'static.dmca.noticeItem3',
  'static.dmca.noticeItem4',
  'static.dmca.noticeItem5',
  'static.dmca.noticeItem6',
]

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  return (
    <StaticPage
      title={t('static.dmca.title')}
      description={t('static.dmca.description', { siteName })}
      intro={t('static.dmca.intro', { siteName })}
      updated="2026-11-22"
    >
      <Section id="dmca-notice" title={t('static.dmca.noticeTitle')}>
        <p>
          <RichText id="static.dmca.noticeIntro" values={{ siteName }} elements={{ supportEmail: <MailLink address={supportEmail} /> }} />
        </p>
        <ol className="list-decimal space-y-1 ps-6">
          {noticeRequirements.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ol>
        <p>{t('static.dmca.noticeAfter')}</p>
      </Section>
      <Section id="dmca-counter" title={t('static.dmca.counterTitle')}>
        <p>{t('static.dmca.counterP1')}</p>
        <p>{t('static.dmca.counterP2')}</p>
      </Section>
      <Section id="dmca-repeat" title={t('static.dmca.repeatTitle')}>
        <p>{t('static.dmca.repeat')}</p>
      </Section>
      <Section id="dmca-changes" title={t('static.dmca.changesTitle')}>
        <p>{t('static.dmca.changes')}</p>
      </Section>
    </StaticPage>
  )
}
