/**
 * Your data: the watchlist, history and ratings as CSV (the columns Letterboxd imports), everything the site
 * holds on the account as JSON, and deleting the account after the current password. Downloads are
 * plain links: the browser sends the session cookie and saves the file the worker names.
 */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { localeOfPath, t, type MessageId } from '../../i18n'
import { paths } from '../../lib/paths'
import { useRefreshSession } from '../../lib/session'
import { FormError, PasswordField } from './auth-form'
import { useDeleteAccount } from './api'
import { AccountSection } from './account-section'

const downloads: { href: string; label: MessageId }[] = [
  { href: '/api/me/export/watchlist.csv', label: 'account.downloadWatchlist' },
  { href: '/api/me/export/history.csv', label: 'account.downloadHistory' },
  { href: '/api/me/ratings/export.csv', label: 'taste.exportRatings' },
  { href: '/api/me/export.json', label: 'account.downloadAll' },
]

export function MyDataSection({ canDelete }: { canDelete: boolean }) {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const remove = useDeleteAccount()
  const toast = useToast()
  const refresh = useRefreshSession()

  const close = () => {
    setPassword('')
    setError(null)
    setOpen(false)
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    remove.mutate(password, {
      onSuccess: (answer) => {
        toast(answer.message, 'success')
        refresh()
        // A full load of the home page in the page's own language (the router's links carry its prefix; this does not).
        setTimeout(() => window.location.assign(localeOfPath(window.location.pathname).basename || '/'), 1000)
      },
      onError: (err) => setError(err.message),
    })
  }

  return (
    <AccountSection id="my-data-title" title={t('account.yourData')} intro={t('account.yourDataIntro')}>
      <ul className="mt-4 flex flex-wrap gap-3">
        {downloads.map((d) => (
          <li key={d.href}>
            <a href={d.href} download className="inline-flex min-h-10 items-center rounded-lg border border-neutral-700 px-4 py-2 text-sm font-semibold text-neutral-100 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-brand-500">
              {t(d.label)}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-neutral-300">
        {t('account.comingFromAnotherSite')}{' '}
        <Link to={paths.importData()} className="font-semibold text-brand-400 underline hover:text-brand-300">
          {t('account.importLink')}
        </Link>
      </p>
      {canDelete && (
        <div className="mt-6 border-t border-neutral-800 pt-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0 flex-[1_1_16rem]">
              <h3 className="font-semibold text-red-300">{t('account.deleteAccount')}</h3>
              <p className="mt-1 text-sm break-words text-neutral-400">{t('account.deleteAccountNote')}</p>
            </div>
            {!open && (
              <Button variant="secondary" onClick={() => setOpen(true)} aria-expanded={false}>
                {t('account.deleteAccount')}
              </Button>
            )}
          </div>
          {open && (
            <form onSubmit={onSubmit} className="mt-4 max-w-md space-y-4" aria-label={t('account.deleteAccountForm')}>
              <PasswordField label={t('account.currentPassword')} showLabel={t('account.showCurrentPassword')} hideLabel={t('account.hideCurrentPassword')} name="deletePassword" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
              <FormError message={error} />
              <div className="flex justify-end gap-3">
                <Button variant="secondary" onClick={close}>
                  {t('account.cancel')}
                </Button>
                <Button type="submit" variant="danger" busy={remove.isPending} busyLabel={t('account.deleting')}>
                  {t('account.deleteMyAccount')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </AccountSection>
  )
}
