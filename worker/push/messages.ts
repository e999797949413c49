/**
 * The words of a new-episode notice, in the account's language, from the catalogs' `mail` area
 * (the worker's words for what it sends people): one episode named in the title, several counted,
 * each with where it can be watched when the viewer's services carry it.
 */
import ar from '../../web/i18n/catalogs/ar/mail.json'
import de from '../../web/i18n/catalogs/de/mail.json'
import en from '../../web/i18n/catalogs/en/mail.json'
import es from '../../web/i18n/catalogs/es/mail.json'
import fr from '../../web/i18n/catalogs/fr/mail.json'
import hi from '../../web/i18n/catalogs/hi/mail.json'
import it from '../../web/i18n/catalogs/it/mail.json'
import ja from '../../web/i18n/catalogs/ja/mail.json'
import ko from '../../web/i18n/catalogs/ko/mail.json'
import ptBR from '../../web/i18n/catalogs/pt-BR/mail.json'
import tr from '../../web/i18n/catalogs/tr/mail.json'
import zhCN from '../../web/i18n/catalogs/zh-CN/mail.json'
import type { CalendarEpisode } from '../calendar/episodes'
import { listText, messageFormatter } from '../lib/i18n'
import { localizedPath, type Locale } from '../lib/locales'

const say = messageFormatter<keyof typeof en>({ en, es, 'pt-BR': ptBR, fr, de, it, tr, ar, hi, ja, ko, 'zh-CN': zhCN })

export interface NoticePayload {
  title: string
  body: string
  /** The page the notice opens: the episode's, or the calendar for several. */
  url: string
  tag: string
}

/** An episode with the names of the viewer's services that carry its show (none when unknown). */
export interface NoticeEpisode extends CalendarEpisode {
  services: string[]
}

const encoder = new TextEncoder()
/** What a notice's body may take of its record, leaving room for the title, the address and JSON. */
export const NOTICE_BODY_BYTES = 2500

export function noticePayload(episodes: NoticeEpisode[], locale: Locale, origin: string): NoticePayload {
  const label = (e: CalendarEpisode) => say(locale, 'mail.noticeEpisode', { show: e.show_title, season: e.season_number, episode: e.episode_number })
  const line = (e: NoticeEpisode) => (e.services.length ? say(locale, 'mail.noticeEpisodeOn', { episode: label(e), services: listText(locale, e.services, 'unit') }) : label(e))
  if (episodes.length === 1) {
    const e = episodes[0]!
    return {
      title: say(locale, 'mail.noticeTitleOne', { episode: label(e) }),
      body: e.services.length ? say(locale, 'mail.noticeBodyOn', { services: listText(locale, e.services, 'unit') }) : say(locale, 'mail.noticeBodyOut'),
      url: `${origin}${localizedPath(locale, `/tv/${e.show_id}?season=${e.season_number}&episode=${e.episode_number}`)}`,
      tag: 'new-episodes',
    }
  }
  // A notice is one encrypted record of 4 KB at most: the body lists as many episodes as fit (the
  // title counts them all, and the calendar it opens lists them all).
  const lines: string[] = []
  let bytes = 0
  for (const e of episodes) {
    const text = line(e)
    const size = encoder.encode(text).length + 1
    if (bytes + size > NOTICE_BODY_BYTES) break
    lines.push(text)
    bytes += size
  }
  return {
    title: say(locale, 'mail.noticeTitleMany', { count: episodes.length }),
    body: lines.join('\n'),
    url: `${origin}${localizedPath(locale, '/calendar')}`,
    tag: 'new-episodes',
  }
}
