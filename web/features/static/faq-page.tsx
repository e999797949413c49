/** /faq: the seven questions visitors ask most, as an accordion of native disclosure widgets. */
import { Link } from 'react-router-dom'
import { paths } from '../../lib/paths'
import { useSiteFacts } from '../../lib/images'
import { MailLink, StaticPage } from './static-page'

export function Component() {
  const { siteName, supportEmail } = useSiteFacts()
  const entries = [
    {
      question: `Is ${siteName} legal to use?`,
      answer: (
        <>
          Yes. {siteName} is a catalogue for discovering films and series. Playback uses only sources the operator of this site is
          entitled to show, such as official trailers and streams configured by the operator; we do not host pirated copies. If you
          believe something here infringes your rights, our <Link className="text-brand-400 underline" to={paths.dmca()}>DMCA page</Link> explains how to tell us.
        </>
      ),
    },
    {
      question: 'Why do I sometimes see ads?',
      answer: (
        <>
          Advertising is how a free site pays for its servers. Ads appear only when the operator has set up an ad partner, they are
          clearly marked, and we never disguise them as play or download buttons. If a pop-up window opens, simply close it and carry on.
        </>
      ),
    },
    {
      question: 'A stream is not working. What can I do?',
      answer: (
        <>
          First reload the page and, if the player offers several sources, pick another one from the source selector. A slow connection
          can make the player pause to buffer; it lowers the picture quality on its own when that happens. If a title still does not play,
          write to <MailLink address={supportEmail} /> with the title's name and we will look into it.
        </>
      ),
    },
    {
      question: 'Do I need an account?',
      answer: (
        <>
          No. Browsing, searching and watching are open to everyone. A free account adds a watchlist, a record of what you watched so you
          can continue where you stopped, and a profile. <Link className="text-brand-400 underline" to={paths.register()}>Sign up</Link> takes under a minute.
        </>
      ),
    },
    {
      question: 'Is my data safe?',
      answer: (
        <>
          We keep as little as we can: your e-mail address, the profile details you choose to add, your watchlist and your watch history.
          Passwords are stored only as salted, slow hashes, and your sign-in lives in a secure cookie that page scripts cannot read. The{' '}
          <Link className="text-brand-400 underline" to={paths.privacy()}>Privacy Policy</Link> has the details.
        </>
      ),
    },
    {
      question: 'What video quality can I expect?',
      answer: (
        <>
          Streams play in up to 1080p. The player adapts to your connection, stepping down to a lighter version when the network slows
          and back up when it recovers, so playback keeps going instead of stalling.
        </>
      ),
    },
    {
      question: 'How often is new content added?',
      answer: (
        <>
          Every day. The trending, now-playing, upcoming and on-the-air rows refresh daily from our catalogue source, so new releases and
          newly aired episodes show up without you having to look for them.
        </>
      ),
    },
  ]
  return (
    <StaticPage
      title="Frequently Asked Questions"
      description={`Answers about ${siteName}: whether it is legal, ads, streams that do not play, accounts, your data, video quality and new content.`}
      intro="Short answers to the questions we hear most. Select a question to open its answer."
    >
      <div className="divide-y divide-neutral-800 rounded-xl border border-neutral-800 bg-neutral-900/60">
        {entries.map((entry) => (
          <details key={entry.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-white hover:bg-neutral-800/60 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base">{entry.question}</h2>
              <span aria-hidden="true" className="text-xl text-neutral-400 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-neutral-300">{entry.answer}</p>
          </details>
        ))}
      </div>
      <p>
        Still stuck? <Link className="text-brand-400 underline" to={paths.contact()}>Contact us</Link> and we will reply by e-mail.
      </p>
    </StaticPage>
  )
}
