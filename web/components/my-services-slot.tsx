/**
 * The place of the "On my services" bar on Home, Movies and TV Shows. The bar's code loads beside
 * the page rather than with the first script every page needs; its place is kept meanwhile (the
 * bar's height: two lines on a phone, one from 640 px), so the rows below do not move when it arrives.
 */
import { type ComponentProps, lazy, Suspense } from 'react'

const MyServicesBar = lazy(() => import('./my-services-bar').then((m) => ({ default: m.MyServicesBar })))

export function MyServicesSlot(props: ComponentProps<typeof MyServicesBar>) {
  return (
    <Suspense fallback={<div className="h-26 sm:h-20" />}>
      <MyServicesBar {...props} />
    </Suspense>
  )
}
