/** System: the maintenance switch, the catalogue cache and its purge, and the account export. */
import { useState } from 'react'
import { useToast } from '../../components/toast'
import { useMaintenance, usePurgeCache, useSetMaintenance, type DashboardStats } from './api'
import { t } from '../../i18n'
import { Figure, FigureGrid, Panel } from './figures'
import { ExportButton } from './users-tab'
import { Button } from '../../components/button'
import { Switch } from '../../components/switch'

export function SystemTab({ stats }: { stats: DashboardStats }) {
  const maintenance = useMaintenance()
  const setMaintenance = useSetMaintenance()
  const purge = usePurgeCache()
  const toast = useToast()
  const [purged, setPurged] = useState<number | null>(null)
  const enabled = maintenance.data === true

  const toggle = () =>
    setMaintenance.mutate(!enabled, {
      onSuccess: (on) => toast(on ? t('admin.maintenanceOnToast') : t('admin.maintenanceOffToast'), 'success'),
      onError: (err) => toast(err.message, 'error'),
    })

  const runPurge = () =>
    purge.mutate(undefined, {
      onSuccess: (deleted) => setPurged(deleted),
      onError: (err) => toast(err.message, 'error'),
    })

  return (
    <div className="space-y-6">
      <FigureGrid label={t('admin.systemFigures')}>
        <Figure label={t('admin.cachedAnswers')} value={stats.catalogCacheKeys} note={t('admin.cachedAnswersNote')} />
        <Figure label={t('admin.maintenance')} value={maintenance.data === undefined ? '…' : enabled ? t('admin.on') : t('admin.off')} />
      </FigureGrid>

      <Panel id="system-maintenance" title={t('admin.maintenanceMode')}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p id="maintenance-help" className="max-w-xl min-w-0 text-sm break-words text-neutral-300">
            {t('admin.maintenanceHelp')}
          </p>
          <Switch
            checked={enabled}
            onChange={toggle}
            aria-describedby="maintenance-help"
            disabled={maintenance.isPending || setMaintenance.isPending}
            className="rounded-lg px-2 py-1 text-sm font-semibold disabled:opacity-60"
          >
            {t('admin.maintenanceMode')}
          </Switch>
        </div>
      </Panel>

      <Panel id="system-cache" title={t('admin.catalogueCache')}>
        <p className="text-sm text-neutral-300">
          {t('admin.catalogueCacheHelp')}
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button onClick={runPurge} busy={purge.isPending} busyLabel={t('admin.purging')}>
            {t('admin.purgeCache')}
          </Button>
          <p role="status" className="text-sm text-neutral-200">
            {purged !== null && t('admin.purged', { count: purged })}
          </p>
        </div>
      </Panel>

      <Panel id="system-export" title={t('admin.dataExport')}>
        <p className="text-sm text-neutral-300">{t('admin.dataExportHelp')}</p>
        <div className="mt-4">
          <ExportButton />
        </div>
      </Panel>
    </div>
  )
}
