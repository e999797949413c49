/**
 * Moderation (loaded with its tab): the public lists people reported, with their reports, and the
 * lists that are hidden. An administrator hides a list (a reason its owner is shown, and a note),
 * restores it, or bans its owner (the users' ban). Each of these is written to the audit log.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../../worker/accounts/moderation-rules'
import type { ModeratedList } from '../../../worker/accounts/moderation'
import { useChange } from './api'
import { formatWhen } from './figures'
import { PagerNav, useCursorPages } from './pager'
import { useBanToggle } from './users-tab'

type Status = 'reported' | 'hidden'
interface QueuePage {
  results: ModeratedList[]
  page: number
  has_more: boolean
}

const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  page: (status: Status, page: number) => ['admin', 'moderation', status, page] as const,
}

function useQueue(status: Status, page: number) {
  return useQuery({
    queryKey: moderationKeys.page(status, page),
    queryFn: () => readJson<QueuePage>(api.admin.moderation.lists.$get({ query: { status, page: String(page) } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

function useModerate() {
  return useChange(
    (action: { slug: string; hide: { reason: ReportReason; note: string | null } | null }) =>
      action.hide
        ? readJson(api.admin.moderation.lists[':slug'].hide.$post({ param: { slug: action.slug }, json: action.hide }))
        : readJson(api.admin.moderation.lists[':slug'].restore.$post({ param: { slug: action.slug } })),
    moderationKeys.all,
  )
}

const segment = (active: boolean) => `rounded-md px-3 py-1.5 text-sm font-semibold ${active ? 'bg-neutral-700 text-white' : 'text-neutral-300 hover:bg-neutral-800'}`

export function ModerationTab() {
  const [status, show] = useState<Status>('reported')
  // numbered pages, one list per status: another status starts at its first
  const pages = useCursorPages<number>(status)
  const page = pages.after ?? 1
  const queue = useQueue(status, page)
  return (
    <section aria-labelledby="moderation-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="moderation-title" className="text-lg font-semibold">{t('admin.moderationHeading')}</h2>
          <p className="text-sm text-neutral-400">{t('admin.moderationHelp')}</p>
        </div>
        <div role="group" aria-label={t('admin.moderationShow')} className="flex gap-1 rounded-lg border border-neutral-700 p-1">
          <button type="button" aria-pressed={status === 'reported'} onClick={() => show('reported')} className={segment(status === 'reported')}>
            {t('admin.moderationReported')}
          </button>
          <button type="button" aria-pressed={status === 'hidden'} onClick={() => show('hidden')} className={segment(status === 'hidden')}>
            {t('admin.moderationHidden')}
          </button>
        </div>
      </div>
      {queue.isError ? (
        <p role="alert" className="text-red-300">{queue.error.message}</p>
      ) : !queue.data ? (
        <p role="status" className="text-neutral-400">{t('admin.loading')}</p>
      ) : queue.data.results.length === 0 ? (
        <p className="text-neutral-400">{status === 'reported' ? t('admin.moderationNoneReported') : t('admin.moderationNoneHidden')}</p>
      ) : (
        <ul className="space-y-4" aria-busy={queue.isFetching}>
          {queue.data.results.map((list) => (
            <li key={list.slug}>
              <ModeratedListCard list={list} />
            </li>
          ))}
        </ul>
      )}
      {queue.data && (
        <PagerNav label={t('admin.moderationPages')} pages={pages} next={queue.data.has_more ? page + 1 : null} waiting={queue.isPlaceholderData}>
          {t('admin.pageNumber', { page })}
        </PagerNav>
      )}
    </section>
  )
}

function ModeratedListCard({ list }: { list: ModeratedList }) {
  const [hiding, setHiding] = useState(false)
  const moderate = useModerate()
  const ban = useBanToggle()
  const toast = useToast()
  const owner = list.owner_name ?? `#${list.owner_id}`
  const headingId = `moderated-${list.slug}`

  const restore = () =>
    moderate.mutate(
      { slug: list.slug, hide: null },
      { onSuccess: () => toast(t('admin.listRestored', { name: list.name }), 'success'), onError: (err) => toast(err.message, 'error') },
    )

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-neutral-800 bg-neutral-950/40 p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="font-semibold break-words">
            <Link to={paths.list(list.slug)} dir="auto" className="hover:underline">
              {list.name}
            </Link>
          </h3>
          <p className="text-sm text-neutral-400">
            {t('admin.moderationOwner', { name: owner })}
            {!list.owner_active && <span className="ms-2 rounded-full bg-red-900/60 px-2 py-0.5 text-xs font-semibold text-red-200">{t('admin.statusBanned')}</span>}
          </p>
          {list.description && <p dir="auto" className="line-clamp-3 text-sm text-neutral-300">{list.description}</p>}
        </div>
        <p className="text-sm">
          {list.hidden_reason ? (
            <span className="rounded-full bg-amber-900/70 px-2 py-0.5 text-xs font-semibold text-amber-100">
              {list.hidden_reason === 'reports' ? t('admin.hiddenByReports') : t('admin.hiddenFor', { reason: list.hidden_reason })}
            </span>
          ) : (
            <span className="rounded-full bg-emerald-900/60 px-2 py-0.5 text-xs font-semibold text-emerald-200">{t('admin.listVisible')}</span>
          )}
        </p>
      </header>
      {list.hidden_note && <p dir="auto" className="text-sm text-neutral-300">{t('admin.hiddenNote', { note: list.hidden_note })}</p>}
      <div>
        <h4 className="mb-1 text-sm font-semibold text-neutral-300">{t('admin.openReports', { count: list.open_reports })}</h4>
        {list.reports.length > 0 && (
          <ul className="divide-y divide-neutral-800 rounded-lg border border-neutral-800 text-sm">
            {list.reports.map((report, index) => (
              <li key={index} className={`space-y-0.5 px-3 py-2 ${report.open ? '' : 'opacity-70'}`}>
                <p className="flex flex-wrap gap-x-2">
                  <span className="font-semibold">{t('admin.reportReason', { reason: report.reason })}</span>
                  <span className="text-neutral-400">{t('admin.reportBy', { name: report.reporter, when: formatWhen(report.created_at, 'minute') })}</span>
                  {!report.open && <span className="text-neutral-400">{t('admin.reportReviewed')}</span>}
                </p>
                {report.note && <p dir="auto" className="whitespace-pre-line text-neutral-300">{report.note}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
      {hiding ? (
        <HideForm
          slug={list.slug}
          busy={moderate.isPending}
          onCancel={() => setHiding(false)}
          onHide={(hide) =>
            moderate.mutate(
              { slug: list.slug, hide },
              {
                onSuccess: () => {
                  setHiding(false)
                  toast(t('admin.listHidden', { name: list.name }), 'success')
                },
                onError: (err) => toast(err.message, 'error'),
              },
            )
          }
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {list.hidden_reason !== null && list.hidden_reason !== 'reports' ? null : (
            <Button variant="secondary" onClick={() => setHiding(true)}>
              {t('admin.hideList')}
            </Button>
          )}
          {list.hidden_reason !== null && (
            <Button variant="secondary" onClick={restore} busy={moderate.isPending}>
              {t('admin.restoreList')}
            </Button>
          )}
          {list.owner_type === 'user' && list.owner_active && (
            <Button variant="danger" onClick={() => ban.toggle(list.owner_id, owner, true)} disabled={ban.busy}>
              {t('admin.banOwner')}
            </Button>
          )}
        </div>
      )}
    </article>
  )
}

function HideForm({ slug, busy, onCancel, onHide }: { slug: string; busy: boolean; onCancel: () => void; onHide: (hide: { reason: ReportReason; note: string | null }) => void }) {
  const [reason, setReason] = useState<ReportReason>('spam')
  const [note, setNote] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onHide({ reason, note: note.trim() || null })
  }
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-neutral-700 p-3">
      <div>
        <label htmlFor={`hide-reason-${slug}`} className="mb-1 block text-sm font-medium">{t('admin.hideReason')}</label>
        <select id={`hide-reason-${slug}`} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} className="rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm">
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>{t('admin.reportReason', { reason: r })}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`hide-note-${slug}`} className="mb-1 block text-sm font-medium">{t('admin.hideNote')}</label>
        <textarea id={`hide-note-${slug}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={REPORT_NOTE_MAX} rows={2} dir="auto" className="w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} busyLabel={t('admin.hiding')}>
          {t('admin.hideConfirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  )
}
