/** Content: the titles people watch and save most, ranked by how many accounts did so. */
import { t } from '../../i18n'
import type { DashboardStats } from './api'
import { Panel, TitleRanking } from './figures'

export function ContentTab({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel id="content-watched" title={t('admin.mostWatched')}>
        <TitleRanking titles={stats.mostWatched} unit="admin.viewers" empty={t('admin.nothingWatched')} />
      </Panel>
      <Panel id="content-saved" title={t('admin.mostSavedToWatchlists')}>
        <TitleRanking titles={stats.mostSaved} unit="admin.saves" empty={t('admin.nothingSaved')} />
      </Panel>
    </div>
  )
}
