/**
 * Toast notifications at the top right (SPEC.md section 2; the top left in a right-to-left page).
 * Any component calls `useToast()(message, kind)` with a message already in the page's language;
 * the stack is announced through an aria-live region.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { t } from '../i18n'

export type ToastKind = 'success' | 'error' | 'info'
interface Toast {
  id: number
  message: string
  kind: ToastKind
}

const toastsAtom = atom<Toast[]>([])
let nextId = 1

export function useToast() {
  const set = useSetAtom(toastsAtom)
  return useCallback(
    (message: string, kind: ToastKind = 'info') => {
      const id = nextId++
      set((list) => [...list.slice(-3), { id, message, kind }])
      setTimeout(() => set((list) => list.filter((t) => t.id !== id)), 4000)
    },
    [set],
  )
}

const kindClass: Record<ToastKind, string> = {
  success: 'border-emerald-500/60 bg-emerald-950/95',
  error: 'border-red-500/60 bg-red-950/95',
  info: 'border-neutral-600 bg-neutral-900/95',
}

export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  const set = useSetAtom(toastsAtom)
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed end-4 top-[4.5rem] z-[100] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {toasts.map((toast) => (
        <div key={toast.id} data-toast={toast.kind} className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-xl ${kindClass[toast.kind]}`}>
          <p className="flex-1">{toast.message}</p>
          <button type="button" aria-label={t('shell.dismissNotification')} className="text-neutral-400 hover:text-white" onClick={() => set((l) => l.filter((x) => x.id !== toast.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
