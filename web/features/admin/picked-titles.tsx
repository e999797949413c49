/**
 * Titles chosen by hand, in order (a row of hand-picked titles, the hero's picks): each can be
 * moved or taken out, and the title finder adds more up to a limit. Every change is announced
 * through the editor's live region (`say`).
 */
import { useId } from 'react'
import type { TitleRef } from '../../../worker/catalog/layout-schema'
import { Button } from '../../components/button'
import { t } from '../../i18n'
import { refName } from './layout-edit'
import { focusSoon, MoveButtons } from './reorder'
import { TitleFinder } from './title-finder'

interface PickedTitlesProps {
  titles: TitleRef[]
  max: number
  onChange: (titles: TitleRef[]) => void
  say: (message: string) => void
  /** The list's name for assistive technology. */
  label: string
  finderLabel: string
  empty: string
}

export function PickedTitles({ titles, max, onChange, say, label, finderLabel, empty }: PickedTitlesProps) {
  const id = useId()
  const add = (ref: TitleRef) => {
    if (titles.some((known) => known.type === ref.type && known.id === ref.id)) return say(t('admin.rowsAlreadyPicked', { title: refName(ref) }))
    onChange([...titles, ref])
    say(t('admin.rowsPicked', { title: refName(ref), position: titles.length + 1 }))
  }
  return (
    <div className="space-y-3">
      {titles.length === 0 ? (
        <p className="text-sm text-neutral-400">{empty}</p>
      ) : (
        <ol className="space-y-2" aria-label={label}>
          {titles.map((ref, index) => {
            const name = refName(ref)
            const entry = `${id}-${ref.type}-${ref.id}`
            return (
              <li key={`${ref.type}-${ref.id}`} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-neutral-800 px-3 py-2">
                <p className="min-w-0 text-sm">
                  <span className="me-2 text-neutral-400 tabular-nums">{t('admin.rank', { rank: index + 1 })}</span>
                  <span className="font-medium" dir="auto">
                    {name}
                  </span>
                  <span className="text-neutral-400"> · {t(ref.type === 'movie' ? 'admin.streamKindFilm' : 'admin.streamKindShow')}</span>
                </p>
                <div className="flex flex-wrap gap-2">
                  <MoveButtons id={entry} list={titles} index={index} name={name} onChange={onChange} say={say} />
                  <Button
                    variant="danger"
                    aria-label={t('admin.rowsRemoveFor', { title: name })}
                    onClick={() => {
                      onChange(titles.filter((_, i) => i !== index))
                      say(t('admin.rowsRemoved', { title: name }))
                      focusSoon(`${id}-finder`)
                    }}
                  >
                    {t('admin.rowsRemove')}
                  </Button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      <p className="text-xs text-neutral-400">{t('admin.rowsPickedCount', { count: titles.length, max })}</p>
      <div id={`${id}-finder`}>
        <TitleFinder label={finderLabel} disabled={titles.length >= max} onChoose={(title) => add({ type: title.content_type, id: title.content_id, label: title.name })} />
      </div>
    </div>
  )
}
