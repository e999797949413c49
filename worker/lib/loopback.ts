/**
 * Loopback origins (`npm start`, the tests): plain http there is the machine talking to itself,
 * so cookies may go without Secure, HSTS is not sent and the dev mailbox answers.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export function isLoopback(requestUrl: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(requestUrl).hostname)
}

/** Cookies are Secure everywhere but plain http on a loopback origin, where browsers would drop them. */
export function cookieIsSecure(requestUrl: string): boolean {
  return !(new URL(requestUrl).protocol === 'http:' && isLoopback(requestUrl))
}
