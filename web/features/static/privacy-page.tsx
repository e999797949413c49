/**
 * /privacy: the privacy policy in seven sections, describing what this site actually does: one
 * HttpOnly session cookie, account data in our own database, and no third-party trackers unless
 * the operator turns on ads or the bot check.
 */
import { useSiteFacts } from '../../lib/images'
import { MailLink, Section, StaticPage } from './static-page'

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  return (
    <StaticPage
      title="Privacy Policy"
      description={`What ${siteName} stores about you, why, who else sees it, how long we keep it and how to have it removed.`}
      intro={`This policy explains what ${siteName} keeps about you and why. We collect as little as the site needs to work.`}
      updated="2026-11-22"
    >
      <Section id="privacy-1" title="1. What we collect">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong className="text-white">Account data</strong>, if you sign up: your e-mail address, username, a salted hash of your
            password (never the password itself), and any profile details you add yourself (full name, date of birth, country, bio).
          </li>
          <li>
            <strong className="text-white">Your lists</strong>: the titles you save to your watchlist, and the titles you open or play,
            with how far you got, so we can offer to resume them.
          </li>
          <li>
            <strong className="text-white">Sign-in records</strong>: when you last signed in, and for each signed-in browser a session
            record with its start, expiry and browser description.
          </li>
          <li>
            <strong className="text-white">Technical data</strong>: short-lived counters of sign-in and sign-up attempts per network
            address, to stop password guessing, and error logs that do not include your password or session.
          </li>
        </ul>
        <p>Browsing and watching without an account stores nothing about you on our servers.</p>
      </Section>
      <Section id="privacy-2" title="2. Cookies and browser storage">
        <p>
          We set one cookie: the session cookie that keeps you signed in. It is HttpOnly (scripts on the page cannot read it), Secure
          (sent only over HTTPS) and SameSite=Lax (not sent with requests started by other sites), and it ends when you log out. We use
          no analytics or advertising cookies of our own.
        </p>
        <p>
          Your browser's local storage keeps your cookie-banner choice, your recent searches and whether the sidebar is collapsed. These
          stay on your device and are never sent to us. An offline copy of the site's pages and code is kept by your browser so it
          opens even without a connection.
        </p>
      </Section>
      <Section id="privacy-3" title="3. How we use your data">
        <p>
          Only to run the site for you: to sign you in, keep your watchlist and history, show your profile, protect accounts from abuse,
          and answer you when you write to us. We do not sell your data, build advertising profiles or send marketing e-mail.
        </p>
      </Section>
      <Section id="privacy-4" title="4. Who else sees it">
        <p>
          Your account data is stored in our own database, hosted by our infrastructure provider, Cloudflare, which processes it on our
          behalf. Site administrators can see account details (not passwords) to run the service and handle abuse. Some features contact
          other services only when the operator turns them on:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>title artwork may load from the movie database's image servers, which then see your network address;</li>
          <li>a bot check on the sign-in and sign-up forms may load Cloudflare Turnstile;</li>
          <li>ad blocks and their partner's script appear only if the operator has configured an ad partner.</li>
        </ul>
        <p>When none of these are configured, the pages load nothing from third parties.</p>
      </Section>
      <Section id="privacy-5" title="5. How long we keep it">
        <p>
          Account data and your lists are kept while your account exists. You can clear your watch history yourself at any time. Session
          records expire on their own and are removed when you log out or change your password. Attempt counters last minutes.
        </p>
      </Section>
      <Section id="privacy-6" title="6. Security">
        <p>
          Passwords are hashed with PBKDF2 and a random salt per password. Every request for your lists or profile is checked on our
          server against your session, so nobody else can read or change them. Traffic to the site is encrypted with HTTPS.
        </p>
      </Section>
      <Section id="privacy-7" title="7. Your rights and changes">
        <p>
          You can see and correct your profile on the profile page. To get a copy of your data or have your account deleted, write to{' '}
          <MailLink address={supportEmail} /> from the address on the account. If we change this policy, the date at the top changes with it.
        </p>
      </Section>
    </StaticPage>
  )
}
