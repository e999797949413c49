/**
 * Users: the paged, searchable list of user accounts with their activity, and Ban / Unban
 * (asked for confirmation first; a ban signs the user out everywhere). Also the export button.
 * Pages follow one another (each starts where the one before ended, as the API reads them), so
 * the tab keeps where each page it has shown started, for Previous. A search counts its matches
 * only so far (shown as "100+").
 */
import { useState } from 'react'
import { useToast } from '../../components/toast'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { downloadExport, useSetBanned, useUsers, type AdminUserRow } from './api'
import { Button } from '../../components/button'
import { t } from '../../i18n'
import { formatCount, formatWhen } from './figures'
import { PagerNav, useCursorPages } from './pager'

export function ExportButton() {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      const name = await downloadExport()
      toast(t('admin.exported', { name }), 'success')
    } catch (err) {
      toast(err instanceof Error ? err.message : t('admin.exportFailed'), 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" onClick={run} busy={busy} busyLabel={t('admin.exporting')}>
      {t('admin.exportJson')}
    </Button>
  )
}

/**
 * Bans or unbans an account once the administrator confirms, and says how it went; the figures and
 * lists that show it are asked again (useSetBanned). Used by the user list and by moderation.
 */
export function useBanToggle() {
  const setBanned = useSetBanned()
  const toast = useToast()
  const toggle = (id: number, name: string, ban: boolean) => {
    if (!window.confirm(ban ? t('admin.confirmBan', { name }) : t('admin.confirmUnban', { name }))) return
    setBanned.mutate(
      { id, banned: ban },
      {
        onSuccess: () => toast(ban ? t('admin.wasBanned', { name }) : t('admin.wasUnbanned', { name }), 'success'),
        onError: (err) => toast(err.message, 'error'),
      },
    )
  }
  return { toggle, busy: setBanned.isPending }
}

function BanButton({ user }: { user: AdminUserRow }) {
  const { toggle, busy } = useBanToggle()
  const banned = !user.is_active
  const name = user.username || user.email
  return (
    <button
      type="button"
      onClick={() => toggle(user.id, name, !banned)}
      disabled={busy}
      aria-label={banned ? t('admin.unbanUser', { name }) : t('admin.banUser', { name })}
      className={`rounded-md px-3 py-1.5 text-xs font-semibold disabled:opacity-60 ${banned ? 'border border-neutral-600 text-neutral-100 hover:bg-neutral-800' : 'bg-red-700 text-white hover:bg-red-800'}`}
    >
      {banned ? t('admin.unban') : t('admin.ban')}
    </button>
  )
}

export function UsersTab() {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const pages = useCursorPages<string>(q)
  const { page } = pages
  const users = useUsers(q, pages.after, page)
  const data = users.data

  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="users-title" className="text-lg font-semibold">
          {t('admin.usersHeading')}{' '}
          {data && <span className="text-neutral-400">({data.total_capped ? t('admin.countAtLeast', { count: data.total_results }) : formatCount(data.total_results)})</span>}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="users-search" className="sr-only">
            {t('admin.searchUsersLabel')}
          </label>
          <input
            id="users-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('admin.searchUsersPlaceholder')}
            className="w-72 max-w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-neutral-100 placeholder:text-neutral-400"
          />
          <ExportButton />
        </div>
      </div>

      {users.isError ? (
        <p role="alert" className="text-red-300">
          {users.error.message}
        </p>
      ) : !data ? (
        <p role="status" className="text-neutral-400">
          {t('admin.loadingUsers')}
        </p>
      ) : data.results.length === 0 ? (
        <p className="text-neutral-400">{q ? t('admin.noUsersMatch', { query: q }) : t('admin.noUsersYet')}</p>
      ) : (
        <div role="region" aria-label={t('admin.usersTable')} tabIndex={0} className="overflow-x-auto rounded-xl border border-neutral-800">
          <table className="w-full min-w-[56rem] text-sm" aria-busy={users.isFetching}>
            <thead className="bg-neutral-900 text-xs text-neutral-400 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.columnId')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.columnEmail')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.columnUsername')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.columnRole')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.columnJoined')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.columnLastActive')}</th>
                <th scope="col" className="px-3 py-2.5 text-end">{t('admin.columnWatchlist')}</th>
                <th scope="col" className="px-3 py-2.5 text-end">{t('admin.columnProfiles')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">{t('admin.columnStatus')}</th>
                <th scope="col" className="px-3 py-2.5 text-start">
                  <span className="sr-only">{t('admin.columnActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-800">
              {data.results.map((user) => (
                <tr key={user.id} className="bg-neutral-950/40">
                  <td className="px-3 py-2.5 text-neutral-400 tabular-nums">{user.id}</td>
                  {/* An address reads left to right in every language; cut at its end, not its start. */}
                  <td className="max-w-[16rem] truncate px-3 py-2.5 text-left rtl:text-right" dir="ltr" title={user.email}>
                    {user.email}
                  </td>
                  <td className="px-3 py-2.5">{user.username ?? '—'}</td>
                  <td className="px-3 py-2.5">{t('admin.roleName', { role: user.role })}</td>
                  <td className="px-3 py-2.5 whitespace-nowrap">{formatWhen(user.joined)}</td>
                  <td className="px-3 py-2.5 whitespace-nowrap">{formatWhen(user.lastActive)}</td>
                  <td className="px-3 py-2.5 text-end tabular-nums">{formatCount(user.watchlistCount)}</td>
                  <td className="px-3 py-2.5 text-end tabular-nums">{formatCount(user.profileCount)}</td>
                  <td className="px-3 py-2.5">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${user.is_active ? 'bg-emerald-900/60 text-emerald-200' : 'bg-red-900/60 text-red-200'}`}>
                      {user.is_active ? t('admin.statusActive') : t('admin.statusBanned')}
                    </span>
                  </td>
                  <td className="px-3 py-2.5 text-end">
                    <BanButton user={user} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && (
        <PagerNav label={t('admin.usersPages')} pages={pages} next={data.next} waiting={users.isPlaceholderData}>
          {data.total_capped ? t('admin.pageNumber', { page }) : t('admin.pageOf', { page, pages: Math.max(page, data.total_pages) })}
        </PagerNav>
      )}
    </section>
  )
}
