/**
 * The place of the "On my services" bar on Home, Movies and TV Shows. The bar's code loads beside
 * the page rather than with the first script every page needs; its place is kept meanwhile (the
 * bar's height: two lines on a phone, one from 640 px), so the rows below do not move when it arrives.
 */
import { type ComponentProps, Suspense } from 'react'
import { lazyPart } from '../lib/lazy-part'
import type { MyServicesBar as Bar } from './my-services-bar'

const MyServicesBar = lazyPart<ComponentProps<typeof Bar>>('my-services-bar', () => import('./my-services-bar').then((m) => m.MyServicesBar))

export function MyServicesSlot(props: ComponentProps<typeof MyServicesBar>) {
  return (
    <Suspense fallback={<div className="h-26 sm:h-20" />}>
      <MyServicesBar {...props} />
    </Suspense>
  )
}
