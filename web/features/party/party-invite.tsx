/** The room's invitation: its address with Copy link, and the site's Share button for it. */
import { t } from '../../i18n'
import { ShareButton } from '../title/share-buttons'
import { CopyLinkField } from '../title/share-sheet'

export function PartyInvite({ link, title }: { link: string; title: string }) {
  return (
    <section aria-labelledby="party-invite" className="rounded-xl bg-neutral-900 p-4">
      <h2 id="party-invite" className="text-sm font-semibold text-neutral-200">
        {t('party.inviteHeading')}
      </h2>
      <p className="mt-1 mb-2 text-sm text-neutral-400">{t('party.inviteText')}</p>
      <CopyLinkField link={link} label={t('party.inviteLink')} />
      <div className="mt-3">
        <ShareButton link={link} title={t('party.shareTitle', { title })} />
      </div>
    </section>
  )
}
