/**
 * Passkeys on the profile: the account's passkeys with when each was added and last used, Add a
 * passkey (the browser's own prompt; its code loads only when the button is pressed) and Remove.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { currentLocale, t } from '../../i18n'
import { passkeyKeys, usePasskeys, useRemovePasskey, type AccountPasskey } from './api'
import { addPasskey, passkeysSupported } from './passkey-ceremonies'

function used(passkey: AccountPasskey): string {
  const dateFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' })
  const added = dateFormat.format(Date.parse(passkey.created_at))
  return passkey.last_used_at
    ? t('account.passkeyAddedAndUsed', { added, used: dateFormat.format(Date.parse(passkey.last_used_at)) })
    : t('account.passkeyAddedNotUsed', { added })
}

export function PasskeysSection() {
  const passkeys = usePasskeys()
  const remove = useRemovePasskey()
  const client = useQueryClient()
  const toast = useToast()
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: () => {
      toast(t('account.passkeyAdded'), 'success')
      return client.invalidateQueries({ queryKey: passkeyKeys.list })
    },
    onError: (err) => toast(err.message, 'error'),
  })

  return (
    <section aria-labelledby="passkeys-title" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="passkeys-title" className="text-xl font-semibold">
          {t('account.passkeys')}
        </h2>
        <Button variant="secondary" onClick={() => add.mutate()} busy={add.isPending} busyLabel={t('account.waitingForDevice')} disabled={!passkeysSupported()}>
          {t('account.addPasskey')}
        </Button>
      </div>
      <p className="mt-2 text-sm text-neutral-400">{t('account.passkeysIntro')}</p>
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
                onClick={() =>
                  remove.mutate(passkey.id, {
                    onSuccess: () => toast(t('account.passkeyRemoved'), 'success'),
                    onError: (err) => toast(err.message, 'error'),
                  })
                }
                busy={remove.isPending && remove.variables === passkey.id}
                busyLabel={t('account.removing')}
                aria-label={t('account.removePasskey', { name: passkey.name })}
              >
                {t('account.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
