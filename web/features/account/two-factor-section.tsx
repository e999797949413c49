/**
 * Two-factor sign-in on an administrator's profile: whether the authenticator app is on and how
 * many recovery codes are left, and the changes (a new app, removing it, new recovery codes).
 * Each change asks first for the password and a fresh code or a passkey; the worker then signs
 * out the administrator's other browsers and e-mails the owner.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { twoFactorKeys, useTwoFactorState } from './api'
import type { FactorChangeConfirmation } from './passkey-ceremonies'
import { AuthenticatorKeyForm, ConfirmFactorChange, RecoveryCodes, type TotpSecret } from './two-factor-parts'
import { AccountSection } from './account-section'

type Change = 'newApp' | 'removeApp' | 'newCodes'

export function TwoFactorSection() {
  const state = useTwoFactorState(true)
  const client = useQueryClient()
  const toast = useToast()
  const [change, setChange] = useState<Change | null>(null)
  const [secret, setSecret] = useState<TotpSecret | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)

  // a change signs out the administrator's other browsers
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: twoFactorKeys.state }), client.invalidateQueries({ queryKey: ['me', 'sessions'] })])
  const finish = () => {
    setChange(null)
    setSecret(null)
    setCodes(null)
    void refresh()
  }

  const confirm = async (confirmation: FactorChangeConfirmation) => {
    if (change === 'removeApp') {
      await readJson(api.me['two-factor'].totp.$delete({ json: confirmation }))
      toast(t('account.authenticatorAppRemoved'), 'success')
      finish()
    } else if (change === 'newCodes') {
      setCodes((await readJson<{ recovery_codes: string[] }>(api.me['two-factor']['recovery-codes'].$post({ json: confirmation }))).recovery_codes)
      void refresh()
    } else {
      setSecret(await readJson<TotpSecret>(api.me['two-factor'].totp.setup.$post({ json: confirmation })))
    }
  }

  const actions: { change: Change; label: string; shown: boolean; variant: 'secondary' | 'danger' }[] = [
    { change: 'newApp', label: state.data?.totp ? t('account.setUpNewAuthenticatorApp') : t('account.setUpAuthenticatorApp'), shown: true, variant: 'secondary' },
    { change: 'newCodes', label: t('account.makeNewRecoveryCodes'), shown: true, variant: 'secondary' },
    { change: 'removeApp', label: t('account.removeAuthenticatorApp'), shown: state.data?.totp === true, variant: 'danger' },
  ]
  const chosen = actions.find((action) => action.change === change)

  return (
    <AccountSection id="two-factor-title" title={t('account.twoFactorSection')} intro={t('account.twoFactorSectionIntro')}>
      {state.isError ? (
        <p role="alert" className="mt-3 text-red-300">
          {t('account.twoFactorLoadFailed')}
        </p>
      ) : !state.data ? (
        <p role="status" className="mt-3 text-neutral-400">
          {t('account.loading')}
        </p>
      ) : (
        <>
          <ul className="mt-4 space-y-1 text-neutral-200">
            <li>{state.data.totp ? t('account.authenticatorAppOn') : t('account.authenticatorAppOff')}</li>
            <li>{t('account.recoveryCodesLeft', { count: state.data.recovery_codes_left })}</li>
          </ul>
          {codes ? (
            <div className="mt-4 max-w-md">
              <RecoveryCodes codes={codes} intro={change === 'newCodes' ? t('account.newRecoveryCodesIntro') : t('account.recoveryCodesIntro')} onDone={finish} />
            </div>
          ) : secret ? (
            <div className="mt-4 max-w-md">
              <AuthenticatorKeyForm
                secret={secret}
                onEnabled={(made) => {
                  toast(t('account.authenticatorAppSetUp'), 'success')
                  setCodes(made)
                  void refresh()
                }}
              />
            </div>
          ) : chosen ? (
            <ConfirmFactorChange action={chosen.label} withPasskey={state.data.passkeys > 0} confirm={confirm} onCancel={() => setChange(null)} />
          ) : (
            <div className="mt-4 flex flex-wrap gap-3">
              {actions
                .filter((action) => action.shown)
                .map((action) => (
                  <Button key={action.change} variant={action.variant} onClick={() => setChange(action.change)}>
                    {action.label}
                  </Button>
                ))}
            </div>
          )}
        </>
      )}
    </AccountSection>
  )
}
