/**
 * The access-denied view and its variants (SPEC.md section 6): login-required, admin-required,
 * permission-denied and default, each with Go Back and Go to Home (or only Go Back where SPEC.md
 * says so, as on the visitor's watchlist and history pages).
 */
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { t, type MessageId } from '../i18n'
import { paths } from '../lib/paths'
import { useDocumentMeta } from '../lib/use-document-meta'

export type AccessDeniedVariant = 'login-required' | 'admin-required' | 'permission-denied' | 'default'

const texts: Record<AccessDeniedVariant, { title: MessageId; message: MessageId }> = {
  'login-required': { title: 'shell.accessRestricted', message: 'shell.accessRestrictedMessage' },
  'admin-required': { title: 'shell.adminAccessRequired', message: 'shell.adminAccessRequiredMessage' },
  'permission-denied': { title: 'shell.permissionDenied', message: 'shell.permissionDeniedMessage' },
  default: { title: 'shell.accessDenied', message: 'shell.accessDeniedMessage' },
}

export function AccessDenied({
  variant = 'default',
  heading,
  subheading,
  showHome = true,
  children,
}: {
  variant?: AccessDeniedVariant
  /** Overrides the variant's title (for example 'Admin Dashboard Access Denied'), in the page's language. */
  heading?: string
  /** A second line under the title (for example 'Login to View Your Watchlist'). */
  subheading?: string
  showHome?: boolean
  children?: ReactNode
}) {
  const navigate = useNavigate()
  const text = texts[variant]
  const title = heading ?? t(text.title)
  useDocumentMeta(title)
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center" aria-labelledby="access-denied-title">
      <div className="mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-brand-600/15 text-brand-400" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <rect x="4" y="10" width="16" height="11" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" />
        </svg>
      </div>
      <h1 id="access-denied-title" className="text-2xl font-bold">{title}</h1>
      {subheading && <p className="mt-2 text-lg text-neutral-200">{subheading}</p>}
      <p className="mt-3 text-neutral-300">{t(text.message)}</p>
      <p className="mt-2 text-sm text-neutral-400">{t('shell.contactAdministrator')}</p>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => navigate(-1)} className="rounded-lg border border-neutral-600 px-5 py-2.5 font-semibold hover:bg-neutral-800">
          {t('common.goBack')}
        </button>
        {showHome && (
          <Link to={paths.home()} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
            {t('common.goToHome')}
          </Link>
        )}
      </div>
    </section>
  )
}
