/**
 * The title page's player: a source selector over the configured sources (default the first),
 * shown only when there is more than one, and the chosen one below it: our HLS player, the title's trailer (a video file, or a video site's
 * embed the operator configured), or an operator's embed frame. A title with no stream opens on its
 * trailer until the viewer picks a source.
 * Until the viewer asks to play, the frame holds the title's artwork and a Play button and nothing
 * of any source loads: no player code, no media, no third-party frame (player-poster.tsx).
 * Switching shows a loading overlay until the new source has loaded, or until a frame posts
 * { type: 'player_ready' } from its own origin.
 */
import { useAtomValue } from 'jotai'
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { ImageSource } from '../../../worker/catalog/image-sizes'
import type { MediaType, Video } from '../../../worker/catalog/types'
import type { PlayerSource } from '../../../worker/player/sources'
import { t } from '../../i18n'
import { useStream } from './api'
import type { ConnectionQuality } from './connection-quality'
import { embedUrl } from './embed-url'
import { prefetchHlsPlayer, TitleRating } from './player-loader'
import { useHlsPlayerModule } from './use-hls-player-module'
import { PlayerPoster, type PosterArt } from './player-poster'
import { exitFullscreen } from './player/fullscreen'
import { autoplayNextAtom } from './player/preferences'
import { FrameMedia, parseFrameMessage } from './frame-progress'
import type { PlayerHeading } from './hls-player'
import { useProgressReporting, type ProgressOptions } from './use-progress-reporting'

export interface PlayerTarget {
  type: MediaType
  id: number
  season?: number
  episode?: number
}

/** A trailer the player can show: a video file, or a video site's page embedded in a frame. */
export interface Trailer {
  name: string
  kind: 'file' | 'embed'
  url: string
}

/** Video sites' keys are short tokens; anything else is not put into a URL. */
const VIDEO_KEY = /^[A-Za-z0-9_-]{1,64}$/

function playable(video: Video, embeds: Record<string, string>): Trailer | null {
  if (typeof video.url === 'string' && video.url.length > 0) return { name: video.name, kind: 'file', url: video.url }
  const site = video.site.toLowerCase()
  const template = Object.hasOwn(embeds, site) ? embeds[site] : undefined
  if (typeof template !== 'string' || !VIDEO_KEY.test(video.key)) return null
  return { name: video.name, kind: 'embed', url: template.replaceAll('{key}', encodeURIComponent(video.key)) }
}

/**
 * The title's trailer: among the videos that can play (a direct URL, or a site the operator has an
 * embed for), trailers before other clips and official ones first; null when none can play.
 */
export function trailerOf(videos: Video[], embeds: Record<string, string>): Trailer | null {
  const rank = (v: Video) => (v.type === 'Trailer' ? 0 : 2) + (v.official ? 0 : 1)
  const ranked = [...videos].sort((a, b) => rank(a) - rank(b))
  for (const video of ranked) {
    const trailer = playable(video, embeds)
    if (trailer) return trailer
  }
  return null
}

/** The sources this title can offer: the trailer source only when it has a playable trailer. */
export function availableSources(sources: PlayerSource[], trailer: Trailer | null): PlayerSource[] {
  return sources.filter((s) => s.kind !== 'trailer' || trailer !== null)
}

/** Whether the player shows its source buttons: a choice only when there is one. */
export function offersSourceSwitch(sources: PlayerSource[]): boolean {
  return sources.length > 1
}

function originOf(url: string): string | null {
  try {
    return new URL(url, window.location.href).origin
  } catch {
    return null
  }
}

/**
 * A sandboxed third-party frame: an operator's player or a video site's trailer. `label` names the
 * frame; `takeFocus` is handed the frame once it is on the page. An operator's frame may report
 * what the viewer watched (frame-progress.ts); `progress` is where that goes.
 */
