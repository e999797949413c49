/**
 * "Add to list" in the corner of every card (the title page's button is in title-parts.tsx). The
 * button is small and part of the first load; the dialog it opens (web/features/lists/add-to-list-dialog.tsx) and its words load on the
 * first press. One dialog serves the whole page: a press names its title in an atom, and the
 * layout draws the dialog while one is named.
 */
import { atom, useSetAtom } from 'jotai'
import type { MediaType } from '../../worker/catalog/types'
import { t } from '../i18n'
import { useSession } from '../lib/session'
import { ListPlusIcon } from './icons'
import { useToast } from './toast'

export interface ListTarget {
  content_type: MediaType
  content_id: number
  title: string
  poster_path: string | null
}

/** The title whose lists the dialog shows; null while it is closed. */
export const addToListTargetAtom = atom<ListTarget | null>(null)

/** Opens the dialog for the title, or tells a visitor that lists need an account. */
export function useOpenAddToList(target: ListTarget) {
  const session = useSession()
  const toast = useToast()
  const open = useSetAtom(addToListTargetAtom)
  return {
    session,
    onClick: () => {
      if (session === null) toast(t('cards.loginToUseLists'), 'error')
      else if (session) open(target)
    },
  }
}

/**
 * The card's corner button, for signed-in visitors only (a visitor has no lists to add to). Always
 * shown where there is no hover (phones); where there is, it appears with the card's hover or focus.
 */
export function AddToListCorner({ target }: { target: ListTarget }) {
  const { session, onClick } = useOpenAddToList(target)
  if (!session) return null
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={t('cards.addToList', { title: target.title })}
      data-catalog-text={target.title}
      title={t('cards.addToListButton')}
      className="absolute end-1.5 top-1.5 z-10 flex h-8 w-8 items-center justify-center rounded-full bg-black/75 text-white ring-brand-400 transition hover:bg-brand-600 focus-visible:opacity-100 focus-visible:ring-2 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover/card:opacity-100 [@media(hover:hover)]:group-focus-within/card:opacity-100"
    >
      <ListPlusIcon width={16} height={16} />
    </button>
  )
}
