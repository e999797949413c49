/**
 * Five stars to rate a title by halves: a radio group of ten half stars, half a star (1) to five
 * stars (10). Each half is a radio the size of a finger's press (24 by 48 px); the group's name says
 * the rating ("Your rating: 3.5 of 5 stars"). Keys: the arrows move by half a star and rate at once
 * (left and right follow the page's direction), Home and End go to half a star and five, 1 to 5
 * give whole stars, Delete, Backspace or 0 remove the rating. A press on a half rates; pointing
 * shows what a press would give.
 */
import { useRef, useState, type KeyboardEvent } from 'react'
import { t } from '../../i18n'
import { starsText } from '../../lib/my-ratings'

export const HALF_STARS = 10

const STAR_PATH = 'm12 2 3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z'

/** The group's name: the rating as words, or that there is none yet. */
export function ratingLabel(value: number | null): string {
  return value ? t('taste.ratingValue', { stars: starsText(value) }) : t('taste.notRated')
}

function Star({ fill }: { fill: 0 | 0.5 | 1 }) {
  return (
    <span aria-hidden="true" className="pointer-events-none absolute inset-1.5">
      <svg viewBox="0 0 24 24" className="absolute inset-0 h-full w-full text-neutral-500">
        <path d={STAR_PATH} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      {/* the filled part grows from the page's start side, so from the right in Arabic */}
      <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
        <svg viewBox="0 0 24 24" className="absolute start-0 top-0 h-9 w-9 text-amber-400">
          <path d={STAR_PATH} fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </span>
    </span>
  )
}

export function StarRating({ value, onChange, disabled = false }: { value: number | null; onChange: (value: number | null) => void; disabled?: boolean }) {
  const [pointed, setPointed] = useState<number | null>(null)
  const halves = useRef<(HTMLSpanElement | null)[]>([])
  const shown = pointed ?? value ?? 0
  // The checked half takes the Tab; with no rating yet, the first.
  const tabbable = value ?? 1

  const choose = (next: number | null, focus = false) => {
    if (disabled) return
    if (next !== value) onChange(next)
    if (focus) halves.current[(next ?? 1) - 1]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>, half: number) => {
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl'
    const step = { ArrowUp: 1, ArrowDown: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key]
    let next: number | null | undefined
    if (step) next = Math.min(HALF_STARS, Math.max(1, (value ?? (step > 0 ? 0 : half)) + step))
    else if (event.key === 'Home') next = 1
    else if (event.key === 'End') next = HALF_STARS
    else if (event.key === ' ' || event.key === 'Enter') next = half
    else if (/^[1-5]$/.test(event.key)) next = Number(event.key) * 2
    else if (event.key === 'Delete' || event.key === 'Backspace' || event.key === '0') next = null
    if (next === undefined) return
    event.preventDefault()
    choose(next, true)
  }

  return (
    <span role="radiogroup" aria-label={ratingLabel(value)} aria-disabled={disabled || undefined} className="inline-flex" onMouseLeave={() => setPointed(null)} data-testid="star-rating">
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} className="relative h-12 w-12">
          <Star fill={shown >= star * 2 ? 1 : shown === star * 2 - 1 ? 0.5 : 0} />
          {[star * 2 - 1, star * 2].map((half) => (
            <span
              key={half}
              ref={(element) => {
                halves.current[half - 1] = element
              }}
              role="radio"
              aria-checked={half === value}
              aria-label={t('taste.halfStars', { stars: half / 2 })}
              tabIndex={half === tabbable && !disabled ? 0 : -1}
              onClick={() => choose(half)}
              onKeyDown={(event) => onKeyDown(event, half)}
              onMouseEnter={() => !disabled && setPointed(half)}
              className={`absolute inset-y-0 w-6 cursor-pointer rounded-sm ring-brand-400 outline-none focus-visible:ring-2 ${half % 2 ? 'start-0' : 'end-0'}`}
            />
          ))}
        </span>
      ))}
    </span>
  )
}
