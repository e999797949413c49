/**
 * The hero carousel (SPEC.md sections 2 and 9): five titles, one every 6 s, each with backdrop,
 * up to 3 genres, title, rating, year, runtime, certification badge, overview, Play Now and the
 * watchlist toggle. It pauses on hover, on focus and in a hidden tab; arrows, dots, swipes and
 * the arrow keys move it, the way the page is written (in Arabic the next slide is to the left).
 */
import { startTransition, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router-dom'
import type { HeroItem } from '../../worker/catalog/types'
import { t } from '../i18n'
import { isRightToLeft } from '../lib/direction'
import { useImage } from '../lib/images'
import { FULL_WIDTH_BACKDROP } from '../../worker/catalog/image-sizes'
import { paths } from '../lib/paths'
import { hasRating, ratingOf, runtimeText } from '../lib/titles'
import { useCarousel } from '../lib/use-carousel'
import { heroBackdrop, heroFrame } from './hero-frame'
import { ChevronLeftIcon, ChevronRightIcon, PlayIcon, StarIcon } from './icons'
import { WatchlistButton } from './watchlist-button'


/** After the first screen is drawn, the next slide is prepared this long before it is due. */
const PREPARE_NEXT_MS = 1500

/**
 * Which slides are drawn: the first at once, each next one shortly before it shows (so it can fade
 * in), and any the visitor jumps to. The page's first render carries one slide, not five.
 */
function useDrawnSlides(index: number, count: number): (i: number) => boolean {
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set([0]))
  const next = count > 0 ? (index + 1) % count : 0
  useEffect(() => {
    if (drawn.has(index) && drawn.has(next)) return
    const timer = setTimeout(() => startTransition(() => setDrawn((d) => new Set([...d, index, next]))), drawn.has(index) ? PREPARE_NEXT_MS : 0)
    return () => clearTimeout(timer)
  }, [index, next, drawn])
  return (i) => i === index || drawn.has(i)
}

/** One slide's backdrop, facts and actions. */
function SlideContent({ slide, first }: { slide: HeroItem; first: boolean }) {
  const image = useImage()
  const backdrop = image(slide.backdropPath, 'backdrop', FULL_WIDTH_BACKDROP.width)
  const year = slide.releaseDate ? slide.releaseDate.slice(0, 4) : ''
  const runtime = runtimeText(slide.runtime)
  return (
    <>
      {backdrop && (
        <img
          src={backdrop.src}
          srcSet={backdrop.srcSet}
          sizes={backdrop.srcSet && FULL_WIDTH_BACKDROP.sizes}
          alt=""
          className={`${heroBackdrop} object-cover`}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
        />
      )}
      {/* Below lg the picture fades into the page where the text begins; from lg the text sits on its lower start side. */}
      <div className={`${heroBackdrop} bg-gradient-to-t from-neutral-950 via-neutral-950/40 to-transparent`} />
      <div className="absolute inset-0 hidden bg-gradient-to-r from-neutral-950/90 via-neutral-950/40 to-transparent lg:block rtl:bg-gradient-to-l" />
      <div className="absolute inset-x-0 bottom-14 px-4 md:bottom-16 md:px-16">
        <div className="max-w-2xl">
          {slide.genres.length > 0 && (
            <ul className="mb-3 flex flex-wrap gap-2" aria-label={t('cards.heroGenres')}>
              {slide.genres.slice(0, 3).map((g) => (
                <li key={g} data-catalog="" className="rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-neutral-100 backdrop-blur">{g}</li>
              ))}
            </ul>
          )}
          {/* A title keeps its own direction (a Latin title on an Arabic page) and lines up with the
              page's side; the overview and genres come in the page's language and take its direction. */}
          <h2 data-catalog="" dir="auto" className="text-left rtl:text-right line-clamp-2 text-3xl leading-tight font-extrabold tracking-tight text-white drop-shadow md:text-5xl">{slide.title}</h2>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-200">
            {hasRating(slide.voteAverage) && (
              <span className="flex items-center gap-1 font-semibold text-amber-300">
                <StarIcon width={14} height={14} />
                <span className="sr-only">{t('cards.rating')}</span>
                {ratingOf(slide.voteAverage)}
              </span>
            )}
            {year && <span data-catalog="">{year}</span>}
            {runtime && <span>{runtime}</span>}
            {/* A rating board's mark, the same in every language. */}
            {slide.certification && <span data-catalog="" className="rounded border border-neutral-300/70 px-1.5 py-px text-xs font-semibold">{slide.certification}</span>}
          </p>
          {slide.overview ? (
            <p data-catalog="" className="mt-3 line-clamp-3 max-w-xl text-sm text-neutral-200 md:text-base">{slide.overview}</p>
          ) : (
            <p className="mt-3 line-clamp-3 max-w-xl text-sm text-neutral-200 md:text-base">{t('cards.noDescription')}</p>
          )}
          {/* Tight enough on a 360 px phone for both actions to share a line. */}
          <div className="mt-5 flex flex-wrap gap-2 sm:gap-3">
            <Link
              to={paths.title(slide.mediaType, slide.id)}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 sm:px-5 text-sm font-semibold text-white shadow-lg hover:bg-brand-500"
              aria-label={t('cards.playNowTitle', { title: slide.title })}
              data-catalog-text={slide.title}
            >
              <PlayIcon width={16} height={16} />
              {t('cards.playNow')}
            </Link>
            <WatchlistButton target={{ contentId: slide.id, contentType: slide.mediaType, title: slide.title, posterPath: slide.posterPath }} />
          </div>
        </div>
      </div>
    </>
  )
}