function EmbedFrame({
  url,
  label,
  onReady,
  takeFocus,
  progress,
}: {
  url: string
  label: string
  onReady: () => void
  takeFocus: (frame: HTMLElement | null) => void
  progress?: ProgressOptions
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  const origin = originOf(url)
  const media = useRef<FrameMedia | null>(null)
  media.current ??= new FrameMedia()
  useProgressReporting(media, progress ?? NO_PROGRESS)
  useEffect(() => takeFocus(frame.current), [takeFocus])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return
      const message = parseFrameMessage(event.data)
      if (!message) return
      // A frame that reports progress is plainly ready, whether or not it said so.
      onReady()
      if (message.type !== 'player_ready') media.current?.receive(message)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [origin, onReady])

  const onLoad = () => {
    onReady()
    // SPEC.md: the player asks the frame to start; a frame that does not listen ignores it.
    if (origin) frame.current?.contentWindow?.postMessage({ type: 'play' }, origin)
  }

  return (
    <iframe
      ref={frame}
      src={url}
      title={label}
      onLoad={onLoad}
      className="h-full w-full border-0"
      // Scripts plus the frame's own origin is safe only for another site's page; a page of this
      // site would be able to lift its own sandbox.
      sandbox={origin === window.location.origin ? 'allow-scripts allow-presentation' : 'allow-scripts allow-same-origin allow-presentation'}
      allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  )
}

const NO_PROGRESS: ProgressOptions = { enabled: false, title: { content_id: 0, content_type: 'movie', title: '', poster_path: null }, watched: { current: 0 } }

/**
 * A source's name on its button: the built-in player and trailer in the page's language, an
 * operator's source as the operator named it.
 */
export function sourceName(source: PlayerSource): string {
  if (source.kind === 'hls') return t('player.sourceReelhouse')
  if (source.kind === 'trailer') return t('player.sourceTrailer')
  return source.name
}

function Message({ children }: { children: string }) {
  return <div className="flex h-full w-full items-center justify-center p-6 text-center text-neutral-300">{children}</div>
}

export interface PlayerProps {
  target: PlayerTarget
  title: string
  /** The title's images, shown in the frame until the viewer asks to play. */
  art: PosterArt
  sources: PlayerSource[]
  trailer: Trailer | null
  connection: ConnectionQuality | undefined
  startAt: number
  progress: ProgressOptions
  /** Open the player and start at once: the viewer has just asked for this episode. */
  autoPlay?: boolean
  /** What plays after this when our player reaches the end (a show's next episode). */
  upNext?: UpNext | null
  /** On a show, the episode, named over the picture with the show's name. */
  heading?: PlayerHeading
  /** The viewer pressed Play. */
  onOpen?: () => void
  /** On a film, where "More like this" at the credits leads (the similar titles). */
  similarHref?: string
}

/** The closing cards' frames, for the rating's card (whose code, loaded apart, need not import the player's). */
export interface ClosingFrames {
  ClosingCard: typeof ClosingCard
  MoreLikeThisCard: typeof MoreLikeThisCard
}

export interface UpNext {
  label: string
  onPlay: () => void
  /** The next episode's still, when it has one. */
  still?: ImageSource | null
}

export const UP_NEXT_SECONDS = 10

/**
 * The card that comes up at the credits (or near the end, or at the end), among the player's
 * panels above its controls: on a phone it fills the picture above them; wider, it sits in a
 * corner. Its first action is what comes next; before the end the other is Watch credits (the card
 * goes until the end), at the end Cancel. At the end it takes the focus when the viewer was in
 * the player, and gives it back to the player on Cancel; during the credits the viewer may still be
 * using the player's keys (Space would otherwise press the first action), so the focus stays where
 * it is. The player's status line announces the card.
 */
function ClosingCard({
  label,
  testId,
  action,
  atCredits,
  onCancel,
  children,
}: {
  label: string
  testId: string
  /** The first action: a button, or a link when it has `href` (what it does is still `onPress`). */
  action?: { text: string; onPress: () => void; href?: string }
  atCredits: boolean
  onCancel: () => void
  children: ReactNode
}) {
  const card = useRef<HTMLElement>(null)
  const first = useRef<HTMLAnchorElement & HTMLButtonElement>(null)
  const player = () => card.current?.closest<HTMLElement>('[role="group"]')
  useEffect(() => {
    if (atCredits) return
    const active = document.activeElement
    if (!active || active === document.body || player()?.contains(active)) first.current?.focus()
  }, [atCredits])
  const cancel = () => {
    player()?.focus()
    onCancel()
  }
  const firstClass = 'rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-500'
  return (
    <section
      ref={card}
      aria-label={label}
      data-testid={testId}
      className="pointer-events-auto absolute inset-0 flex flex-col justify-center bg-neutral-950/95 px-4 py-2 text-white sm:inset-auto sm:end-3 sm:bottom-2 sm:w-80 sm:rounded-xl sm:p-4 sm:shadow-2xl sm:ring-1 sm:ring-neutral-700"
    >
      {children}
      <div className="mt-2 flex flex-wrap gap-2 sm:mt-3">
        {action?.href ? (
          <a
            ref={first}
            href={action.href}
            onClick={(event) => {
              event.preventDefault()
              action.onPress()
            }}
            className={firstClass}
          >
            {action.text}
          </a>
        ) : (
          action && (
            <button ref={first} type="button" onClick={action.onPress} className={firstClass}>
              {action.text}
            </button>
          )
        )}
        <button type="button" onClick={cancel} className="rounded-lg bg-neutral-800 px-3 py-1.5 text-sm font-semibold text-neutral-100 hover:bg-neutral-700">
          {atCredits ? t('player.watchCredits') : t('player.cancel')}
        </button>
      </div>
    </section>
  )
}

