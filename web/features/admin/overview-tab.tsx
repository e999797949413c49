/** Overview: the headline figures, the sign-ups of the last 30 days and the top titles. */
import type { DashboardStats } from './api'
import { Figure, FigureGrid, Panel, SignupChart, TitleRanking } from './figures'

const OVERVIEW_TOP = 5

export function OverviewTab({ stats }: { stats: DashboardStats }) {
  const signups = stats.signupsPerDay.reduce((sum, d) => sum + d.count, 0)
  return (
    <div className="space-y-6">
      <FigureGrid label="Headline figures">
        <Figure label="Users" value={stats.users} />
        <Figure label="Administrators" value={stats.admins} />
        <Figure label="Active, last 7 days" value={stats.activeUsers7d} />
        <Figure label="Active, last 30 days" value={stats.activeUsers30d} />
        <Figure label="Watchlist entries" value={stats.watchlistEntries} />
        <Figure label="Watch history entries" value={stats.historyEntries} />
      </FigureGrid>
      <Panel id="overview-signups" title={`Sign-ups per day (${signups} in 30 days)`}>
        <SignupChart days={stats.signupsPerDay} />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="overview-watched" title="Most watched">
          <TitleRanking titles={stats.mostWatched.slice(0, OVERVIEW_TOP)} unit={{ one: 'viewer', other: 'viewers' }} empty="Nobody has watched anything yet." />
        </Panel>
        <Panel id="overview-saved" title="Most saved">
          <TitleRanking titles={stats.mostSaved.slice(0, OVERVIEW_TOP)} unit={{ one: 'save', other: 'saves' }} empty="No title has been saved yet." />
        </Panel>
      </div>
    </div>
  )
}
