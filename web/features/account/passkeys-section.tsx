/**
 * Passkeys on the profile: the account's passkeys with when each was added and last used, Add a
 * passkey (the browser's own prompt; its code loads only when the button is pressed) and Remove.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { passkeyKeys, usePasskeys, useRemovePasskey, type AccountPasskey } from './api'
import { addPasskey, passkeysSupported } from './passkey-ceremonies'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

function used(passkey: AccountPasskey): string {
  const added = `Added ${dateFormat.format(Date.parse(passkey.created_at))}`
  return passkey.last_used_at ? `${added} · last used ${dateFormat.format(Date.parse(passkey.last_used_at))}` : `${added} · not used yet`
}

export function PasskeysSection() {
  const passkeys = usePasskeys()
  const remove = useRemovePasskey()
  const client = useQueryClient()
  const toast = useToast()
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: () => {
      toast('Passkey added.', 'success')
      return client.invalidateQueries({ queryKey: passkeyKeys.list })
    },
    onError: (err) => toast(err.message, 'error'),
  })

  return (
    <section aria-labelledby="passkeys-title" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="passkeys-title" className="text-xl font-semibold">
          Passkeys
        </h2>
        <Button variant="secondary" onClick={() => add.mutate()} busy={add.isPending} busyLabel="Waiting for your device..." disabled={!passkeysSupported()}>
          Add a passkey
        </Button>
      </div>
      <p className="mt-2 text-sm text-neutral-400">Sign in with your fingerprint, face, screen lock or security key instead of your password.</p>
      {passkeys.isError ? (
        <p role="alert" className="mt-3 text-red-300">
          Your passkeys could not be loaded.
        </p>
      ) : !passkeys.data ? (
        <p role="status" className="mt-3 text-neutral-400">
          Loading...
        </p>
      ) : passkeys.data.passkeys.length === 0 ? (
        <p className="mt-3 text-neutral-300">No passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-neutral-800">
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
                    onSuccess: () => toast('Passkey removed.', 'success'),
                    onError: (err) => toast(err.message, 'error'),
                  })
                }
                busy={remove.isPending && remove.variables === passkey.id}
                busyLabel="Removing..."
                aria-label={`Remove ${passkey.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
