/**
 * The site-wide notice while the operator's maintenance switch is on (GET /api/config says so):
 * visitors learn before filling in a form that sign-ups and account changes are paused, rather
 * than from the form failing.
 */
import { useMaintenanceOn } from '../lib/images'

export const MAINTENANCE_NOTICE = 'The site is under maintenance. Browsing and watching work as usual; signing up and changes to accounts are paused. Please try again later.'

export function MaintenanceNotice() {
  const on = useMaintenanceOn()
  return (
    <div role="status" data-testid="maintenance-notice">
      {on && <p className="border-b border-amber-500/40 bg-amber-950/80 px-4 py-2 text-center text-sm text-amber-100 md:px-8">{MAINTENANCE_NOTICE}</p>}
    </div>
  )
}
