/**
 * /lists: the signed-in account's own lists in the order it chose, each with its first posters,
 * how many titles it holds and whether it is public; a form to make a new one; buttons that move
 * a list earlier or later. A visitor sees the access-restricted view, as on the watchlist page.
 */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { AccessDenied } from '../../components/access-denied'
import { ChevronDownIcon, ListPlusIcon } from '../../components/icons'
import { LoadError } from '../../components/load-error'
import { PageHeading } from '../../components/page-heading'
import { PosterFrame } from '../../components/poster-card'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { ListForm } from './list-form'
import { moved, type ListSummary, useCreateList, useMyLists, useReorderLists } from './own-lists-api'

export function Component() {
  const session = useSession()
  const lists = useMyLists(!!session)
  const create = useCreateList()
  const reorder = useReorderLists()
  const toast = useToast()
  const [making, setMaking] = useState(false)

  if (session === null) return <AccessDenied variant="login-required" subheading={t('mylists.loginRequired')} showHome={false} />

  const all = lists.data ?? []
  const move = (index: number, by: -1 | 1) => reorder.mutate(moved(all, index, by), { onError: () => toast(t('mylists.orderFailed'), 'error') })

  return (
    <div className="pb-10">
      <PageHeading title={t('mylists.pageTitle')}>
        {all.length > 0 && <p className="mt-1 text-sm text-neutral-400">{t('mylists.listCount', { count: all.length })}</p>}
      </PageHeading>
      <div className="space-y-6 px-4 md:px-8">
        {making ? (
          <ListForm
            idPrefix="new-list"
            submitLabel={t('mylists.create')}
            busyLabel={t('mylists.creating')}
            busy={create.isPending}
            onCancel={() => setMaking(false)}
            onSubmit={(fields) =>
              create.mutate(fields, {
                onSuccess: () => {
                  setMaking(false)
                  toast(t('mylists.created'), 'success')
                },
                onError: (error) => toast(t('mylists.createFailed', { reason: error.message }), 'error'),
              })
            }
          />
        ) : (
          <button
            type="button"
            onClick={() => setMaking(true)}
            disabled={session === undefined}
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60"
          >
            <ListPlusIcon width={16} height={16} />
            {t('mylists.newList')}
          </button>
        )}
        {session === undefined || lists.isPending ? (
          <p role="status" className="py-6 text-neutral-400">{t('lists.loading')}</p>
        ) : lists.isError ? (
          <LoadError message={t('mylists.loadFailed')} onRetry={() => void lists.refetch()} className="!mx-0" />
        ) : all.length === 0 ? (
          <div className="space-y-2 py-6">
            <p className="text-lg font-semibold">{t('mylists.empty')}</p>
            <p className="max-w-xl text-neutral-400">{t('mylists.emptyText')}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {all.map((list, index) => (
              <li key={list.slug}>
                <ListTile list={list} first={index === 0} last={index === all.length - 1} onMove={(by) => move(index, by)} busy={reorder.isPending} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function ListTile({ list, first, last, onMove, busy }: { list: ListSummary; first: boolean; last: boolean; onMove: (by: -1 | 1) => void; busy: boolean }) {
  const covers = [...list.posters, null, null, null, null].slice(0, 4)
  return (
    <article className="flex gap-3 rounded-xl border border-neutral-800 bg-neutral-900 p-3">
      <Link to={paths.list(list.slug)} className="group flex min-w-0 flex-1 gap-3">
        <div aria-hidden="true" className="grid w-24 shrink-0 grid-cols-2 gap-0.5 overflow-hidden rounded-lg">
          {covers.map((path, i) => (
            <PosterFrame key={i} path={path} placeholder={<div className="h-full w-full bg-neutral-800" />} />
          ))}
        </div>
        <div className="min-w-0 py-1">
          <h2 dir="auto" className="truncate font-semibold group-hover:underline">{list.name}</h2>
          <p className="text-sm text-neutral-400">{t('mylists.titleCount', { count: list.item_count })}</p>
          <p className="mt-1">
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${list.is_public ? 'bg-emerald-900 text-emerald-200' : 'bg-neutral-800 text-neutral-300'}`}>
              {list.is_public ? t('mylists.publicBadge') : t('mylists.privateBadge')}
            </span>
            {list.hidden && <span className="ms-1.5 rounded bg-amber-900 px-1.5 py-0.5 text-xs font-semibold text-amber-100">{t('mylists.hiddenBadge')}</span>}
          </p>
          {list.description && <p dir="auto" className="mt-1 line-clamp-2 text-xs text-neutral-400">{list.description}</p>}
        </div>
      </Link>
      <div className="flex shrink-0 flex-col justify-center gap-1">
        <button type="button" onClick={() => onMove(-1)} disabled={first || busy} aria-label={t('mylists.moveEarlier', { name: list.name })} data-catalog-text={list.name} className="rounded-lg p-2 text-neutral-300 hover:bg-neutral-800 disabled:opacity-30">
          <ChevronDownIcon width={18} height={18} className="rotate-180" />
        </button>
        <button type="button" onClick={() => onMove(1)} disabled={last || busy} aria-label={t('mylists.moveLater', { name: list.name })} data-catalog-text={list.name} className="rounded-lg p-2 text-neutral-300 hover:bg-neutral-800 disabled:opacity-30">
          <ChevronDownIcon width={18} height={18} />
        </button>
      </div>
    </article>
  )
}
