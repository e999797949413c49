/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for the list,
 * arrow keys, Home and End move between tabs, and each panel is labelled by its tab. In a
 * right-to-left page the list runs from the right, so the left arrow moves to the next tab.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabDef<K extends string> {
  key: K
  label: string
}

export function Tabs<K extends string>({ tabs, selected, onSelect, label, children }: { tabs: readonly TabDef<K>[]; selected: K; onSelect: (key: K) => void; label: string; children: ReactNode }) {
  const refs = useRef(new Map<K, HTMLButtonElement>())

  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1
    const next = index === last ? 0 : index + 1
    const previous = index === 0 ? last : index - 1
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl'
    const target = { ArrowRight: rtl ? previous : next, ArrowLeft: rtl ? next : previous, Home: 0, End: last }[e.key]
    if (target === undefined) return
    e.preventDefault()
    const tab = tabs[target]
    if (!tab) return
    onSelect(tab.key)
    refs.current.get(tab.key)?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="scrollbar-none flex gap-1 overflow-x-auto border-b border-neutral-800">
        {tabs.map((tab, index) => {
          const active = tab.key === selected
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) refs.current.set(tab.key, el)
                else refs.current.delete(tab.key)
              }}
              type="button"
              role="tab"
              id={`tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(e) => move(e, index)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap ${active ? 'border-brand-400 text-white' : 'border-transparent text-neutral-400 hover:text-neutral-100'}`}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`} tabIndex={0} className="pt-6 focus-visible:outline-none">
        {children}
      </div>
    </div>
  )
}
