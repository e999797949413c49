/**
 * The texts of the e-mails the site sends, in the account's language (the one it chose, else the
 * language of the page that asked), from the catalogs' `mail` area. Plain text: nothing in them
 * can run.
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
import type { Bindings } from '../env'
import { messageFormatter } from '../lib/i18n'
import { isLocale, localizedPath, type Locale } from '../lib/locales'
import type { Mail } from './mailer'

const say = messageFormatter<keyof typeof en>({ en, es, 'pt-BR': ptBR, fr, de, it, tr, ar, hi, ja, ko, 'zh-CN': zhCN })

/** The language of an e-mail to an account: the one it chose, else the one the request came in. */
export function mailLocale(chosen: string | null | undefined, requested: Locale): Locale {
  return isLocale(chosen) ? chosen : requested
}

/** `origin` is the site's own (worker/lib/site-url.ts). */
export function signInWarning(env: Pick<Bindings, 'SITE_NAME'>, to: string, origin: string, locale: Locale = 'en'): Mail {
  const siteName = env.SITE_NAME
  const loginUrl = `${origin}${localizedPath(locale, '/login')}`
  return {
    to,
    subject: say(locale, 'mail.signInWarningSubject', { siteName }),
    text: [
      say(locale, 'mail.signInWarningAttempts', { siteName }),
      '',
      say(locale, 'mail.signInWarningIfYou'),
      say(locale, 'mail.signInWarningIfNotYou', { loginUrl }),
    ].join('\n'),
  }
}

/** `link` is the reset address in the account's language. */
export function passwordResetMail(env: Pick<Bindings, 'SITE_NAME'>, to: string, link: string, minutes: number, locale: Locale = 'en'): Mail {
  const siteName = env.SITE_NAME
  return {
    to,
    subject: say(locale, 'mail.resetSubject', { siteName }),
    text: [say(locale, 'mail.resetAsked', { siteName }), '', say(locale, 'mail.resetChoose', { minutes }), link, '', say(locale, 'mail.resetSignsOut')].join('\n'),
  }
}

/** A change to an administrator's second factors, as the e-mail to its owner names it. */
export type FactorChange = 'appOn' | 'appOff' | 'codes' | 'passkeyAdded' | 'passkeyRemoved'

export function factorChangedMail(env: Pick<Bindings, 'SITE_NAME'>, to: string, change: FactorChange, locale: Locale = 'en'): Mail {
  const siteName = env.SITE_NAME
  return {
    to,
    subject: say(locale, 'mail.factorChangedSubject', { siteName }),
    text: [say(locale, 'mail.factorChanged', { siteName, change }), '', say(locale, 'mail.factorChangedSignedOut'), say(locale, 'mail.factorChangedIfNotYou')].join('\n'),
  }
}

/** An invitation to become an administrator: who sent it, the one-time link and how long it lasts. */
export function adminInviteMail(env: Pick<Bindings, 'SITE_NAME'>, to: string, inviter: string, link: string, hours: number, locale: Locale = 'en'): Mail {
  const siteName = env.SITE_NAME
  return {
    to,
    subject: say(locale, 'mail.adminInviteSubject', { siteName }),
    text: [say(locale, 'mail.adminInvited', { siteName, inviter }), '', say(locale, 'mail.adminInviteChoose', { hours }), link, '', say(locale, 'mail.adminInviteSecondFactor'), say(locale, 'mail.adminInviteIgnore')].join('\n'),
  }
}

/** The double opt-in e-mail of the weekly "new on the site" e-mail; `link` opens the confirmation page. */
export function newsletterConfirmMail(env: Pick<Bindings, 'SITE_NAME'>, to: string, link: string, days: number, locale: Locale = 'en'): Mail {
  const siteName = env.SITE_NAME
  return {
    to,
    subject: say(locale, 'mail.newsletterConfirmSubject', { siteName }),
    text: [say(locale, 'mail.newsletterConfirmAsked', { siteName }), '', say(locale, 'mail.newsletterConfirmOpen', { days }), link, '', say(locale, 'mail.newsletterConfirmIgnore')].join('\n'),
  }
}

export interface NewsletterItem {
  title: string
  year: string | null
  url: string
}

/**
 * The weekly e-mail: what came out this week (`week`) or, for a catalogue whose dates stopped at
 * a snapshot, its newest titles (`newest`). One-click unsubscribe (RFC 8058): List-Unsubscribe
 * names the https address a mail client POSTs `List-Unsubscribe=One-Click` to, and the same
 * address is in the text for a reader to open.
 */
export function newsletterWeeklyMail(env: Pick<Bindings, 'SITE_NAME'>, to: string, kind: 'week' | 'newest', items: NewsletterItem[], unsubscribeUrl: string, locale: Locale = 'en'): Mail {
  const siteName = env.SITE_NAME
  const lines = items.flatMap((item) => [`- ${item.year ? `${item.title} (${item.year})` : item.title}`, `  ${item.url}`])
  return {
    to,
    subject: say(locale, 'mail.newsletterWeeklySubject', { siteName }),
    text: [say(locale, 'mail.newsletterWeeklyIntro', { kind, siteName }), '', ...lines, '', '--', say(locale, 'mail.newsletterUnsubscribeLine', { siteName, url: unsubscribeUrl })].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

/** The words of the confirmation and unsubscribe pages (worker/routes/newsletter.ts). */
export function newsletterWords(locale: Locale, key: 'mail.newsletterPageTitle' | 'mail.newsletterConfirmPrompt' | 'mail.newsletterConfirmButton' | 'mail.newsletterConfirmed' | 'mail.newsletterUnsubscribePrompt' | 'mail.newsletterUnsubscribeButton' | 'mail.newsletterUnsubscribed' | 'mail.newsletterLinkInvalid' | 'mail.newsletterHome', siteName: string): string {
  return say(locale, key, { siteName })
}

/** To the account's owner, once, when a profile's PIN was got wrong past the limit. */
export function wrongPinsMail(env: Pick<Bindings, 'SITE_NAME'>, to: string, origin: string, locale: Locale = 'en'): Mail {
  const siteName = env.SITE_NAME
  const loginUrl = `${origin}${localizedPath(locale, '/profile')}`
  return {
    to,
    subject: say(locale, 'mail.wrongPinsSubject', { siteName }),
    text: [say(locale, 'mail.wrongPins', { siteName }), '', say(locale, 'mail.wrongPinsIfNotYou', { loginUrl })].join('\n'),
  }
}
