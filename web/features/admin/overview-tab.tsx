/** Overview: the headline figures, the sign-ups of the last 30 days and the top titles. */
import { t } from '../../i18n'
import type { DashboardStats } from './api'
import { Figure, FigureGrid, Panel, SignupChart, TitleRanking } from './figures'

const OVERVIEW_TOP = 5

export function OverviewTab({ stats }: { stats: DashboardStats }) {
  const signups = stats.signupsPerDay.reduce((sum, d) => sum + d.count, 0)
  return (
    <div className="space-y-6">
      <FigureGrid label={t('admin.headlineFigures')}>
        <Figure label={t('admin.figureUsers')} value={stats.users} />
        <Figure label={t('admin.figureAdministrators')} value={stats.admins} />
        <Figure label={t('admin.figureActive7')} value={stats.activeUsers7d} />
        <Figure label={t('admin.figureActive30')} value={stats.activeUsers30d} />
        <Figure label={t('admin.figureWatchlistEntries')} value={stats.watchlistEntries} />
        <Figure label={t('admin.figureHistoryEntries')} value={stats.historyEntries} />
      </FigureGrid>
      <Panel id="overview-signups" title={t('admin.signupsPerDayTotal', { count: signups })}>
        <SignupChart days={stats.signupsPerDay} />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="overview-watched" title={t('admin.mostWatched')}>
          <TitleRanking titles={stats.mostWatched.slice(0, OVERVIEW_TOP)} unit="admin.viewers" empty={t('admin.nothingWatched')} />
        </Panel>
        <Panel id="overview-saved" title={t('admin.mostSaved')}>
          <TitleRanking titles={stats.mostSaved.slice(0, OVERVIEW_TOP)} unit="admin.saves" empty={t('admin.nothingSaved')} />
        </Panel>
      </div>
    </div>
  )
}
