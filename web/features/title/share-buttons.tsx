/**
 * Share buttons (SPEC.md section 7): six networks in 600x400 pop-ups carrying the title's share
 * link (/share/{type}/{id}, which renders the social card at the edge) or a public list's address,
 * and its name, a Copy link
 * button, and the system share sheet where the browser has one (phones, mostly).
 */
import type { MediaType } from '../../../worker/catalog/types'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { shareLink } from '../../lib/share-link'
import { episodeShortTitle } from './episode-text'

interface Network {
  name: string
  label: string
  url: (link: string, title: string) => string
}

const enc = encodeURIComponent

export const shareNetworks: Network[] = [
  { name: 'Facebook', label: 'Facebook', url: (link) => `https://www.facebook.com/sharer/sharer.php?u=${enc(link)}` },
  { name: 'X (Twitter)', label: 'X', url: (link, title) => `https://twitter.com/intent/tweet?url=${enc(link)}&text=${enc(title)}` },
  { name: 'WhatsApp', label: 'WhatsApp', url: (link, title) => `https://api.whatsapp.com/send?text=${enc(`${title} ${link}`)}` },
  { name: 'Telegram', label: 'Telegram', url: (link, title) => `https://t.me/share/url?url=${enc(link)}&text=${enc(title)}` },
  { name: 'Reddit', label: 'Reddit', url: (link, title) => `https://www.reddit.com/submit?url=${enc(link)}&title=${enc(title)}` },
  { name: 'LinkedIn', label: 'LinkedIn', url: (link) => `https://www.linkedin.com/sharing/share-offsite/?url=${enc(link)}` },
]

const POPUP_FEATURES = 'width=600,height=400,noopener,noreferrer'

const buttonClass = 'rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm font-medium text-neutral-100 hover:bg-neutral-800'

/**
 * `episode` (a show's episode on screen) goes into the link, whose page names it and opens it,
 * and into the title the networks are given.
 */
export function ShareButtons({ type, id, title: name, episode = null }: { type: MediaType; id: number; title: string; episode?: { season: number; episode: number } | null }) {
  return <ShareLinks link={shareLink(type, id, episode)} title={episode ? episodeShortTitle(name, episode) : name} />
}

/** The share buttons for any address the site renders social tags for (a title's share link, a public list's page). */
export function ShareLinks({ link, title }: { link: string; title: string }) {
  const toast = useToast()
  const canShareNatively = typeof navigator.share === 'function'

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      toast(t('title.linkCopied'), 'success')
    } catch {
      toast(t('title.linkCopyFailed'), 'error')
    }
  }

  const shareNatively = async () => {
    try {
      await navigator.share({ title, url: link })
    } catch {
      // The viewer closed the share sheet; nothing to report.
    }
  }

  return (
    <section aria-labelledby="share-heading">
      <h2 id="share-heading" className="mb-2 text-sm font-semibold tracking-wide text-neutral-300 uppercase">{t('title.share')}</h2>
      <ul className="flex flex-wrap gap-2">
        {shareNetworks.map((network) => (
          <li key={network.name}>
            <button type="button" className={buttonClass} aria-label={t('title.shareOn', { network: network.name })} onClick={() => window.open(network.url(link, title), 'share', POPUP_FEATURES)}>
              {network.label}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={buttonClass} onClick={copy}>
            {t('title.copyLink')}
          </button>
        </li>
        {canShareNatively && (
          <li>
            <button type="button" className={buttonClass} onClick={shareNatively}>
              {t('title.shareNatively')}
            </button>
          </li>
        )}
      </ul>
    </section>
  )
}
