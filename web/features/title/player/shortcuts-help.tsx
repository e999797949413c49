/**
 * The list of keyboard shortcuts, opened with ? (or from the settings menu) over the picture, above
 * the controls; Escape or Close shuts it.
 */
import { useEffect, useRef } from 'react'
import { t } from '../../../i18n'
import { eitherOf } from '../title-format'
import { rateLabel } from './settings-menu'
import { PLAYBACK_RATES, SEEK_STEP_SECONDS, SHORTCUTS, type ShortcutKey } from './shortcuts'

const keyText = (key: ShortcutKey) => (typeof key === 'string' ? key : t(key.name))

/** What a shortcut does, with the numbers its words carry. */
function actionText(action: (typeof SHORTCUTS)[number]['action']): string {
  return t(action, { seconds: SEEK_STEP_SECONDS, slowest: rateLabel(PLAYBACK_RATES[0]), fastest: rateLabel(PLAYBACK_RATES[PLAYBACK_RATES.length - 1]!) })
}

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    close.current?.focus()
  }, [])
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="player-shortcuts-title"
      data-testid="shortcuts-help"
      className="pointer-events-auto absolute inset-0 overflow-y-auto overscroll-contain bg-neutral-950/95 p-4 text-white"
      onKeyDown={(event) => {
        if (event.key === 'Escape' || event.key === '?') {
          event.preventDefault()
          event.stopPropagation()
          onClose()
        }
      }}
    >
      <div className="mx-auto max-w-md">
        <div className="flex items-center justify-between">
          <h2 id="player-shortcuts-title" className="text-base font-semibold">
            {t('player.shortcuts')}
          </h2>
          <button ref={close} type="button" onClick={onClose} className="rounded-lg bg-neutral-800 px-3 py-1 text-sm font-semibold hover:bg-neutral-700">
            {t('player.close')}
          </button>
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.action} className="contents">
              <dt className="text-end whitespace-nowrap">
                {eitherOf(
                  shortcut.keys.map(keyText),
                  (key) => <kbd className="rounded border border-neutral-600 bg-neutral-800 px-1.5 py-0.5 font-mono text-xs">{key}</kbd>,
                  (or) => <span className="text-neutral-400">{or}</span>,
                )}
              </dt>
              <dd className="text-neutral-200">{actionText(shortcut.action)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  )
}
