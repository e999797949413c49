/**
 * The Add to list dialog: the account's lists, each with a box ticked when it holds the title
 * (ticking adds, clearing removes, at once), and a field that makes a new list with the title in
 * it. A modal dialog (Escape, the close button or a press outside closes it, and focus returns to
 * the button that opened it); a sheet at the bottom of a phone's screen, a box in the middle of a
 * desktop's.
 */
import { useAtom } from 'jotai'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router-dom'
import { addToListTargetAtom, type ListTarget } from '../../components/add-to-list'
import { Sheet } from '../../components/sheet'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useCreateList, useListsHolding, useSetInList } from './own-lists-api'

export function AddToListDialog() {
  const [target, setTarget] = useAtom(addToListTargetAtom)
  const close = () => setTarget(null)
  return (
    <Sheet
      open={target !== null}
      onClose={close}
      heading={t('mylists.dialogTitle')}
      subheading={
        target && (
          <p data-catalog-text={target.title} className="truncate text-sm text-neutral-400">
            {t('mylists.dialogIntro', { title: target.title })}
          </p>
        )
      }
      closeLabel={t('mylists.close')}
    >
      {target && <DialogBody key={`${target.content_type}-${target.content_id}`} target={target} onClose={close} />}
    </Sheet>
  )
}

function DialogBody({ target, onClose }: { target: ListTarget; onClose: () => void }) {
  const toast = useToast()
  const lists = useListsHolding(target, true)
  const setInList = useSetInList()
  const create = useCreateList()
  const [name, setName] = useState('')

  const toggle = (slug: string, listName: string, add: boolean) =>
    setInList.mutate(
      { slug, target, add },
      {
        onSuccess: () => toast(add ? t('mylists.addedTo', { name: listName }) : t('mylists.removedFrom', { name: listName }), 'success'),
        onError: (error) => toast(t('mylists.changeFailed', { reason: error.message }), 'error'),
      },
    )

  const makeList = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      { name, description: null, is_public: false },
      {
        onSuccess: (list) => {
          setName('')
          toggle(list.slug, list.name, true)
        },
        onError: (error) => toast(t('mylists.createFailed', { reason: error.message }), 'error'),
      },
    )
  }

  const busySlug = setInList.isPending ? setInList.variables?.slug : undefined
  return (
    <>
      <div className="min-h-24 overflow-y-auto px-5 py-3">
        {lists.isPending ? (
          <p role="status" className="py-4 text-neutral-400">{t('lists.loading')}</p>
        ) : lists.isError ? (
          <p role="alert" className="py-4 text-red-300">{t('mylists.loadFailed')}</p>
        ) : lists.data.length === 0 ? (
          <p className="py-4 text-neutral-400">{t('mylists.noListsYet')}</p>
        ) : (
          <ul className="divide-y divide-neutral-800">
            {lists.data.map((list) => (
              <li key={list.slug}>
                <label className="flex cursor-pointer items-center gap-3 py-3">
                  <input
                    type="checkbox"
                    checked={list.contains === true}
                    disabled={busySlug === list.slug}
                    onChange={(event) => toggle(list.slug, list.name, event.target.checked)}
                    className="h-5 w-5 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span dir="auto" className="block truncate font-medium">{list.name}</span>
                    <span className="text-xs text-neutral-400">
                      {t('mylists.titleCount', { count: list.item_count })} · {list.is_public ? t('mylists.publicBadge') : t('mylists.privateBadge')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form onSubmit={makeList} className="flex gap-2 border-t border-neutral-800 px-5 py-4">
        <label htmlFor="new-list-name" className="sr-only">{t('mylists.newListPlaceholder')}</label>
        <input
          id="new-list-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          required
          placeholder={t('mylists.newListPlaceholder')}
          className="min-w-0 flex-1 rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm placeholder:text-neutral-500 focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" disabled={create.isPending || name.trim() === ''} className="shrink-0 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60">
          {create.isPending ? t('mylists.creating') : t('mylists.createAndAdd')}
        </button>
      </form>
      <Link to={paths.myLists()} onClick={onClose} className="px-5 pb-4 text-sm text-brand-300 hover:underline">
        {t('mylists.manage')}
      </Link>
    </>
  )
}
