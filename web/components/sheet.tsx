/**
 * A modal sheet: rises from the bottom edge of a phone's screen, a box in the middle of a
 * desktop's, with its heading, a line under it and a close button. The browser's own modal
 * dialog keeps focus inside and closes on Escape; a press on the backdrop closes it too, and focus
 * goes back to whatever opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'

interface SheetProps {
  open: boolean
  onClose: () => void
  heading: string
  /** The line under the heading, such as the title the sheet is about. */
  subheading: ReactNode
  closeLabel: string
  children: ReactNode
}

export function Sheet({ open, onClose, heading, subheading, closeLabel, children }: SheetProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const headingId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement
      element.showModal()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  const onClosed = () => {
    const back = opener.current
    opener.current = null
    onClose()
    if (back instanceof HTMLElement) back.focus()
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClosed}
      // A press on the backdrop lands on the dialog element itself.
      onClick={(event) => event.target === dialog.current && dialog.current.close()}
      className="m-0 mt-auto w-full max-w-none rounded-t-2xl bg-neutral-900 p-0 text-neutral-100 backdrop:bg-black/70 sm:m-auto sm:max-w-md sm:rounded-2xl"
    >
      {open && (
        <div className="flex max-h-[80vh] flex-col">
          <div className="flex items-start justify-between gap-3 border-b border-neutral-800 px-5 py-4">
            <div className="min-w-0">
              <h2 id={headingId} className="text-lg font-bold">{heading}</h2>
              {subheading}
            </div>
            <button type="button" onClick={() => dialog.current?.close()} aria-label={closeLabel} className="rounded-full p-1.5 text-neutral-300 hover:bg-neutral-800 hover:text-white">
              <CloseIcon width={20} height={20} />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
