/**
 * The PIN pad and the flow around it. A call that may need a PIN (choosing a locked profile,
 * leaving a kids one, changing profiles while the account's guard is on) is tried without one
 * first; when the server answers that it needs one, the pad asks for the four digits and the call
 * is tried again with them, saying after a wrong PIN how many tries are left and, once the profile
 * has to wait, for how long.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '../../components/button'
import { Sheet } from '../../components/sheet'
import { t } from '../../i18n'
import { ProfileError } from './api'

export const PIN_PATTERN = /^\d{4}$/

export interface PinAsk<T> {
  /** What the PIN is for, as the pad's heading. */
  heading: string
  /** The line under it: whose PIN, or why it is asked. */
  detail?: ReactNode
  /** The call, without a PIN the first time. */
  attempt: (pin: string | undefined) => Promise<T>
}

interface Asking {
  ask: PinAsk<unknown>
  problem: ProfileError | null
  finish: (answer: { value: unknown } | null) => void
}

/**
 * `run(ask)` answers the call's result, or null when the pad was closed without a PIN that
 * worked; an error that no PIN would answer is thrown from the first try, and said on the pad after.
 * `pad` is the pad itself, to place in the page.
 */
export function usePinFlow() {
  const [asking, setAsking] = useState<Asking | null>(null)

  const run = useCallback(async <T,>(ask: PinAsk<T>): Promise<T | null> => {
    try {
      return await ask.attempt(undefined)
    } catch (err) {
      if (!(err instanceof ProfileError) || !err.asksForPin) throw err
      const answer = await new Promise<{ value: unknown } | null>((finish) => setAsking({ ask, problem: err.pinRequired ? null : err, finish }))
      return answer ? (answer.value as T) : null
    }
  }, [])

  const close = () => {
    asking?.finish(null)
    setAsking(null)
  }

  const submit = async (pin: string) => {
    if (!asking) return
    try {
      const value = await asking.ask.attempt(pin)
      asking.finish({ value })
      setAsking(null)
    } catch (err) {
      setAsking({ ...asking, problem: err instanceof ProfileError ? err : new ProfileError(0, { error: t('profiles.somethingWentWrong') }) })
    }
  }

  const pad = asking && <PinPad key={asking.ask.heading} heading={asking.ask.heading} detail={asking.ask.detail} problem={asking.problem} onSubmit={submit} onClose={close} />
  return { run, pad }
}

/** Seconds from now until `until`, updated each second while there are some. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    setNow(Date.now())
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(tick)
  }, [until])
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000))
}

function PinPad({
  heading,
  detail,
  problem,
  onSubmit,
  onClose,
}: {
  heading: string
  detail?: ReactNode
  problem: ProfileError | null
  onSubmit: (pin: string) => Promise<void>
  onClose: () => void
}) {
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const problemId = useId()
  // The wait counts from the answer that brought it, not from each render.
  const until = useMemo(() => (problem?.retryAfter != null ? Date.now() + problem.retryAfter * 1000 : null), [problem])
  const wait = useSecondsLeft(until)

  // Each answer clears the digits and gives the field the focus again, for the next try.
  useEffect(() => {
    setPin('')
    input.current?.focus()
  }, [problem, wait === 0])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!PIN_PATTERN.test(pin) || busy || wait > 0) return
    setBusy(true)
    try {
      await onSubmit(pin)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Sheet open onClose={onClose} heading={heading} subheading={detail && <p className="mt-1 text-sm text-neutral-400">{detail}</p>} closeLabel={t('profiles.cancel')}>
      <form onSubmit={submit} className="space-y-4 px-5 py-5">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-neutral-200">
            {t('profiles.pinLabel')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{4}"
            maxLength={4}
            autoFocus
            disabled={wait > 0}
            value={pin}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
            className="mt-1 block w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-3 text-center text-2xl tracking-[0.5em] text-neutral-100 focus:border-brand-400 aria-[invalid=true]:border-red-400 disabled:opacity-60"
          />
        </div>
        {problem && (
          <div id={problemId} role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
            <p>{problem.message}</p>
            {problem.wrongPin && problem.attemptsLeft !== null && <p className="mt-1 font-semibold">{t('profiles.attemptsLeft', { count: problem.attemptsLeft })}</p>}
            {wait > 0 && <p className="mt-1 font-semibold">{t('profiles.waitMinutes', { count: Math.ceil(wait / 60) })}</p>}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('profiles.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={pin.length !== 4 || wait > 0}>
            {t('profiles.pinSubmit')}
          </Button>
        </div>
      </form>
    </Sheet>
  )
}
