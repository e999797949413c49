/**
 * Sharing (SPEC.md section 7): one Share button that opens a sheet with the six networks, each in
 * a 600x400 pop-up carrying the address and its name, the address itself with Copy link, and the
 * device's own share sheet where the browser has one (the Web Share API: phones, mostly). A
 * title shares its share link (/share/{type}/{id}, which renders the social card at the edge); a
 * public list shares its page.
 */
import { lazy, Suspense, useRef, useState } from 'react'
import type { MediaType } from '../../../worker/catalog/types'
import { ShareIcon } from '../../components/icons'
import { t } from '../../i18n'
import { shareLink } from '../../lib/share-link'
import { episodeShortTitle } from './episode-text'

/** The sheet itself (share-sheet.tsx), loaded with the first press: most visits never share. */
const ShareDialog = lazy(() => import('./share-sheet').then((m) => ({ default: m.ShareDialog })))

/**
 * A title's Share button. `episode` (a show's episode on screen) goes into the link, whose page
 * names it and opens it, and into the title the networks are given.
 */
export function TitleShareButton({ type, id, title: name, episode = null }: { type: MediaType; id: number; title: string; episode?: Parameters<typeof shareLink>[2] }) {
  return <ShareButton link={() => shareLink(type, id, episode)} title={episode ? episodeShortTitle(name, episode) : name} />
}

/**
 * The Share button and its sheet, for any address the site renders social tags for. A link made
 * from the page's own address is worked out when the sheet opens, never while the worker renders.
 */
export function ShareButton({ link, title }: { link: string | (() => string); title: string }) {
  const [open, setOpen] = useState(false)
  // the sheet's code comes with the first press, and stays for the sheet to close
  const opened = useRef(false)
  if (open) opened.current = true
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 rounded-lg border border-neutral-500 bg-neutral-900/70 px-4 py-2.5 text-sm font-semibold text-white hover:bg-neutral-800"
      >
        <ShareIcon width={16} height={16} />
        {t('title.share')}
      </button>
      {opened.current && (
        <Suspense>
          <ShareDialog open={open} onClose={() => setOpen(false)} link={typeof link === 'function' ? link() : link} title={title} />
        </Suspense>
      )}
    </>
  )
}
