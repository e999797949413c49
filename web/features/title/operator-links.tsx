/**
 * Download buttons and ad blocks, rendered only when the operator configured DOWNLOAD_URL or
 * AD_URL (SPEC.md section 7). They are plain links that open in a new tab and say where they go;
 * no third-party script is ever loaded for them.
 */
import { t, type MessageId } from '../../i18n'

export const downloadQualities = ['4K Ultra HD', '1080p Full HD', '720p HD', '480p'] as const

/** Each quality's words in the page's language (SPEC.md's English names are the ids' English). */
const qualityLabel: Record<(typeof downloadQualities)[number], MessageId> = {
  '4K Ultra HD': 'title.download4k',
  '1080p Full HD': 'title.download1080p',
  '720p HD': 'title.download720p',
  '480p': 'title.download480p',
}

const external = { target: '_blank', rel: 'noopener noreferrer sponsored' } as const

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

export function DownloadButtons({ url }: { url: string | null }) {
  if (!url) return null
  return (
    <section aria-labelledby="download-heading">
      <h2 id="download-heading" className="mb-2 text-sm font-semibold tracking-wide text-neutral-300 uppercase">{t('title.download')}</h2>
      <ul className="flex flex-wrap gap-2">
        {downloadQualities.map((quality) => (
          <li key={quality}>
            <a href={url} {...external} className="inline-block rounded-lg bg-emerald-700 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-600">
              {t(qualityLabel[quality])}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-neutral-400">{t('title.downloadNotice', { host: hostOf(url) })}</p>
    </section>
  )
}

/** A 160x300 banner slot (SPEC.md section 9). */
export function AdBlock({ url }: { url: string | null }) {
  if (!url) return null
  return (
    // Centred on a phone, where it stands alone in the column; beside other content wider up.
    <aside aria-label={t('title.advertisement')} className="flex shrink-0 justify-center sm:block">
      <a href={url} {...external} className="flex h-[300px] w-[160px] flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-neutral-600 bg-neutral-900 p-3 text-center text-xs text-neutral-300 hover:border-neutral-400">
        <span className="font-semibold tracking-wide uppercase">{t('title.advertisement')}</span>
        <span className="break-all text-neutral-400">{hostOf(url)}</span>
      </a>
    </aside>
  )
}

export function PopupNotice({ adsOn }: { adsOn: boolean }) {
  if (!adsOn) return null
  return (
    <p role="note" className="rounded-lg border border-amber-500/40 bg-amber-950/40 px-3 py-2 text-sm text-amber-100">
      {t('title.popupNotice')}
    </p>
  )
}
