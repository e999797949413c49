/**
 * My services on the profile: what the account has chosen (kept on the account) and the picker to
 * change it, the same one the "On my services" switch opens. Its code loads with the switch's.
 */
import { lazy, Suspense } from 'react'

const MyServicesPanel = lazy(() => import('../../components/my-services-bar').then((m) => ({ default: m.MyServicesPanel })))

export function MyServicesSection() {
  return (
    <Suspense fallback={<div className="h-44 rounded-2xl border border-neutral-800 bg-neutral-900/60" />}>
      <MyServicesPanel />
    </Suspense>
  )
}
