/** /terms: the terms of service, in seven sections. */
import { Link } from 'react-router-dom'
import { paths } from '../../lib/paths'
import { useSiteFacts } from '../../lib/images'
import { MailLink, Section, StaticPage } from './static-page'

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  return (
    <StaticPage
      title="Terms of Service"
      description={`The rules for using ${siteName}: accounts, acceptable use, content, liability and how these terms change.`}
      intro={`These terms apply whenever you use ${siteName}. Please read them; they are short.`}
      updated="2026-11-22"
    >
      <Section id="terms-1" title="1. Agreeing to these terms">
        <p>
          By opening or using {siteName} you accept these terms and our <Link className="text-brand-400 underline" to={paths.privacy()}>Privacy Policy</Link>.
          If you do not agree, please do not use the site. You must be old enough to enter into a binding agreement where you live, or use
          the site with the permission of a parent or guardian.
        </p>
      </Section>
      <Section id="terms-2" title="2. The service">
        <p>
          {siteName} helps you discover movies and TV shows and, where the operator has the right to offer them, watch trailers and
          streams. Title information and artwork come from a third-party movie database. The service is free and is provided as it is;
          we may add, change or remove features, titles or sources at any time.
        </p>
      </Section>
      <Section id="terms-3" title="3. Your account">
        <p>
          Most of the site works without an account. If you create one, give a real e-mail address, keep your password to yourself and
          tell us if you think someone else has used your account. You are responsible for what happens under your account. We may
          suspend or close accounts that break these terms.
        </p>
      </Section>
      <Section id="terms-4" title="4. Acceptable use">
        <p>You agree not to:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>copy, record, resell or redistribute streams or other material from the site;</li>
          <li>try to get around sign-in, rate limits, bans or any other protection;</li>
          <li>send automated traffic that burdens the service, or scrape it at scale;</li>
          <li>use the site to break the law or to infringe anyone's rights.</li>
        </ul>
      </Section>
      <Section id="terms-5" title="5. Content and intellectual property">
        <p>
          Titles, posters, descriptions and videos belong to their respective owners. The design and code of {siteName} belong to its
          operator. Links to other websites are given for convenience; we do not control those sites and are not responsible for them. If
          you believe material on the site infringes your copyright, follow the procedure on our{' '}
          <Link className="text-brand-400 underline" to={paths.dmca()}>DMCA page</Link>.
        </p>
      </Section>
      <Section id="terms-6" title="6. Disclaimers and limitation of liability">
        <p>
          We work to keep the site accurate and available, but we cannot promise it will always be online, error free or that every
          title will play. To the extent the law allows, {siteName} and its operator are not liable for indirect or consequential losses
          arising from your use of the site. Nothing in these terms limits rights you have under consumer law that cannot be waived.
        </p>
      </Section>
      <Section id="terms-7" title="7. Changes and contact">
        <p>
          We may update these terms. The date at the top shows the latest version, and continuing to use the site after a change means
          you accept it. Questions about these terms can be sent to <MailLink address={supportEmail} />.
        </p>
      </Section>
    </StaticPage>
  )
}
