/**
 * Security: who can sign in and who has lately, and what protects the accounts. Bans are made
 * from the Users tab; a ban ends every session of that account at once.
 */
import { t } from '../../i18n'
import type { DashboardStats } from './api'
import { Figure, FigureGrid, Panel } from './figures'
import { Button } from '../../components/button'
import { InvitesPanel } from './invites-panel'

export function SecurityTab({ stats, onManageUsers }: { stats: DashboardStats; onManageUsers: () => void }) {
  return (
    <div className="space-y-6">
      <FigureGrid label={t('admin.signInActivity')}>
        <Figure label={t('admin.adminAccounts')} value={stats.admins} />
        <Figure label={t('admin.userAccounts')} value={stats.users} />
        <Figure label={t('admin.signedIn7')} value={stats.activeUsers7d} />
        <Figure label={t('admin.signedIn30')} value={stats.activeUsers30d} />
        <Figure label={t('admin.noSignIn30')} value={Math.max(0, stats.users - stats.activeUsers30d)} />
      </FigureGrid>
      <Panel id="security-protections" title={t('admin.protections')}>
        <ul className="list-disc space-y-2 ps-5 text-sm text-neutral-300">
          <li>{t('admin.protectionPasswords')}</li>
          <li>{t('admin.protectionRateLimits')}</li>
          <li>{t('admin.protectionCrossSite')}</li>
          <li>{t('admin.protectionSignOut')}</li>
        </ul>
        <Button variant="secondary" onClick={onManageUsers} className="mt-4">
          {t('admin.banOrUnban')}
        </Button>
      </Panel>
      <InvitesPanel />
    </div>
  )
}
