/**
 * The language menu (footer, phone menu and account menu): every language of the site, each named
 * in its own language and marked with its `lang`, linking to this same page in that language.
 * Following one keeps the choice (lib/locale-choice.ts) and loads the page anew, so the page
 * comes with the new language's catalog; as plain links, they also work before the script runs.
 */
import { useCallback, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, localizedPath, type Locale } from '../../worker/lib/locales'
import { ChevronDownIcon, GlobeIcon } from '../components/icons'
import { currentLocale, t } from '../i18n'
import { currentAddressIn, rememberLocale } from '../lib/locale-choice'
import { useSession } from '../lib/session'
import { useDismiss } from '../lib/use-dismiss'

export interface LanguageChoice {
  locale: Locale
  /** The language's name in that language. */
  name: string
  /** This page in that language. */
  href: string
  current: boolean
  /** Keeps the choice; the link then goes to this page in that language. */
  choose: (link: HTMLAnchorElement) => void
}

/** Every language, with this page's address in it. */
export function useLanguageChoices(): LanguageChoice[] {
  // The router's location is the app's own path: the language prefix is its basename.
  const { pathname, search } = useLocation()
  const signedIn = !!useSession()
  const active = currentLocale()
  return LOCALES.map((locale) => ({
    locale,
    name: LOCALE_NAMES[locale],
    href: localizedPath(locale, pathname + search),
    current: locale === active,
    choose: (link) => {
      link.href = currentAddressIn(locale)
      rememberLocale(locale, signedIn)
    },
  }))
}

/**
 * A button naming the page's language that shows the list of languages: above the button (the
 * footer's place at the bottom of the page), or `inline` below it (the phone menu).
 */
export function LanguageMenu({ inline = false }: { inline?: boolean }) {
  const choices = useLanguageChoices()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setOpen(false), [])

  useDismiss(open, root, close, button)

  // The pseudo-locale of the tests is none of the menu's languages: it shows as English.
  const shown = choices.find((c) => c.current) ?? choices.find((c) => c.locale === DEFAULT_LOCALE)
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-neutral-300 hover:bg-neutral-800 hover:text-white"
      >
        <GlobeIcon width={16} height={16} className="shrink-0" />
        <span className="sr-only">{t('shell.language')}</span>
        {shown && <span lang={shown.locale}>{shown.name}</span>}
        <ChevronDownIcon width={14} height={14} className={`shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <ul
          id={listId}
          aria-label={t('shell.language')}
          className={
            inline
              ? 'mt-1 grid grid-cols-2 gap-1 text-sm'
              : 'absolute start-0 bottom-full z-50 mb-2 grid w-80 grid-cols-2 gap-1 rounded-lg border border-neutral-800 bg-neutral-900 p-2 text-sm shadow-xl'
          }
        >
          {choices.map((choice) => (
            <li key={choice.locale}>
              <LanguageLink choice={choice} className="block rounded-md px-3 py-2 text-neutral-300 hover:bg-neutral-800 hover:text-white aria-[current=true]:font-semibold aria-[current=true]:text-brand-400" />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** One language's link; in the account menu it is a menu item that is checked when current. */
export function LanguageLink({ choice, className, asMenuItem = false }: { choice: LanguageChoice; className?: string; asMenuItem?: boolean }) {
  return (
    <a
      href={choice.href}
      hrefLang={choice.locale}
      lang={choice.locale}
      onClick={(e) => choice.choose(e.currentTarget)}
      {...(asMenuItem ? { role: 'menuitemradio', 'aria-checked': choice.current } : { 'aria-current': choice.current ? 'true' : undefined })}
      className={className}
    >
      {choice.name}
    </a>
  )
}
