/**
 * Change Password (SPEC.md section 2, Profile): a form opened on demand. The server checks the
 * current password before accepting the new one and signs out the account's other sessions.
 */
import { useState, type FormEvent } from 'react'
import { useToast } from '../../components/toast'
import { FormError, PasswordField, passwordProblem, TextField } from './auth-form'
import { useChangePassword } from './api'
import { Button } from '../../components/button'

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function PasswordSection() {
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState(empty)
  const [error, setError] = useState<string | null>(null)
  const change = useChangePassword()
  const toast = useToast()

  const close = () => {
    setForm(empty)
    setError(null)
    setOpen(false)
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const problem = passwordProblem(form.newPassword, form.confirmPassword, 'New passwords do not match')
    if (problem) {
      setError(problem)
      return
    }
    setError(null)
    change.mutate(form, {
      onSuccess: () => {
        toast('Password updated successfully!', 'success')
        close()
      },
      onError: (err) => {
        setError(err.message)
        toast('Failed to update password', 'error')
      },
    })
  }

  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value })

  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="password-title" className="text-xl font-semibold">
          Change Password
        </h2>
        <Button variant="secondary" onClick={open ? close : () => setOpen(true)} aria-expanded={open}>
          {open ? 'Cancel' : 'Change Password'}
        </Button>
      </div>
      {open ? (
        <form onSubmit={onSubmit} className="mt-5 max-w-md space-y-4" aria-label="Change password">
          <PasswordField label="Current Password" name="currentPassword" autoComplete="current-password" required value={form.currentPassword} onChange={set('currentPassword')} />
          <PasswordField label="New Password" name="newPassword" autoComplete="new-password" required hint="At least 6 characters." value={form.newPassword} onChange={set('newPassword')} />
          <TextField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" required value={form.confirmPassword} onChange={set('confirmPassword')} />
          <FormError message={error} />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" busy={change.isPending} busyLabel="Updating...">
              Update Password
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-2 text-sm text-neutral-400">Changing your password signs you out on every other device.</p>
      )}
    </section>
  )
}
