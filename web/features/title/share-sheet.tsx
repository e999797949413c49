/**
 * The Share sheet (share-buttons.tsx opens it): the six networks, each in a 600x400 pop-up, the
 * address with Copy link, and the device's own share sheet where the browser has one.
 */
import { Sheet } from '../../components/sheet'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'

interface Network {
  name: string
  label: string
  url: (link: string, title: string) => string
}

const enc = encodeURIComponent

const shareNetworks: Network[] = [
  { name: 'Facebook', label: 'Facebook', url: (link) => `https://www.facebook.com/sharer/sharer.php?u=${enc(link)}` },
  { name: 'X (Twitter)', label: 'X', url: (link, title) => `https://twitter.com/intent/tweet?url=${enc(link)}&text=${enc(title)}` },
  { name: 'WhatsApp', label: 'WhatsApp', url: (link, title) => `https://api.whatsapp.com/send?text=${enc(`${title} ${link}`)}` },
  { name: 'Telegram', label: 'Telegram', url: (link, title) => `https://t.me/share/url?url=${enc(link)}&text=${enc(title)}` },
  { name: 'Reddit', label: 'Reddit', url: (link, title) => `https://www.reddit.com/submit?url=${enc(link)}&title=${enc(title)}` },
  { name: 'LinkedIn', label: 'LinkedIn', url: (link) => `https://www.linkedin.com/sharing/share-offsite/?url=${enc(link)}` },
]

const POPUP_FEATURES = 'width=600,height=400,noopener,noreferrer'

const optionClass = 'flex min-h-11 w-full items-center justify-center rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm font-medium text-neutral-100 hover:bg-neutral-800'

/** The sheet, open or closing, for one address. */
export function ShareDialog({ open, onClose, link, title }: { open: boolean; onClose: () => void; link: string; title: string }) {
  return (
    <Sheet
      open={open}
      onClose={onClose}
      heading={t('title.share')}
      subheading={<p className="truncate text-sm text-neutral-400" dir="auto" data-catalog="">{title}</p>}
      closeLabel={t('title.closeShare')}
    >
      {open && <ShareSheet link={link} title={title} onDone={onClose} />}
    </Sheet>
  )
}

function ShareSheet({ link, title, onDone }: { link: string; title: string; onDone: () => void }) {
  const canShareNatively = typeof navigator.share === 'function'

  const shareNatively = async () => {
    try {
      await navigator.share({ title, url: link })
      onDone()
    } catch {
      // The viewer closed the device's share sheet; this one stays open.
    }
  }

  return (
    <div className="space-y-4 overflow-y-auto px-5 pt-4 pb-5">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {shareNetworks.map((network) => (
          <li key={network.name}>
            <button
              type="button"
              className={optionClass}
              aria-label={t('title.shareOn', { network: network.name })}
              onClick={() => {
                window.open(network.url(link, title), 'share', POPUP_FEATURES)
                onDone()
              }}
            >
              {network.label}
            </button>
          </li>
        ))}
      </ul>
      <CopyLinkField link={link} onCopied={onDone} />
      {canShareNatively && (
        <button type="button" className={optionClass} onClick={shareNatively}>
          {t('title.shareNatively')}
        </button>
      )}
    </div>
  )
}

/** An address to read or select, with Copy link beside it; `onCopied` once it is on the clipboard. */
export function CopyLinkField({ link, label = t('title.shareAddress'), onCopied }: { link: string; label?: string; onCopied?: () => void }) {
  const toast = useToast()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      toast(t('title.linkCopied'), 'success')
      onCopied?.()
    } catch {
      toast(t('title.linkCopyFailed'), 'error')
    }
  }
  return (
    <div className="flex gap-2">
      <input
        readOnly
        value={link}
        dir="ltr"
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 flex-1 rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm text-neutral-300"
      />
      <button type="button" onClick={copy} className="shrink-0 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500">
        {t('title.copyLink')}
      </button>
    </div>
  )
}
