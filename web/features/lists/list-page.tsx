/**
 * /list/{slug}: a list as its reader may see it. Anyone sees a public list: its name, description,
 * whose it is, its titles in order, and share buttons for its address (which unfurls with the
 * list's own card). Its owner also edits it there: name, description and public, the titles'
 * order, removing titles, and deleting the list. A private list is its owner's alone; to anyone
 * else it is "List not found", exactly as a list that does not exist. A reader who is not its
 * owner may report it (report-list.tsx); the owner of a list moderation hid is told why.
 */
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../components/icons'
import { LoadError } from '../../components/load-error'
import { useToast } from '../../components/toast'
import { currentLocale, t } from '../../i18n'
import { ApiError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { localizedPath } from '../../../worker/lib/locales'
import { ShareButton } from '../title/share-buttons'
import { ListCard, listGridClass } from './list-card'
import { ListForm } from './list-form'
import { HiddenNotice, ReportList } from './report-list'
import { moved, type ListWithItems, useDeleteList, useList, useReorderList, useSetInList, useUpdateList } from './own-lists-api'

const smallButton = 'inline-flex items-center justify-center gap-1.5 rounded-lg border border-neutral-700 px-2.5 py-1.5 text-xs font-semibold text-neutral-200 hover:bg-neutral-800 disabled:opacity-40'

export function Component() {
  const { slug = '' } = useParams()
  const answer = useList(slug)
  const missing = answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 400)
  useDocumentMeta(answer.data?.list.name ?? (missing ? t('mylists.notFound') : t('mylists.pageTitle')), answer.data?.list.description ?? undefined)

  if (answer.isPending) return <p role="status" className="px-4 py-10 text-neutral-400 md:px-8">{t('lists.loading')}</p>
  if (missing)
    return (
      <div className="space-y-3 px-4 py-10 md:px-8">
        <h1 className="text-2xl font-bold">{t('mylists.notFound')}</h1>
        <p className="text-neutral-400">{t('mylists.notFoundText')}</p>
        <Link to={paths.movies()} className="inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">{t('mylists.browse')}</Link>
      </div>
    )
  if (answer.isError) return <LoadError whole message={t('mylists.loadFailed')} onRetry={() => void answer.refetch()} />
  return <ListView list={answer.data.list} own={answer.data.own} reported={answer.data.reported === true} />
}