export function HeroCarousel({ items, label }: { items: HeroItem[]; label?: string }) {
  const slides = items.slice(0, 5)
  const { index, next, prev, goTo, setPaused } = useCarousel(slides.length)
  const isDrawn = useDrawnSlides(index, slides.length)
  const touchStartX = useRef<number | null>(null)
  if (slides.length === 0) return null

  // The arrow pointing the way the page reads moves forward: right in English, left in Arabic.
  const onKeyDown = (e: KeyboardEvent) => {
    const forward = isRightToLeft() ? 'ArrowLeft' : 'ArrowRight'
    const back = isRightToLeft() ? 'ArrowRight' : 'ArrowLeft'
    if (e.key === forward) next()
    else if (e.key === back) prev()
    else return
    e.preventDefault()
  }

  return (
    <section
      aria-roledescription={t('cards.carousel')}
      aria-label={label ?? t('cards.featuredTitles')}
      className={`${heroFrame} overflow-hidden bg-neutral-950 lg:bg-neutral-900`}
      onMouseEnter={() => setPaused('hover', true)}
      onMouseLeave={() => setPaused('hover', false)}
      onFocus={() => setPaused('focus', true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused('focus', false)
      }}
      onKeyDown={onKeyDown}
      // Phones have no arrows: a horizontal swipe of 50 px or more moves the carousel.
      onTouchStart={(e) => {
        touchStartX.current = e.touches[0]?.clientX ?? null
        setPaused('hover', true)
      }}
      onTouchEnd={(e) => {
        const start = touchStartX.current
        const end = e.changedTouches[0]?.clientX
        touchStartX.current = null
        setPaused('hover', false)
        if (start === null || end === undefined || Math.abs(end - start) < 50) return
        // A swipe toward the start of the line brings the next slide, as turning a page does.
        if ((end < start) !== isRightToLeft()) next()
        else prev()
      }}
    >
      {slides.map((slide, i) => {
        const active = i === index
        return (
          <div
            key={`${slide.mediaType}-${slide.id}`}
            role="group"
            aria-roledescription={t('cards.slide')}
            aria-label={t('cards.slidePosition', { position: i + 1, count: slides.length, title: slide.title })}
            data-catalog-text={slide.title}
            aria-hidden={!active}
            inert={!active}
            className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${active ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          >
            {isDrawn(i) && <SlideContent slide={slide} first={i === 0} />}
          </div>
        )
      })}

      {slides.length > 1 && (
        <>
          <button
            type="button"
            onClick={prev}
            aria-label={t('cards.previousSlide')}
            className="absolute start-2 top-[28vw] hidden -translate-y-1/2 rounded-full bg-black/50 p-2.5 text-white backdrop-blur hover:bg-black/70 md:block lg:top-1/2"
          >
            <ChevronLeftIcon className="rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            onClick={next}
            aria-label={t('cards.nextSlide')}
            className="absolute end-2 top-[28vw] hidden -translate-y-1/2 rounded-full bg-black/50 p-2.5 text-white backdrop-blur hover:bg-black/70 md:block lg:top-1/2"
          >
            <ChevronRightIcon className="rtl:-scale-x-100" />
          </button>
          <div className="absolute inset-x-0 bottom-4 flex justify-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => goTo(i)}
                aria-label={t('cards.showSlide', { position: i + 1, title: slide.title })}
                data-catalog-text={slide.title}
                aria-current={i === index ? 'true' : undefined}
                className="group flex h-6 items-center px-1"
              >
                <span className={`block h-1.5 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-3 bg-white/40 group-hover:bg-white/70'}`} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  )
}
