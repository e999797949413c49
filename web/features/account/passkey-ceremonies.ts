/**
 * The browser half of passkeys: asks the worker for a challenge, lets the browser's
 * authenticator answer it (@simplewebauthn/browser, loaded only when a passkey button is
 * pressed), and sends the answer back. A cancelled prompt is an Error like any other.
 */
import type { InferRequestType } from 'hono/client'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import type { SessionAccount } from '../../lib/session'

type Options<T> = T extends (args: { optionsJSON: infer O }) => unknown ? O : never
type Browser = typeof import('@simplewebauthn/browser')

/** The worker checks the answer's shape loosely and SimpleWebAuthn checks the rest; the browser's own types are stricter. */
type AnswerJson = InferRequestType<typeof api.auth.passkey.$post>['json']['response']

/** What confirms a change of an administrator's factors: the password and a code, or the password and a passkey's answer; users send nothing. */
export type FactorChangeConfirmation = InferRequestType<typeof api.me.passkeys.options.$post>['json']

const loadBrowser = (): Promise<Browser> => import('@simplewebauthn/browser')

function friendly(err: unknown): Error {
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return new Error(t('account.passkeyPromptClosed'))
  return err instanceof Error ? err : new Error(t('account.passkeyFailed'))
}

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

export async function addPasskey(confirmation: FactorChangeConfirmation = {}): Promise<void> {
  const browser = await loadBrowser()
  const optionsJSON = await readJson<Options<Browser['startRegistration']>>(api.me.passkeys.options.$post({ json: confirmation }))
  let response
  try {
    response = await browser.startRegistration({ optionsJSON })
  } catch (err) {
    throw friendly(err)
  }
  await readJson(api.me.passkeys.$post({ json: { response: response as unknown as AnswerJson } }))
}

export async function signInWithPasskey(): Promise<SessionAccount> {
  const browser = await loadBrowser()
  const optionsJSON = await readJson<Options<Browser['startAuthentication']>>(api.auth.passkey.options.$post())
  let response
  try {
    response = await browser.startAuthentication({ optionsJSON })
  } catch (err) {
    throw friendly(err)
  }
  return readJson<SessionAccount>(api.auth.passkey.$post({ json: { response: response as unknown as AnswerJson } }))
}

/** One of the administrator's passkeys answering a second-factor challenge; the answer is sent by the caller. */
export async function passkeyConfirmation(): Promise<AnswerJson> {
  const browser = await loadBrowser()
  const optionsJSON = await readJson<Options<Browser['startAuthentication']>>(api.auth['second-factor'].passkey.options.$post())
  try {
    return (await browser.startAuthentication({ optionsJSON })) as unknown as AnswerJson
  } catch (err) {
    throw friendly(err)
  }
}

/** An administrator's second factor with one of their passkeys. */
export async function passSecondFactorWithPasskey(): Promise<void> {
  const response = await passkeyConfirmation()
  await readJson(api.auth['second-factor'].passkey.$post({ json: { response } }))
}