function ListView({ list, own, reported }: { list: ListWithItems; own: boolean; reported: boolean }) {
  const [editing, setEditing] = useState(false)
  const update = useUpdateList(list.slug)
  const remove = useSetInList()
  const reorder = useReorderList(list.slug)
  const deletion = useDeleteList()
  const toast = useToast()
  const navigate = useNavigate()
  const link = `${window.location.origin}${localizedPath(currentLocale(), paths.list(list.slug))}`

  const onDelete = () => {
    if (!window.confirm(t('mylists.deleteConfirm', { name: list.name }))) return
    deletion.mutate(list.slug, {
      onSuccess: () => {
        toast(t('mylists.deleted'), 'success')
        navigate(paths.myLists())
      },
      onError: () => toast(t('mylists.deleteFailed'), 'error'),
    })
  }

  return (
    <div className="space-y-6 px-4 pt-6 pb-10 md:px-8">
      {own && (
        <Link to={paths.myLists()} className="inline-flex items-center gap-1 text-sm text-neutral-400 hover:text-white">
          <ChevronLeftIcon width={16} height={16} className="rtl:rotate-180" />
          {t('mylists.allLists')}
        </Link>
      )}
      {editing ? (
        <ListForm
          idPrefix="edit-list"
          initial={{ name: list.name, description: list.description, is_public: list.is_public }}
          submitLabel={t('mylists.save')}
          busyLabel={t('mylists.saving')}
          busy={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(fields) =>
            update.mutate(fields, {
              onSuccess: () => {
                setEditing(false)
                toast(t('mylists.saved'), 'success')
              },
              onError: (error) => toast(t('mylists.saveFailed', { reason: error.message }), 'error'),
            })
          }
        />
      ) : (
        <header className="space-y-2">
          <h1 dir="auto" className="text-2xl font-bold break-words md:text-3xl">{list.name}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-400">
            <span>{t('mylists.titleCount', { count: list.item_count })}</span>
            {list.owner_name && (
              <>
                <span aria-hidden="true">·</span>
                <span>{t('mylists.byOwner', { owner: list.owner_name })}</span>
              </>
            )}
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${list.is_public ? 'bg-emerald-900 text-emerald-200' : 'bg-neutral-800 text-neutral-300'}`}>
              {list.is_public ? t('mylists.publicBadge') : t('mylists.privateBadge')}
            </span>
            {own && list.hidden && <span className="rounded bg-amber-900 px-1.5 py-0.5 text-xs font-semibold text-amber-100">{t('mylists.hiddenBadge')}</span>}
          </p>
          {list.description && <p dir="auto" className="max-w-3xl whitespace-pre-line text-neutral-200">{list.description}</p>}
          {own && (
            <div className="flex flex-wrap gap-2 pt-1">
              <button type="button" onClick={() => setEditing(true)} className="rounded-lg border border-neutral-600 px-4 py-2 text-sm font-semibold hover:bg-neutral-800">
                {t('mylists.edit')}
              </button>
              <a href={`/api/me/export/lists/${list.slug}.csv`} download className="rounded-lg border border-neutral-600 px-4 py-2 text-sm font-semibold hover:bg-neutral-800">
                {t('mylists.downloadCsv')}
              </a>
              <button type="button" onClick={onDelete} disabled={deletion.isPending} className="rounded-lg border border-red-800 px-4 py-2 text-sm font-semibold text-red-300 hover:bg-red-950 disabled:opacity-60">
                {deletion.isPending ? t('mylists.deleting') : t('mylists.delete')}
              </button>
            </div>
          )}
        </header>
      )}
      {own && list.hidden && <HiddenNotice hidden={list.hidden} />}
      {(list.is_public || !own) && (
        <div className="flex flex-wrap items-center gap-3">
          {list.is_public && !list.hidden && <ShareButton link={link} title={list.name} />}
          {!own && <ReportList slug={list.slug} name={list.name} reported={reported} />}
        </div>
      )}
      {list.items.length === 0 ? (
        <div className="space-y-1 py-6">
          <p className="text-lg font-semibold">{t('mylists.listEmpty')}</p>
          {own && <p className="text-neutral-400">{t('mylists.listEmptyOwn')}</p>}
        </div>
      ) : (
        <ol className={listGridClass}>
          {list.items.map((item, index) => {
            const target = { content_type: item.content_type, content_id: item.content_id, title: item.title, poster_path: item.poster_path }
            const busy = remove.isPending && remove.variables?.target.content_id === item.content_id && remove.variables.target.content_type === item.content_type
            return (
              <li key={`${item.content_type}-${item.content_id}`}>
                <ListCard type={item.content_type} id={item.content_id} title={item.title} posterPath={item.poster_path}>
                  {own && (
                    <div className="mt-2 flex flex-wrap gap-1.5">
                      <button
                        type="button"
                        className={smallButton}
                        disabled={index === 0 || reorder.isPending}
                        aria-label={t('mylists.moveTitleEarlier', { title: item.title })}
                        data-catalog-text={item.title}
                        onClick={() => reorder.mutate(moved(list.items, index, -1), { onError: () => toast(t('mylists.orderFailed'), 'error') })}
                      >
                        <ChevronLeftIcon width={14} height={14} className="rtl:rotate-180" />
                      </button>
                      <button
                        type="button"
                        className={smallButton}
                        disabled={index === list.items.length - 1 || reorder.isPending}
                        aria-label={t('mylists.moveTitleLater', { title: item.title })}
                        data-catalog-text={item.title}
                        onClick={() => reorder.mutate(moved(list.items, index, 1), { onError: () => toast(t('mylists.orderFailed'), 'error') })}
                      >
                        <ChevronRightIcon width={14} height={14} className="rtl:rotate-180" />
                      </button>
                      <button
                        type="button"
                        className={`${smallButton} hover:border-red-500 hover:text-red-300`}
                        disabled={busy}
                        aria-label={t('mylists.removeTitle', { title: item.title })}
                        data-catalog-text={item.title}
                        onClick={() =>
                          remove.mutate(
                            { slug: list.slug, target, add: false },
                            { onSuccess: () => toast(t('mylists.removed'), 'success'), onError: () => toast(t('mylists.removeFailed'), 'error') },
                          )
                        }
                      >
                        <CloseIcon width={14} height={14} />
                        {t('mylists.remove')}
                      </button>
                    </div>
                  )}
                </ListCard>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
