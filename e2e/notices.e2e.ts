/**
 * New-episode notices in Chromium: the profile's "Notify me on this device" with the notification
 * permission granted subscribes this browser and the server keeps the subscription; "Stop" drops it.
 *
 * What is replaced, and only that: headless Chromium here has no internet, so
 * PushManager.subscribe cannot reach Google's push service. An init script makes
 * `PushManager.prototype.subscribe` (and getSubscription) answer a subscription made in the page
 * with real P-256 keys (crypto.subtle) and a random auth secret, as a browser's would be; its
 * endpoint is an address on Google's push host, since the server accepts only the push services'
 * https hosts. Everything else is the real page, service worker registration, permission and API.
 * Delivery (the VAPID signature checked and the payload decrypted by a fake push service) is
 * checked in worker/test/push.test.ts: the worker here cannot reach any push service, and the
 * embedded catalogue's series have no episode becoming available for the notices' run to send.
 */
import { describe, expect, it } from 'vitest'
import { dismissCookieBanner, newPage, seriousA11yViolations, signInNewUser, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

const FAKE_PUSH_SERVICE = `
(() => {
  const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')
  let current = null
  PushManager.prototype.subscribe = async function (options) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
    const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey))
    const auth = b64(crypto.getRandomValues(new Uint8Array(16)))
    const endpoint = 'https://fcm.googleapis.com/fcm/send/e2e-' + crypto.randomUUID()
    const json = { endpoint, expirationTime: null, keys: { p256dh, auth } }
    window.__pushSubscription = { ...json, applicationServerKey: b64(options.applicationServerKey) }
    current = { endpoint, expirationTime: null, options, toJSON: () => json, unsubscribe: async () => ((current = null), true) }
    return current
  }
  PushManager.prototype.getSubscription = async function () {
    return current
  }
})()
`

describe('new-episode notices', () => {
  it('subscribes this browser from the profile with the permission granted, and stops', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await context.grantPermissions(['notifications'], { origin: baseUrl })
    await context.addInitScript(FAKE_PUSH_SERVICE)
    await signInNewUser(page, baseUrl, 'notices')
    await page.goto('/profile')
    const start = page.getByRole('button', { name: 'Notify me on this device' })
    await start.waitFor()
    await start.click()
    await page.getByRole('button', { name: 'Stop notices on this device' }).waitFor()
    await page.getByText('Notices go to 1 device.').waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])

    // the page subscribed with the site's VAPID key, and the server keeps it
    const made = (await page.evaluate(() => (window as unknown as { __pushSubscription: { applicationServerKey: string } }).__pushSubscription))
    const settings = (await (await page.request.get('/api/me/notices')).json()) as { publicKey: string; subscriptions: number }
    expect(made.applicationServerKey).toBe(settings.publicKey)
    expect(settings.subscriptions).toBe(1)

    await page.getByRole('button', { name: 'Stop notices on this device' }).click()
    await page.getByRole('button', { name: 'Notify me on this device' }).waitFor()
    expect(((await (await page.request.get('/api/me/notices')).json()) as { subscriptions: number }).subscriptions).toBe(0)
    await context.close()
  })
})
