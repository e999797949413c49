/**
 * "Hide watched" over a grid, for a signed-in viewer: their account's choice (web/lib/preferences.ts),
 * after which the grid asks again and the server leaves out what they have watched. The switch and
 * its words load only for a signed-in viewer, so a visitor's grid loads nothing more.
 */
import { lazy, Suspense } from 'react'
import { loadAreas } from '../i18n'
import { awaitsSecondFactor, useSession } from '../lib/session'

const HideWatchedControl = lazy(() => Promise.all([import('./hide-watched-control'), loadAreas(['taste'])]).then(([m]) => ({ default: m.HideWatchedControl })))

export function HideWatchedSwitch() {
  const session = useSession()
  if (!session || awaitsSecondFactor(session)) return null
  return (
    <Suspense fallback={null}>
      <HideWatchedControl />
    </Suspense>
  )
}
