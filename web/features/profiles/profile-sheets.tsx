/**
 * The profiles manager's questions, each in a sheet: a profile's PIN (set or removed, with the
 * account's password), the account's PIN guard (turned on or off, with the password too) and
 * whether to delete a profile.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '../../components/button'
import { Sheet } from '../../components/sheet'
import { t } from '../../i18n'
import type { Profile } from './api'
import { PIN_PATTERN } from './pin-pad'

const inputClass =
  'mt-1 block w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2.5 text-neutral-100 focus:border-brand-400 aria-[invalid=true]:border-red-400'

function Problem({ id, message }: { id: string; message: string | null }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
      {message}
    </p>
  )
}

function PasswordField({ id, value, onChange, invalid, describedBy }: { id: string; value: string; onChange: (value: string) => void; invalid: boolean; describedBy?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {t('profiles.accountPassword')}
      </label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  )
}

/** Runs `send`, saying its failure in the sheet; the sheet closes on success. */
function useSend(onDone: () => void) {
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const send = async (which: string, call: () => Promise<unknown>) => {
    setBusy(which)
    setProblem(null)
    try {
      await call()
      onDone()
    } catch (err) {
      setProblem(err instanceof Error ? err.message : t('profiles.somethingWentWrong'))
    } finally {
      setBusy(null)
    }
  }
  return { busy, problem, setProblem, send }
}

/** A profile's PIN: a new one (or a change), or none, with the account's password. */
export function PinSettingsSheet({
  profile,
  onSave,
  onClose,
}: {
  profile: Profile
  onSave: (password: string, pin: string | null) => Promise<unknown>
  onClose: () => void
}) {
  const [password, setPassword] = useState('')
  const [pin, setPin] = useState('')
  const { busy, problem, setProblem, send } = useSend(onClose)
  const ids = { password: useId(), pin: useId(), hint: useId(), problem: useId() }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!PIN_PATTERN.test(pin)) return setProblem(t('profiles.pinFourDigits'))
    void send('set', () => onSave(password, pin))
  }

  return (
    <Sheet
      open
      onClose={onClose}
      heading={profile.locked ? t('profiles.changePinTitle', { name: profile.name }) : t('profiles.setPinTitle', { name: profile.name })}
      subheading={<p className="mt-1 text-sm text-neutral-400">{t('profiles.pinExplanation')}</p>}
      closeLabel={t('profiles.cancel')}
    >
      <form onSubmit={submit} className="space-y-4 overflow-y-auto px-5 py-5">
        <PasswordField id={ids.password} value={password} onChange={setPassword} invalid={!!problem} describedBy={problem ? ids.problem : undefined} />
        <div>
          <label htmlFor={ids.pin} className="block text-sm font-medium text-neutral-200">
            {t('profiles.newPinLabel')}
          </label>
          <input
            id={ids.pin}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{4}"
            maxLength={4}
            value={pin}
            aria-describedby={ids.hint}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
            className={`${inputClass} tracking-[0.5em]`}
          />
          <p id={ids.hint} className="mt-1 text-xs text-neutral-400">
            {t('profiles.pinFourDigits')}
          </p>
        </div>
        <Problem id={ids.problem} message={problem} />
        <div className="flex flex-wrap justify-end gap-2">
          {profile.locked && (
            <Button variant="danger" busy={busy === 'remove'} disabled={!password || busy !== null} onClick={() => void send('remove', () => onSave(password, null))}>
              {t('profiles.removePin')}
            </Button>
          )}
          <Button type="submit" busy={busy === 'set'} disabled={!password || busy !== null}>
            {t('profiles.savePin')}
          </Button>
        </div>
      </form>
    </Sheet>
  )
}

/** Turning the account's PIN guard on or off, with the account's password. */
export function GuardSheet({ on, onSave, onClose }: { on: boolean; onSave: (password: string) => Promise<unknown>; onClose: () => void }) {
  const [password, setPassword] = useState('')
  const { busy, problem, send } = useSend(onClose)
  const ids = { password: useId(), problem: useId() }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send('guard', () => onSave(password))
  }
  return (
    <Sheet
      open
      onClose={onClose}
      heading={on ? t('profiles.guardOnTitle') : t('profiles.guardOffTitle')}
      subheading={<p className="mt-1 text-sm text-neutral-400">{t('profiles.guardExplanation')}</p>}
      closeLabel={t('profiles.cancel')}
    >
      <form onSubmit={submit} className="space-y-4 overflow-y-auto px-5 py-5">
        <PasswordField id={ids.password} value={password} onChange={setPassword} invalid={!!problem} describedBy={problem ? ids.problem : undefined} />
        <Problem id={ids.problem} message={problem} />
        <div className="flex justify-end">
          <Button type="submit" busy={busy !== null} disabled={!password}>
            {on ? t('profiles.guardTurnOn') : t('profiles.guardTurnOff')}
          </Button>
        </div>
      </form>
    </Sheet>
  )
}

/** Whether to delete a profile, and what goes with it. */
export function DeleteSheet({ profile, onConfirm, onClose }: { profile: Profile; onConfirm: () => void; onClose: () => void }): ReactNode {
  return (
    <Sheet
      open
      onClose={onClose}
      heading={t('profiles.deleteTitle', { name: profile.name })}
      subheading={<p className="mt-1 text-sm text-neutral-400">{t('profiles.deleteExplanation')}</p>}
      closeLabel={t('profiles.cancel')}
    >
      <div className="flex justify-end gap-2 px-5 py-5">
        <Button variant="secondary" onClick={onClose} autoFocus>
          {t('profiles.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {t('profiles.deleteConfirm')}
        </Button>
      </div>
    </Sheet>
  )
}
