/**
 * Change Password (SPEC.md section 2, Profile): a form opened on demand. The server checks the
 * current password before accepting the new one and signs out the account's other sessions. An
 * administrator also gives a fresh second factor: a code from the app, a recovery code or a passkey.
 */
import { useState, type FormEvent } from 'react'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { FormError, MIN_ADMIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PasswordField, passwordProblem, TextField } from './auth-form'
import { useChangePassword, useTwoFactorState } from './api'
import { Button } from '../../components/button'
import { passkeyConfirmation, passkeysSupported } from './passkey-ceremonies'
import { CodeField } from './two-factor-parts'
import { AccountSection } from './account-section'

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function PasswordSection({ secondFactor = false }: { secondFactor?: boolean }) {
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState(empty)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const change = useChangePassword()
  const factors = useTwoFactorState(secondFactor && open)
  const toast = useToast()
  // an administrator's new password is longer, as the server asks
  const minLength = secondFactor ? MIN_ADMIN_PASSWORD_LENGTH : MIN_PASSWORD_LENGTH

  const close = () => {
    setForm(empty)
    setCode('')
    setError(null)
    setOpen(false)
  }

  const submit = (answer: () => Promise<{ code?: string; passkey?: Awaited<ReturnType<typeof passkeyConfirmation>> }>) => {
    const problem = passwordProblem(form.newPassword, form.confirmPassword, t('account.newPasswordsDoNotMatch'), minLength)
    if (problem) {
      setError(problem)
      return
    }
    setError(null)
    answer().then(
      (factor) => send({ ...form, ...factor }),
      (err: unknown) => setError(err instanceof Error ? err.message : t('account.somethingWentWrong')),
    )
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    submit(async () => (secondFactor ? { code: code.trim() } : {}))
  }

  const send = (request: Parameters<typeof change.mutate>[0]) =>
    change.mutate(request, {
      onSuccess: () => {
        toast(t('account.passwordUpdated'), 'success')
        close()
      },
      onError: (err) => {
        setError(err.message)
        toast(t('account.passwordUpdateFailed'), 'error')
      },
    })

  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value })

  return (
    <AccountSection
      id="password-title"
      title={t('account.changePassword')}
      action={
        <Button variant="secondary" onClick={open ? close : () => setOpen(true)} aria-expanded={open}>
          {open ? t('account.cancel') : t('account.changePassword')}
        </Button>
      }
    >
      {open ? (
        <form onSubmit={onSubmit} className="mt-5 max-w-md space-y-4" aria-label={t('account.changePasswordForm')}>
          <PasswordField label={t('account.currentPassword')} showLabel={t('account.showCurrentPassword')} hideLabel={t('account.hideCurrentPassword')} name="currentPassword" autoComplete="current-password" required value={form.currentPassword} onChange={set('currentPassword')} />
          <PasswordField label={t('account.newPassword')} showLabel={t('account.showNewPassword')} hideLabel={t('account.hideNewPassword')} name="newPassword" autoComplete="new-password" required hint={t('account.passwordHint', { min: minLength })} value={form.newPassword} onChange={set('newPassword')} />
          <TextField label={t('account.confirmNewPassword')} name="confirmPassword" type="password" autoComplete="new-password" required value={form.confirmPassword} onChange={set('confirmPassword')} />
          {secondFactor && <CodeField label={t('account.codeOrRecoveryCode')} value={code} onChange={setCode} />}
          <FormError message={error} />
          <div className="flex flex-wrap justify-end gap-3">
            {secondFactor && (factors.data?.passkeys ?? 0) > 0 && passkeysSupported() && (
              <Button variant="secondary" disabled={change.isPending} onClick={() => (form.currentPassword ? submit(async () => ({ passkey: await passkeyConfirmation() })) : setError(t('account.enterPasswordFirst')))}>
                {t('account.confirmWithPasskey')}
              </Button>
            )}
            <Button variant="secondary" onClick={close}>
              {t('account.cancel')}
            </Button>
            <Button type="submit" busy={change.isPending} busyLabel={t('account.updating')}>
              {t('account.updatePassword')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-2 text-sm text-neutral-400">{t('account.changePasswordNote')}</p>
      )}
    </AccountSection>
  )
}
