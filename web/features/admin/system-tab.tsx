/** System: the maintenance switch, the catalogue cache and its purge, and the account export. */
import { useState } from 'react'
import { useToast } from '../../components/toast'
import { useMaintenance, usePurgeCache, useSetMaintenance, type DashboardStats } from './api'
import { countWithUnit } from '../../lib/format'
import { Figure, FigureGrid, Panel } from './figures'
import { ExportButton } from './users-tab'
import { Button } from '../../components/button'

export function SystemTab({ stats }: { stats: DashboardStats }) {
  const maintenance = useMaintenance()
  const setMaintenance = useSetMaintenance()
  const purge = usePurgeCache()
  const toast = useToast()
  const [purged, setPurged] = useState<number | null>(null)
  const enabled = maintenance.data === true

  const toggle = () =>
    setMaintenance.mutate(!enabled, {
      onSuccess: (on) => toast(on ? 'Maintenance mode is on' : 'Maintenance mode is off', 'success'),
      onError: (err) => toast(err.message, 'error'),
    })

  const runPurge = () =>
    purge.mutate(undefined, {
      onSuccess: (deleted) => setPurged(deleted),
      onError: (err) => toast(err.message, 'error'),
    })

  return (
    <div className="space-y-6">
      <FigureGrid label="System figures">
        <Figure label="Cached catalogue answers" value={stats.catalogCacheKeys} note="entries in the KV cache" />
        <Figure label="Maintenance" value={maintenance.data === undefined ? '…' : enabled ? 'On' : 'Off'} />
      </FigureGrid>

      <Panel id="system-maintenance" title="Maintenance mode">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p id="maintenance-help" className="max-w-xl text-sm text-neutral-300">
            While on, visitors can still browse and watch, but sign-ups and changes to users' watchlists, history and profiles are refused.
            Administrators are not affected.
          </p>
          <button
            type="button"
            role="switch"
            aria-checked={enabled}
            aria-describedby="maintenance-help"
            disabled={maintenance.isPending || setMaintenance.isPending}
            onClick={toggle}
            className="flex items-center gap-3 rounded-lg px-2 py-1 text-sm font-semibold disabled:opacity-60"
          >
            <span className={`relative inline-flex h-7 w-12 shrink-0 rounded-full transition ${enabled ? 'bg-brand-600' : 'bg-neutral-600'}`} aria-hidden="true">
              <span className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all ${enabled ? 'left-6' : 'left-1'}`} />
            </span>
            Maintenance mode
          </button>
        </div>
      </Panel>

      <Panel id="system-cache" title="Catalogue cache">
        <p className="text-sm text-neutral-300">
          Catalogue answers are cached at the edge. Purging makes the next visits fetch fresh lists and details from the catalogue.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button onClick={runPurge} busy={purge.isPending} busyLabel="Purging...">
            Purge catalogue cache
          </Button>
          <p role="status" className="text-sm text-neutral-200">
            {purged !== null && `Purged ${countWithUnit(purged, { one: 'cached catalogue answer', other: 'cached catalogue answers' })}.`}
          </p>
        </div>
      </Panel>

      <Panel id="system-export" title="Data export">
        <p className="text-sm text-neutral-300">A JSON file with every user and administrator record (without password hashes), watchlist and watch history.</p>
        <div className="mt-4">
          <ExportButton />
        </div>
      </Panel>
    </div>
  )
}
