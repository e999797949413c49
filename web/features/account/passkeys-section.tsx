/**
 * Passkeys on the profile: the account's passkeys with when each was added and last used, Add a
 * passkey (the browser's own prompt; its code loads only when the button is pressed) and Remove.
 * An administrator's passkey is a second factor: adding or removing one first asks for the
 * password and a fresh code or passkey, as every change of its factors does.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { currentLocale, t } from '../../i18n'
import { passkeyKeys, twoFactorKeys, usePasskeys, useRemovePasskey, type AccountPasskey } from './api'
import { addPasskey, passkeysSupported, type FactorChangeConfirmation } from './passkey-ceremonies'
import { ConfirmFactorChange } from './two-factor-parts'
import { AccountSection } from './account-section'

function used(passkey: AccountPasskey): string {
  const dateFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' })
  const added = dateFormat.format(Date.parse(passkey.created_at))
  return passkey.last_used_at
    ? t('account.passkeyAddedAndUsed', { added, used: dateFormat.format(Date.parse(passkey.last_used_at)) })
    : t('account.passkeyAddedNotUsed', { added })
}

type Pending = { kind: 'add' } | { kind: 'remove'; passkey: AccountPasskey }

const noSubscription = () => () => {}

export function PasskeysSection({ secondFactor = false }: { secondFactor?: boolean }) {
  const passkeys = usePasskeys()
  const remove = useRemovePasskey()
  const client = useQueryClient()
  const toast = useToast()
  const [pending, setPending] = useState<Pending | null>(null)
  const add = useMutation({
    mutationFn: (confirmation: FactorChangeConfirmation = {}) => addPasskey(confirmation),
    onSuccess: () => {
      toast(t('account.passkeyAdded'), 'success')
      setPending(null)
      return Promise.all([client.invalidateQueries({ queryKey: passkeyKeys.list }), client.invalidateQueries({ queryKey: twoFactorKeys.state })])
    },
    onError: (err) => {
      if (!secondFactor) toast(err.message, 'error')
    },
  })
  const removeNow = (passkey: AccountPasskey, confirmation?: FactorChangeConfirmation) =>
    remove.mutateAsync(
      { id: passkey.id, confirmation },
      {
        onSuccess: () => {
          toast(t('account.passkeyRemoved'), 'success')
          setPending(null)
        },
        onError: (err) => {
          if (!secondFactor) toast(err.message, 'error')
        },
      },
    )

  // Unknown to the worker that paints the page: off as painted, then as this browser says once React has taken it over.
  const supported = useSyncExternalStore(noSubscription, passkeysSupported, () => false)

  return (
    <AccountSection
      id="passkeys-title"
      title={t('account.passkeys')}
      action={
        <Button
          variant="secondary"
          onClick={() => (secondFactor ? setPending({ kind: 'add' }) : add.mutate({}))}
          busy={add.isPending && !secondFactor}
          busyLabel={t('account.waitingForDevice')}
          disabled={!supported || pending !== null}
        >
          {t('account.addPasskey')}
        </Button>
      }
      intro={t('account.passkeysIntro')}
    >
      {pending && (
        <ConfirmFactorChange
          action={pending.kind === 'add' ? t('account.addPasskey') : t('account.removePasskey', { name: pending.passkey.name })}
          withPasskey={(passkeys.data?.passkeys.length ?? 0) > 0}
          confirm={(confirmation) => (pending.kind === 'add' ? add.mutateAsync(confirmation) : removeNow(pending.passkey, confirmation))}
          onCancel={() => setPending(null)}
        />
      )}
      {passkeys.isError ? (
        <p role="alert" className="mt-3 text-red-300">
          {t('account.passkeysLoadFailed')}
        </p>
      ) : !passkeys.data ? (
        <p role="status" className="mt-3 text-neutral-400">
          {t('account.loading')}
        </p>
      ) : passkeys.data.passkeys.length === 0 ? (
        <p className="mt-3 text-neutral-300">{t('account.noPasskeys')}</p>
      ) : (
        <ul aria-label={t('account.yourPasskeys')} className="mt-4 divide-y divide-neutral-800">
          {passkeys.data.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{passkey.name}</p>
                <p className="text-sm text-neutral-400">{used(passkey)}</p>
              </div>
              <Button
                variant="danger"
                onClick={() => (secondFactor ? setPending({ kind: 'remove', passkey }) : void removeNow(passkey).catch(() => undefined))}
                busy={!secondFactor && remove.isPending && remove.variables?.id === passkey.id}
                busyLabel={t('account.removing')}
                disabled={pending !== null}
                aria-label={t('account.removePasskey', { name: passkey.name })}
              >
                {t('account.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  )
}
