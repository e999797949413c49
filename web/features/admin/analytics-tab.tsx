/** Analytics: sign-up trend and engagement ratios derived from the live figures. */
import { currentLocale, t } from '../../i18n'
import type { DashboardStats } from './api'
import { Figure, FigureGrid, formatCount, Panel, SignupChart } from './figures'

/** A number with one decimal in the page's language: 2.5, 2,5. */
function oneDecimal(value: number): string {
  return new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
}

function ratio(part: number, whole: number): string {
  return whole === 0 ? formatCount(0) : oneDecimal(part / whole)
}

function percent(part: number, whole: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(whole === 0 ? 0 : part / whole)
}

export function AnalyticsTab({ stats }: { stats: DashboardStats }) {
  const days = stats.signupsPerDay
  const total = days.reduce((sum, d) => sum + d.count, 0)
  const lastWeek = days.slice(-7).reduce((sum, d) => sum + d.count, 0)
  return (
    <div className="space-y-6">
      <FigureGrid label={t('admin.engagement')}>
        <Figure label={t('admin.signups30')} value={total} />
        <Figure label={t('admin.signups7')} value={lastWeek} />
        <Figure label={t('admin.averageSignups')} value={oneDecimal(total / Math.max(1, days.length))} note={t('admin.over30Days')} />
        <Figure label={t('admin.usersActive30')} value={percent(stats.activeUsers30d, stats.users)} note={t('admin.partOfWhole', { part: stats.activeUsers30d, whole: stats.users })} />
        <Figure label={t('admin.watchlistPerUser')} value={ratio(stats.watchlistEntries, stats.users)} />
        <Figure label={t('admin.historyPerUser')} value={ratio(stats.historyEntries, stats.users)} />
      </FigureGrid>
      <Panel id="analytics-signups" title={t('admin.signupsPerDay30')}>
        <SignupChart days={days} height={220} />
      </Panel>
    </div>
  )
}
