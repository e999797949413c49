/** Analytics: sign-up trend and engagement ratios derived from the live figures. */
import type { DashboardStats } from './api'
import { Figure, FigureGrid, Panel, SignupChart } from './figures'

function ratio(part: number, whole: number): string {
  return whole === 0 ? '0' : (part / whole).toFixed(1)
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`
}

export function AnalyticsTab({ stats }: { stats: DashboardStats }) {
  const days = stats.signupsPerDay
  const total = days.reduce((sum, d) => sum + d.count, 0)
  const lastWeek = days.slice(-7).reduce((sum, d) => sum + d.count, 0)
  return (
    <div className="space-y-6">
      <FigureGrid label="Engagement">
        <Figure label="Sign-ups, last 30 days" value={total} />
        <Figure label="Sign-ups, last 7 days" value={lastWeek} />
        <Figure label="Average sign-ups a day" value={(total / Math.max(1, days.length)).toFixed(1)} note="over 30 days" />
        <Figure label="Users active in 30 days" value={percent(stats.activeUsers30d, stats.users)} note={`${stats.activeUsers30d} of ${stats.users}`} />
        <Figure label="Watchlist entries per user" value={ratio(stats.watchlistEntries, stats.users)} />
        <Figure label="History entries per user" value={ratio(stats.historyEntries, stats.users)} />
      </FigureGrid>
      <Panel id="analytics-signups" title="Sign-ups per day, last 30 days">
        <SignupChart days={days} height={220} />
      </Panel>
    </div>
  )
}