/**
 * Up next: the next episode, which starts when the count reaches 0 unless cancelled; with autoplay
 * off there is no count. The count runs on from the credits to the end. It is not read aloud every
 * second: the status line announces the card once.
 */
function UpNextCard({ upNext, countdown, atCredits, onCancel }: { upNext: UpNext; countdown: boolean; atCredits: boolean; onCancel: () => void }) {
  const [left, setLeft] = useState(UP_NEXT_SECONDS)
  // The page hands a new callback on every render; the count must not restart for it.
  const play = useRef(upNext.onPlay)
  play.current = upNext.onPlay
  useEffect(() => {
    if (!countdown) return
    if (left <= 0) {
      play.current()
      return
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => window.clearTimeout(timer)
  }, [left, countdown])
  return (
    <ClosingCard label={t('player.upNext')} testId="up-next" action={{ text: t('player.playNow'), onPress: () => play.current() }} atCredits={atCredits} onCancel={onCancel}>
      <div className="flex items-center gap-3">
        {upNext.still && (
          <img src={upNext.still.src} srcSet={upNext.still.srcSet} sizes={upNext.still.srcSet && '112px'} alt="" width={300} height={169} data-testid="up-next-still" className="aspect-video w-24 shrink-0 rounded-md bg-neutral-800 object-cover sm:w-28" />
        )}
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-neutral-400 uppercase">{t('player.upNext')}</p>
          <p className="mt-0.5 truncate text-sm font-semibold sm:mt-1 sm:text-base">{upNext.label}</p>
          {countdown && (
            <p className="text-xs text-neutral-300 sm:mt-1 sm:text-sm" aria-hidden="true">
              {t('player.upNextCountdown', { seconds: left })}
            </p>
          )}
        </div>
      </div>
    </ClosingCard>
  )
}

/**
 * On a film, More like this: See similar titles leaves full screen, then goes to the page's
 * similar titles (`href`, a place on the page) as the link would.
 */
function MoreLikeThisCard({ href, atCredits, onCancel, children }: { href: string; atCredits: boolean; onCancel: () => void; children?: ReactNode }) {
  const seeSimilar = () => {
    void exitFullscreen().then(() => window.location.assign(href))
  }
  return (
    <ClosingCard label={t('player.moreLikeThis')} testId="more-like-this" action={{ text: t('player.seeSimilar'), onPress: seeSimilar, href }} atCredits={atCredits} onCancel={onCancel}>
      <p className="text-sm font-semibold sm:text-base">{t('player.moreLikeThis')}</p>
      {children}
    </ClosingCard>
  )
}

/** The words on the Play button: a show names the episode that will play. */
export function playLabel(target: PlayerTarget): string {
  return target.type === 'tv' ? t('player.playEpisode', { season: target.season ?? 1, episode: target.episode ?? 1 }) : t('player.play')
}

export function Player({ target, title, art, sources, trailer, connection, startAt, progress, autoPlay = false, upNext = null, heading, onOpen, similarHref }: PlayerProps) {
  const autoplayNext = useAtomValue(autoplayNextAtom)
  const [chosenId, setChosenId] = useState<string | null>(null)
  const chosen = sources.find((s) => s.id === chosenId) ?? sources[0]
  const [loading, setLoading] = useState(true)
  const [failure, setFailure] = useState<string | null>(null)
  const stream = useStream(target.type, target.id, target.season ?? 0, target.episode ?? 0, chosen?.kind === 'hls')
  // Until the viewer picks a source, a film with no stream of its own opens on its trailer. (A
  // show's trailer is not an episode, so an episode without a stream says so instead.)
  const trailerSource = sources.find((s) => s.kind === 'trailer')
  const opensOnTrailer = chosenId === null && target.type === 'movie' && chosen?.kind === 'hls' && stream.data?.url === null && !!trailerSource
  const source = opensOnTrailer ? trailerSource : chosen

  // Nothing of a source loads before the viewer asks for it: the Play button, or an episode they
  // picked (autoPlay). Once open the player stays open, so another source or episode loads at once;
  // it starts by itself only when that is what the viewer asked to play.
  const playKey = `${source?.id}|${target.type}|${target.id}|${target.season ?? 0}|${target.episode ?? 0}`
  const [pressedKey, setPressedKey] = useState<string | null>(null)
  const [opened, setOpened] = useState(autoPlay)
  if (autoPlay && !opened) setOpened(true)
  const open = autoPlay || opened
  const startNow = autoPlay || pressedKey === playKey

  const frameUrl = useMemo(() => {
    if (!open || source?.kind !== 'embed' || !connection) return null
    return embedUrl(source.template, target, connection)
  }, [open, source, target, connection])

  // A new source, episode or stream starts behind the overlay again.
  const sourceKey = `${playKey}|${frameUrl ?? ''}|${stream.data?.url ?? ''}`
  const [shownKey, setShownKey] = useState(sourceKey)
  const [ended, setEnded] = useState(false)
  // From the credits on (player/markers.tsx) the card comes up before the end; Watch credits puts
  // it away until the end.
  const [closing, setClosing] = useState(false)
  const [creditsWatched, setCreditsWatched] = useState(false)
  if (shownKey !== sourceKey) {
    setShownKey(sourceKey)
    setLoading(true)
    setFailure(null)
    setEnded(false)
    setClosing(false)
    setCreditsWatched(false)
  }
  // The closing card: Up next on a show, More like this on a film with similar titles.
  const closingCardShown = ended || (closing && !creditsWatched)
  const upNextShown = !!upNext && closingCardShown
  const moreLikeThisShown = !upNext && target.type === 'movie' && !!similarHref && closingCardShown
  const closeCard = () => (ended ? setEnded(false) : setCreditsWatched(true))

  const ready = useCallback(() => setLoading(false), [])
  const endedChange = useCallback((value: boolean) => setEnded(value), [])
  const closingChange = useCallback((value: boolean) => setClosing(value), [])
  const markers = useMemo(() => ({ target, signedIn: progress.enabled }), [target, progress.enabled])
  const fail = useCallback((message: string) => {
    setFailure(message)
    setLoading(false)
  }, [])
  const hlsPlayer = useHlsPlayerModule(open && source?.kind === 'hls', fail)

  // The Play button goes away when pressed: focus waits on the frame, then moves into the player
  // when it arrives, unless the viewer has gone elsewhere on the page in the meantime.
  const frame = useRef<HTMLDivElement>(null)
  const focusOnArrival = useRef(false)
  const takeFocus = useCallback((element: HTMLElement | null) => {
    if (!element || !focusOnArrival.current) return
    focusOnArrival.current = false
    const active = document.activeElement
    if (!active || active === document.body || frame.current?.contains(active)) element.focus()
  }, [])
  const play = () => {
    focusOnArrival.current = true
    frame.current?.focus()
    setPressedKey(playKey)
    setOpened(true)
    onOpen?.()
  }
  const prefetch = () => {
    if (source?.kind === 'hls') prefetchHlsPlayer()
  }

  // `waiting` marks a body that will report when it has loaded; messages need no overlay.
  let body: ReactNode = null
  let waiting = false
  if (!source) {
    body = <Message>{t('player.noSource')}</Message>
  } else if (failure) {
    body = <Message>{failure}</Message>
  } else if (source.kind === 'hls' && stream.isError) {
    body = <Message>{t('player.streamLoadFailed')}</Message>
  } else if (source.kind === 'hls' && stream.data && !stream.data.url) {
    body = <Message>{t('player.noStream')}</Message>
  } else if (source.kind === 'trailer' && !trailer) {
    body = <Message>{t('player.noTrailer')}</Message>
  } else if (!open) {
    body = (
      <PlayerPoster
        art={art}
        label={playLabel(target)}
        name={target.type === 'movie' ? t('player.playTitle', { title }) : undefined}
        catalogText={target.type === 'movie' ? title : undefined}
        resumeAt={source.kind === 'hls' ? startAt : 0}
        onIntent={prefetch}
        onPlay={play}
      />
    )
  } else if (source.kind === 'hls') {
    waiting = true
    if (stream.data?.url && hlsPlayer) {
      const { HlsPlayer } = hlsPlayer
      body = (
        <HlsPlayer
          key={sourceKey}
          src={stream.data.url}
          thumbnails={stream.data.thumbnails}
          title={title}
          heading={heading}
          startAt={startAt}
          connection={connection}
          progress={progress}
          autoPlay={startNow}
          onReady={ready}
          onFailure={fail}
          onEndedChange={endedChange}
          onClosingChange={closingChange}
          markers={markers}
          takeFocus={takeFocus}
        >
          {upNextShown && <UpNextCard upNext={upNext} countdown={autoplayNext} atCredits={!ended} onCancel={closeCard} />}
          {/* at the end of a title (a film, a show's last episode) a signed-in viewer's rating, with More like this where there is that card */}
          {progress.enabled && progress.completesTitle !== false && !upNext
            ? closingCardShown && (
                <Suspense fallback={null}>
                  <TitleRating
                    type={target.type}
                    id={target.id}
                    end={{ title: heading?.title ?? title, similarHref: moreLikeThisShown ? similarHref : undefined, atCredits: !ended, onCancel: closeCard, frames: { ClosingCard, MoreLikeThisCard } }}
                  />
                </Suspense>
              )
            : moreLikeThisShown && <MoreLikeThisCard href={similarHref} atCredits={!ended} onCancel={closeCard} />}
        </HlsPlayer>
      )
    }
  } else if (source.kind === 'trailer') {
    waiting = true
    if (trailer?.kind === 'file') {
      body = (
        <video
          key={sourceKey}
          ref={takeFocus}
          src={trailer.url}
          controls
          playsInline
          dir="ltr"
          autoPlay={startNow}
          preload="metadata"
          className="h-full w-full bg-black"
          aria-label={t('player.trailerLabel', { title, trailer: trailer.name })}
          onLoadedMetadata={ready}
          onError={() => fail(t('player.trailerPlayFailed'))}
        />
      )
    } else if (trailer?.kind === 'embed') {
      body = <EmbedFrame key={sourceKey} url={trailer.url} label={t('player.trailerLabel', { title, trailer: trailer.name })} onReady={ready} takeFocus={takeFocus} />
    }
  } else {
    waiting = true
    if (frameUrl) body = <EmbedFrame key={sourceKey} url={frameUrl} label={t('player.frameLabel', { title })} onReady={ready} takeFocus={takeFocus} progress={progress} />
  }

  const showOverlay = waiting && loading

  return (
    <div>
      {/* A choice only when there is one: a lone source's name would look like something to press. */}
      {offersSourceSwitch(sources) && (
        <div role="group" aria-label={t('player.sourceGroup')} className="mb-3 flex flex-wrap gap-2">
          {sources.map((s) => {
            const active = s.id === source?.id
            return (
              <button
                key={s.id}
                type="button"
                aria-pressed={active}
                onClick={() => setChosenId(s.id)}
                className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${active ? 'bg-brand-600 text-white' : 'bg-neutral-800 text-neutral-200 hover:bg-neutral-700'}`}
              >
                {sourceName(s)}
              </button>
            )
          })}
        </div>
      )}
      <div
        ref={frame}
        tabIndex={-1}
        className="relative aspect-video w-full overflow-hidden rounded-xl bg-black shadow-2xl ring-1 ring-neutral-800 outline-none"
        data-testid="player"
        data-source={source?.kind}
        data-state={open ? 'open' : 'poster'}
      >
        {body}
        <p role="status" className="sr-only">
          {source?.kind !== 'hls'
            ? ''
            : upNextShown
              ? autoplayNext
                ? t('player.upNextAnnouncement', { episode: upNext.label, seconds: UP_NEXT_SECONDS })
                : t('player.upNextAnnouncementNoCountdown', { episode: upNext.label })
              : moreLikeThisShown
                ? t('player.moreLikeThisAnnouncement')
                : ''}
        </p>
        {showOverlay && (
          <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 text-neutral-200" data-testid="player-loading">
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-white/20 border-t-white" aria-hidden="true" />
            <span>{source ? t('player.loadingSource', { source: sourceName(source) }) : t('player.loadingPlayer')}</span>
          </div>
        )}
      </div>
    </div>
  )
}
