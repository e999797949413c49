/** Content: the titles people watch and save most, ranked by how many accounts did so. */
import type { DashboardStats } from './api'
import { Panel, TitleRanking } from './figures'

export function ContentTab({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel id="content-watched" title="Most watched">
        <TitleRanking titles={stats.mostWatched} unit={{ one: 'viewer', other: 'viewers' }} empty="Nobody has watched anything yet." />
      </Panel>
      <Panel id="content-saved" title="Most saved to watchlists">
        <TitleRanking titles={stats.mostSaved} unit={{ one: 'save', other: 'saves' }} empty="No title has been saved yet." />
      </Panel>
    </div>
  )
}
