/**
 * Move up / Move down for an entry of an ordered list (a page's rows, the hero's picks). The
 * buttons name the entry ("Move up: Trending now"), and after a move the focus stays with the
 * entry it moved (on the other button when the entry reached an end), since React may have moved
 * the entry's element and with it the focus.
 */
import { Button } from '../../components/button'
import { t } from '../../i18n'
import { moved } from './layout-edit'

const focusable = 'button, input, select, textarea, [tabindex]'

/** Focuses the first of the elements (by id, or the first field or button inside one) that can take it, once the change is drawn. */
export function focusSoon(...ids: string[]) {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const found = document.getElementById(id)
      if (!found) continue
      const candidates = found.matches(focusable) ? [found] : [...found.querySelectorAll<HTMLElement>(focusable)]
      const element = candidates.find((candidate) => !candidate.matches(':disabled'))
      if (element) {
        element.focus()
        return
      }
    }
  })
}

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={up ? 'M12 19V5m-6 6 6-6 6 6' : 'M12 5v14m6-6-6 6-6-6'} />
    </svg>
  )
}

/** Arrows, so that a row's controls fit one line on a phone; each button's name says what it moves where. */
export function MoveButtons<T>({ id, list, index, name, onChange, say }: { id: string; list: readonly T[]; index: number; name: string; onChange: (list: T[]) => void; say: (message: string) => void }) {
  const count = list.length
  const move = (to: number, first: string, then: string) => {
    onChange(moved(list, index, to))
    say(t('admin.rowsMoved', { title: name, position: to + 1, count }))
    focusSoon(first, then)
  }
  return (
    <>
      <Button variant="secondary" id={`${id}-up`} title={t('admin.rowsMoveUp')} aria-label={t('admin.rowsMoveUpFor', { title: name })} disabled={index === 0} onClick={() => move(index - 1, `${id}-up`, `${id}-down`)}>
        <Arrow up />
      </Button>
      <Button variant="secondary" id={`${id}-down`} title={t('admin.rowsMoveDown')} aria-label={t('admin.rowsMoveDownFor', { title: name })} disabled={index === count - 1} onClick={() => move(index + 1, `${id}-down`, `${id}-up`)}>
        <Arrow up={false} />
      </Button>
    </>
  )
}
