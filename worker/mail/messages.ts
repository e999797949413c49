/** The texts of the e-mails the site sends. Plain text: nothing in them can run. */
import type { Bindings } from '../env'
import type { Mail } from './mailer'

export function signInWarning(env: Pick<Bindings, 'SITE_NAME'>, to: string, requestUrl: string): Mail {
  const origin = new URL(requestUrl).origin
  return {
    to,
    subject: `${env.SITE_NAME}: repeated failed sign-ins to your account`,
    text: [
      `Someone has tried to sign in to your ${env.SITE_NAME} account with a wrong password many times in the last few minutes.`,
      '',
      'If it was you, there is nothing to do. Your account is not locked: you can still sign in from a device you have used before.',
      `If it was not you, your password has held. To be safe, choose a new one at ${origin}/login ("Forgot password?") or on your profile.`,
    ].join('\n'),
  }
}

export function passwordResetMail(env: Pick<Bindings, 'SITE_NAME'>, to: string, link: string, minutes: number): Mail {
  return {
    to,
    subject: `${env.SITE_NAME}: reset your password`,
    text: [
      `Someone (we hope you) asked to reset the password of your ${env.SITE_NAME} account.`,
      '',
      `Choose a new password here within ${minutes} minutes; the link works once:`,
      link,
      '',
      'Resetting signs you out on every device. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  }
}
