/** /dmca: how to report copyright infringement, the counter-notice, the repeat infringer policy and changes. */
import { useSiteFacts } from '../../lib/images'
import { MailLink, Section, StaticPage } from './static-page'

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  return (
    <StaticPage
      title="DMCA Policy"
      description={`How to report copyright infringement on ${siteName}, how to send a counter-notice, and our repeat infringer policy.`}
      intro={`${siteName} respects the rights of creators and answers notices under the Digital Millennium Copyright Act (DMCA).`}
      updated="2026-11-22"
    >
      <Section id="dmca-notice" title="Filing a notice">
        <p>
          If you believe material on {siteName} infringes a copyright you own or represent, send a written notice to{' '}
          <MailLink address={supportEmail} /> with the subject line "DMCA notice". To be valid, it must include:
        </p>
        <ol className="list-decimal space-y-1 pl-6">
          <li>your physical or electronic signature, as the owner or a person authorised to act for the owner;</li>
          <li>a description of the copyrighted work you say is infringed;</li>
          <li>the address (URL) of each page on this site where the material appears, precise enough for us to find it;</li>
          <li>your name, postal address, telephone number and e-mail address;</li>
          <li>a statement that you believe in good faith that the use is not authorised by the owner, its agent or the law;</li>
          <li>a statement, under penalty of perjury, that the information in the notice is accurate and that you are the owner or authorised to act for the owner.</li>
        </ol>
        <p>We remove or disable access to the material named in a complete notice promptly and tell the account that provided it, if any.</p>
      </Section>
      <Section id="dmca-counter" title="Counter-notice">
        <p>
          If material you provided was removed and you believe that was a mistake or a misidentification, you may send a counter-notice
          to the same address. It must include your signature; a description of the material and where it appeared before removal; a
          statement under penalty of perjury that you believe in good faith it was removed by mistake or misidentification; and your
          name, address and telephone number with your consent to the jurisdiction of the competent court for your address.
        </p>
        <p>
          We forward a valid counter-notice to the person who filed the original notice. Unless they tell us within 10 to 14 business
          days that they have started court action, we may restore the material.
        </p>
      </Section>
      <Section id="dmca-repeat" title="Repeat infringers">
        <p>
          Accounts that are the subject of repeated valid notices are suspended, and in appropriate cases closed for good. Administrators
          can ban an account at any time, which ends all of its sessions at once.
        </p>
      </Section>
      <Section id="dmca-changes" title="Changes to this policy">
        <p>
          We may modify this policy as the law or the site changes. The date at the top shows when it was last updated; notices are
          handled under the version in force when we receive them.
        </p>
      </Section>
    </StaticPage>
  )
}
