/**
 * One card of the profile and import pages: its heading (with an action at the far side, when it
 * has one), a sentence under it saying what it is for, then what it holds.
 */
import type { ReactNode } from 'react'

export function AccountSection({
  id,
  title,
  intro,
  action,
  className = '',
  children,
}: {
  /** The heading's id, which names the section. */
  id: string
  title: ReactNode
  intro?: ReactNode
  /** A button beside the heading (Edit, Sign out everywhere…). */
  action?: ReactNode
  className?: string
  children?: ReactNode
}) {
  const heading = (
    <h2 id={id} className="text-xl font-semibold">
      {title}
    </h2>
  )
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6 ${className}`}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {intro && <p className="mt-2 text-sm text-neutral-400">{intro}</p>}
      {children}
    </section>
  )
}
