/**
 * Audit log (loaded with its tab): what administrators did, newest first, filtered by action,
 * administrator and dates, a page of 50 at a time, and exported as CSV with the same filters.
 * Nothing here changes the log; nothing anywhere can.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import type { AuditView } from '../../../worker/accounts/audit-log'
import { formatWhen } from './figures'
import { PagerNav, useCursorPages } from './pager'

interface Filters {
  action: string
  admin_id: string
  from: string
  to: string
}

const noFilters: Filters = { action: '', admin_id: '', from: '', to: '' }

/** The filters set, as the API's query. */
function queryOf(filters: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''))
}

function useAuditPage(filters: Filters, before: number | null) {
  return useQuery({
    queryKey: ['admin', 'audit', filters, before] as const,
    queryFn: () => readJson<{ results: AuditView[]; next: number | null }>(api.admin.audit.$get({ query: { ...queryOf(filters), ...(before === null ? {} : { before: String(before) }) } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

function useAuditFilters() {
  return useQuery({
    queryKey: ['admin', 'audit', 'filters'] as const,
    queryFn: () => readJson<{ actions: string[]; admins: { id: number; name: string }[] }>(api.admin.audit.filters.$get()),
    staleTime: 60_000,
  })
}

/** An action's name for people; one the catalogs do not know is shown as it is. */
const actionName = (action: string) => t('admin.auditAction', { action: action.replaceAll('.', '_'), raw: action })

const field = 'rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-neutral-100'

export function AuditTab() {
  const [filters, setFilters] = useState<Filters>(noFilters)
  // a change of filters starts over at the first page
  const pages = useCursorPages<number>(JSON.stringify(filters))
  const page = useAuditPage(filters, pages.after)
  const choices = useAuditFilters()
  const set = (key: keyof Filters, value: string) => setFilters({ ...filters, [key]: value })
  const exportHref = `/api/admin/audit/export.csv${Object.keys(queryOf(filters)).length ? `?${new URLSearchParams(queryOf(filters))}` : ''}`
  const data = page.data

  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="audit-title" className="text-lg font-semibold">{t('admin.auditHeading')}</h2>
          <p className="text-sm text-neutral-400">{t('admin.auditHelp')}</p>
        </div>
        <a href={exportHref} download className="rounded-lg border border-neutral-600 px-4 py-2 text-sm font-semibold text-neutral-100 hover:bg-neutral-800">
          {t('admin.auditExport')}
        </a>
      </div>
      <form role="search" aria-label={t('admin.auditFilters')} onSubmit={(e) => e.preventDefault()} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-action" className="mb-1 block text-xs font-medium text-neutral-300">{t('admin.auditFilterAction')}</label>
          <select id="audit-action" value={filters.action} onChange={(e) => set('action', e.target.value)} className={field}>
            <option value="">{t('admin.auditAll')}</option>
            {choices.data?.actions.map((action) => (
              <option key={action} value={action}>{actionName(action)}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-admin" className="mb-1 block text-xs font-medium text-neutral-300">{t('admin.auditFilterAdmin')}</label>
          <select id="audit-admin" value={filters.admin_id} onChange={(e) => set('admin_id', e.target.value)} className={field}>
            <option value="">{t('admin.auditAll')}</option>
            {choices.data?.admins.map((admin) => (
              <option key={admin.id} value={String(admin.id)}>{admin.name}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className="mb-1 block text-xs font-medium text-neutral-300">{t('admin.auditFrom')}</label>
          <input id="audit-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set('from', e.target.value)} className={field} />
        </div>
        <div>
          <label htmlFor="audit-to" className="mb-1 block text-xs font-medium text-neutral-300">{t('admin.auditTo')}</label>
          <input id="audit-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set('to', e.target.value)} className={field} />
        </div>
        {(filters.action || filters.admin_id || filters.from || filters.to) && (
          <button type="button" onClick={() => setFilters(noFilters)} className="rounded-lg px-3 py-2 text-sm font-semibold text-neutral-300 underline hover:text-white">
            {t('admin.auditClear')}
          </button>
        )}
      </form>

      {page.isError ? (
        <p role="alert" className="text-red-300">{page.error.message}</p>
      ) : !data ? (
        <p role="status" className="text-neutral-400">{t('admin.loading')}</p>
      ) : data.results.length === 0 ? (
        <p className="text-neutral-400">{t('admin.auditEmpty')}</p>
      ) : (
        <div role="region" aria-label={t('admin.auditTable')} tabIndex={0} className="overflow-x-auto rounded-xl border border-neutral-800">
          <table className="w-full min-w-[52rem] text-sm" aria-busy={page.isFetching}>
            <thead className="bg-neutral-900 text-xs text-neutral-400 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.auditWhen')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.auditWho')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.auditWhat')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.auditTarget')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.auditDetail')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.auditAddress')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-800">
              {data.results.map((row) => (
                <tr key={row.id} className="bg-neutral-950/40 align-top">
                  <td className="px-3 py-2.5 whitespace-nowrap">{formatWhen(row.at, 'second')}</td>
                  <td className="px-3 py-2.5">{row.admin_name}</td>
                  <td className="px-3 py-2.5">{actionName(row.action)}</td>
                  <td className="px-3 py-2.5 text-left rtl:text-right" dir="ltr">{row.target ?? '—'}</td>
                  <td className="max-w-[20rem] truncate px-3 py-2.5 text-left font-mono text-xs text-neutral-300 rtl:text-right" dir="ltr" title={row.detail ? JSON.stringify(row.detail) : undefined}>
                    {row.detail ? JSON.stringify(row.detail) : '—'}
                  </td>
                  <td className="px-3 py-2.5 text-left tabular-nums rtl:text-right" dir="ltr">{row.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && (
        <PagerNav label={t('admin.auditPages')} pages={pages} next={data.next} waiting={page.isPlaceholderData}>
          {t('admin.pageNumber', { page: pages.page })}
        </PagerNav>
      )}
    </section>
  )
}
