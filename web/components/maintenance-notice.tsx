/**
 * The site-wide notice while the operator's maintenance switch is on (GET /api/config says so):
 * visitors learn before filling in a form that sign-ups and account changes are paused, rather
 * than from the form failing.
 */
import { t } from '../i18n'
import { useMaintenanceOn } from '../lib/images'

export function MaintenanceNotice() {
  const on = useMaintenanceOn()
  return (
    <div role="status" data-testid="maintenance-notice">
      {on && <p className="border-b border-amber-500/40 bg-amber-950/80 px-4 py-2 text-center text-sm text-amber-100 md:px-8">{t('shell.maintenance')}</p>}
    </div>
  )
}
