/** /about-us: what the site is for, what it offers and the values behind it. */
import { Link } from 'react-router-dom'
import { t, type MessageId } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSiteFacts } from '../../lib/images'
import { RichText } from './rich-text'
import { Section, StaticPage } from './static-page'

const offerings: { title: MessageId; text: MessageId }[] = [
  { title: 'static.about.offer1Title', text: 'static.about.offer1Text' },
  { title: 'static.about.offer2Title', text: 'static.about.offer2Text' },
  { title: 'static.about.offer3Title', text: 'static.about.offer3Text' },
  { title: 'static.about.offer4Title', text: 'static.about.offer4Text' },
  { title: 'static.about.offer5Title', text: 'static.about.offer5Text' },
]

const values: { title: MessageId; text: MessageId }[] = [
  { title: 'static.about.value1Title', text: 'static.about.value1Text' },
  { title: 'static.about.value2Title', text: 'static.about.value2Text' },
  { title: 'static.about.value3Title', text: 'static.about.value3Text' },
]

export function Component() {
  const { siteName } = useSiteFacts()
  return (
    <StaticPage
      title={t('static.about.title', { siteName })}
      description={t('static.about.description', { siteName })}
      intro={t('static.about.intro', { siteName })}
    >
      <Section id="about-mission" title={t('static.about.missionTitle')}>
        <p>{t('static.about.mission')}</p>
      </Section>
      <Section id="about-offer" title={t('static.about.offerTitle')}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {offerings.map((o) => (
            <li key={o.title} className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-4">
              <p className="font-semibold text-white">{t(o.title)}</p>
              <p className="mt-1 text-sm">{t(o.text)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="about-values" title={t('static.about.valuesTitle')}>
        <dl className="grid gap-4 md:grid-cols-3">
          {values.map((v) => (
            <div key={v.title} className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-4">
              <dt className="text-lg font-semibold text-brand-400">{t(v.title)}</dt>
              <dd className="mt-1 text-sm">{t(v.text)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <p>
        <RichText
          id="static.about.feedback"
          elements={{ tellUsLink: <Link className="text-brand-400 underline" to={paths.contact()}>{t('static.about.feedbackTellUsLink')}</Link> }}
        />
      </p>
    </StaticPage>
  )
}
