/**
 * This browser and the new-episode notices: whether it can get them, its Web Push subscription
 * (made with the site's VAPID public key through the service worker's registration) and telling
 * the server of it. The server keeps the subscription; the browser's own state says whether this
 * device is the one subscribed.
 */
import { api, readJson } from '../../lib/api-client'

export interface NoticesAnswer {
  available: boolean
  publicKey: string | null
  timeZone: string | null
  quietHours: { start: string; end: string } | null
  subscriptions: number
}

export type PushSupport = 'supported' | 'unsupported' | 'blocked'

/** Whether this browser can show push notices here, and whether the visitor has blocked them. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported'
  return Notification.permission === 'denied' ? 'blocked' : 'supported'
}

/** A base64url key (the VAPID public key) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** "22:00" and "07:00" as the API takes them; null unless both are clock times of the day. */
export function quietHours(start: string, end: string): { start: string; end: string } | null {
  const clock = /^(?:[01]\d|2[0-3]):[0-5]\d$/
  return clock.test(start) && clock.test(end) ? { start, end } : null
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Asks for permission, subscribes this browser and tells the server; false when the visitor said no. */
export async function subscribeThisBrowser(publicKey: string, timeZone: string): Promise<NoticesAnswer | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null
  const registration = await navigator.serviceWorker.ready
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
  const { endpoint, keys, expirationTime } = subscription.toJSON()
  return readJson<NoticesAnswer>(
    api.me.notices.subscriptions.$post({ json: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' }, expirationTime: expirationTime ?? null, timeZone } }),
  )
}

export async function unsubscribeThisBrowser(): Promise<NoticesAnswer | null> {
  const subscription = await currentSubscription()
  if (!subscription) return null
  const endpoint = subscription.endpoint
  await subscription.unsubscribe()
  return readJson<NoticesAnswer>(api.me.notices.subscriptions.$delete({ json: { endpoint } }))
}
