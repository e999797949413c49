/**
 * The Continue watching row of a signed-in home: each card shows how far the viewer got, the
 * episode and the time left, opens the title with the player started at that place, and has a
 * button that takes the title off the row (the history keeps it). Loaded only for a signed-in
 * account with titles to show, so the entry carries none of it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'react-router-dom'
import type { PosterItem } from '../../components/poster-card'
import { PosterFrame } from '../../components/poster-card'
import { PosterRow } from '../../components/poster-row'
import { CloseIcon } from '../../components/icons'
import { useToast } from '../../components/toast'
import { ProgressBar, ProgressFacts, resumePath } from '../../components/watch-progress'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { continueKey, noteRowLikely, type ContinueEntry } from '../../lib/continue-watching'

const keyOf = (e: { content_type: string; content_id: number }) => `${e.content_type}-${e.content_id}`

function useHide() {
  const client = useQueryClient()
  return useMutation({
    // A fetch of the row already on its way (the one a page makes as it is taken over) may be
    // answered after the removal, with the card still in it: it is dropped, not drawn.
    onMutate: () => client.cancelQueries({ queryKey: continueKey }),
    mutationFn: (entry: ContinueEntry) =>
      readJson(api.me['continue-watching'][':content_type'][':content_id'].$delete({ param: { content_type: entry.content_type, content_id: String(entry.content_id) } })),
    onSuccess: (_data, entry) => {
      const left = client.setQueryData<ContinueEntry[]>(continueKey, (list) => list?.filter((e) => keyOf(e) !== keyOf(entry)))
      noteRowLikely((left?.length ?? 0) > 0)
    },
  })
}

function ContinueCard({ entry, onRemove, busy }: { entry: ContinueEntry; onRemove: () => void; busy: boolean }) {
  return (
    <div className="group/card relative">
      <Link to={resumePath(entry)} className="group block">
        <PosterFrame path={entry.poster_path}>
          <ProgressBar entry={entry} />
        </PosterFrame>
        <p data-catalog="" dir="auto" className="mt-1.5 truncate text-left text-sm font-medium text-neutral-100 rtl:text-right">{entry.title}</p>
        <ProgressFacts entry={entry} />
      </Link>
      <button
        type="button"
        onClick={onRemove}
        disabled={busy}
        aria-label={t('cards.removeFromContinue', { title: entry.title })}
        className="absolute end-1.5 top-1.5 z-10 flex h-8 w-8 items-center justify-center rounded-full bg-black/75 text-white ring-brand-400 transition hover:bg-red-700 focus-visible:opacity-100 focus-visible:ring-2 disabled:opacity-60 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover/card:opacity-100 [@media(hover:hover)]:group-focus-within/card:opacity-100"
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  )
}

export function ContinueWatchingRow({ entries, id }: { entries: ContinueEntry[]; id: string }) {
  const hide = useHide()
  const toast = useToast()
  const place = useRef<HTMLDivElement>(null)
  const byKey = new Map(entries.map((e) => [keyOf(e), e]))
  const items: PosterItem[] = entries.map((e) => ({ id: e.content_id, media_type: e.content_type, title: e.title, poster_path: e.poster_path }))
  const remove = (entry: ContinueEntry) =>
    hide.mutate(entry, {
      onSuccess: () => {
        // the button pressed is gone: the focus waits on the row's heading rather than the page's top
        const heading = place.current?.querySelector<HTMLElement>('h2')
        if (heading) {
          heading.tabIndex = -1
          heading.focus()
        }
        toast(t('cards.removedFromContinue', { title: entry.title }), 'success')
      },
      onError: () => toast(t('cards.removeFromContinueFailed'), 'error'),
    })
  return (
    <div ref={place} data-testid="continue-watching" className="[&_h2]:outline-none">
      <PosterRow
        id={id}
        title={t('lists.continueWatching')}
        items={items}
        renderCard={(item) => {
          const entry = byKey.get(`${item.media_type}-${item.id}`)
          if (!entry) return null
          const busy = hide.isPending && hide.variables !== undefined && keyOf(hide.variables) === keyOf(entry)
          return <ContinueCard entry={entry} busy={busy} onRemove={() => remove(entry)} />
        }}
      />
    </div>
  )
}
