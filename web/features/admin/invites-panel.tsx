/**
 * Administrators: invite another by e-mail (a one-time link good for 24 hours; the invitee sets up
 * a second factor at the first sign-in), and see or revoke the invitations still open.
 */
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { FormError, TextField } from '../account/auth-form'
import { useInvites, useRevokeInvite, useSendInvite } from './api'
import { formatWhen, Panel } from './figures'

export function InvitesPanel() {
  const invites = useInvites()
  const send = useSendInvite()
  const revoke = useRevokeInvite()
  const toast = useToast()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    const to = email.trim()
    send.mutate(to, {
      onSuccess: () => {
        toast(t('admin.inviteSent', { email: to }), 'success')
        setEmail('')
      },
      onError: (err) => setError(err.message),
    })
  }

  return (
    <Panel id="security-administrators" title={t('admin.administrators')}>
      <p className="text-sm text-neutral-300">{t('admin.inviteIntro')}</p>
      <form onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-3" aria-label={t('admin.sendInvite')}>
        <div className="min-w-0 flex-1 basis-64">
          <TextField label={t('admin.inviteEmail')} type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Button type="submit" busy={send.isPending} busyLabel={t('admin.sendingInvite')}>
          {t('admin.sendInvite')}
        </Button>
      </form>
      {error && (
        <div className="mt-2">
          <FormError message={error} />
        </div>
      )}
      <h3 className="mt-5 text-sm font-semibold text-neutral-200">{t('admin.openInvites')}</h3>
      {invites.data && invites.data.length === 0 && <p className="mt-2 text-sm text-neutral-400">{t('admin.noOpenInvites')}</p>}
      {invites.data && invites.data.length > 0 && (
        <ul className="mt-2 divide-y divide-neutral-800" aria-label={t('admin.openInvites')}>
          {invites.data.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium" dir="ltr">
                  {invite.email}
                </p>
                <p className="text-xs text-neutral-400">{t('admin.inviteDetails', { name: invite.invited_by, date: formatWhen(invite.expires_at, 'minute') })}</p>
              </div>
              <Button
                variant="danger"
                aria-label={t('admin.revokeInvite', { email: invite.email })}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invite.id, { onSuccess: () => toast(t('admin.inviteRevoked'), 'success'), onError: (err) => toast(err.message, 'error') })}
              >
                {t('admin.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
