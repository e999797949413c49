/**
 * /party/{code}: a watch-together room. The title (and episode) on top, the player following the
 * room, and beside it (below it on a phone) the invitation, the members, the host's choice of who
 * controls playback, the chat and the reactions. A visitor who is not signed in gives a name
 * first. A room that has ended, is full, or has removed this member says so and leads back to
 * the title. Changes in the room are announced to screen readers.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { PARTY_MAX_MEMBERS, PARTY_NAME_MAX, type PartyState, type PartyTitle } from '../../../worker/party/protocol'
import { Button } from '../../components/button'
import { LoadError } from '../../components/load-error'
import { t } from '../../i18n'
import { ApiError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { SelectField, TextField } from '../account/auth-form'
import { useMovie, useSeason, useTvShow } from '../title/api'
import { neighbourEpisode } from '../title/episode-nav'
import { episodeLabel, episodeName } from '../title/episode-text'
import { listText } from '../title/title-format'
import { PageState } from '../title/title-states'
import { useRoomInfo } from './api'
import type { PartyPhase } from './connection'
import { keepName, keptName, lastName } from './kept'
import { PartyChat } from './party-chat'
import { PartyInvite } from './party-invite'
import { ControlChoice, MemberList } from './party-members'
import { PartyPlayer } from './party-player'
import { useParty } from './use-party'
import { usePartyAnnouncements } from './use-party-announcements'
import { usePartySync } from './use-party-sync'

export function Component() {
  const code = useParams().code ?? ''
  return <PartyPage key={code} code={code} />
}

function PartyPage({ code }: { code: string }) {
  const room = useRoomInfo(code)
  const session = useSession()
  const [name, setName] = useState(() => keptName(code))
  useDocumentMeta(t('party.pageTitle'))

  if (room.isPending || session === undefined) return <PageState>{t('common.loadingDots')}</PageState>
  if (room.error instanceof ApiError && room.error.status === 404) return <RoomOver phase="ended" title={null} />
  if (room.isError) return <LoadError whole onRetry={() => void room.refetch()} />
  if (room.data.full) return <RoomOver phase="full" title={room.data.title} />
  if (!session && !name) {
    const choose = (chosen: string) => {
      keepName(code, chosen)
      setName(chosen)
    }
    return <NameForm title={room.data.title} onName={choose} />
  }
  return <PartyRoom code={code} title={room.data.title} name={session ? undefined : name} />
}

/** The room is over for this member: ended, full or removed, with the way to the title. */
function RoomOver({ phase, title }: { phase: Exclude<PartyPhase, 'open' | 'connecting' | 'reconnecting'>; title: PartyTitle | null }) {
  const heading = phase === 'full' ? t('party.full', { max: PARTY_MAX_MEMBERS }) : phase === 'removed' ? t('party.removed') : t('party.ended')
  const href = title ? (title.content_type === 'movie' ? paths.movie(title.content_id) : paths.episode(title.content_id, title.season_number, title.episode_number)) : paths.home()
  return (
    <PageState role="alert">
      <h1 className="text-2xl font-bold text-white">{heading}</h1>
      {phase === 'ended' && <p className="text-neutral-400">{t('party.endedText')}</p>}
      <Link to={href} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
        {title ? t('party.toTitle') : t('party.toHome')}
      </Link>
    </PageState>
  )
}

/** A visitor's name, asked under what the room is watching, so the invited know where they are. */
function NameForm({ title, onName }: { title: PartyTitle; onName: (name: string) => void }) {
  const text = useTitleText(title)
  const [name, setName] = useState(lastName)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = name.trim()
    if (chosen) onName(chosen)
  }
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4">
      <form onSubmit={submit} className="w-full max-w-sm space-y-3 rounded-xl bg-neutral-900 p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-300 uppercase">{t('party.heading')}</p>
        <p className="text-lg font-bold text-white" data-catalog="">
          {text.name || '\u00a0'}
        </p>
        {text.episode && <p className="text-sm text-neutral-300">{text.episode}</p>}
        <h1 className="pt-2 text-xl font-bold text-white">{t('party.joinHeading')}</h1>
        <TextField label={t('party.yourName')} value={name} onChange={(event) => setName(event.target.value)} maxLength={PARTY_NAME_MAX} required autoComplete="nickname" />
        <Button type="submit" disabled={!name.trim()} className="w-full">
          {t('party.join')}
        </Button>
      </form>
    </div>
  )
}

/** The title's name and, on a show, the episode's label ('S1 E2: Name'). */
function useTitleText(title: PartyTitle): { name: string; episode?: string; seasons: { season_number: number; episode_count: number | null }[] } {
  const movie = useMovie(title.content_type === 'movie' ? title.content_id : 0)
  const show = useTvShow(title.content_type === 'tv' ? title.content_id : 0)
  const season = useSeason(title.content_type === 'tv' ? title.content_id : 0, title.content_type === 'tv' ? title.season_number : null)
  if (title.content_type === 'movie') return { name: movie.data?.title ?? '', seasons: [] }
  const at = { season: title.season_number, episode: title.episode_number }
  const episode = season.data?.season_number === at.season ? season.data.episodes.find((e) => e.episode_number === at.episode) : undefined
  return { name: show.data?.name ?? '', episode: episodeLabel(at, episode), seasons: show.data?.seasons ?? [] }
}

/** Whether the room waits and from when Continue may be pressed, re-rendering at that moment. */
function useContinueOpen(state: PartyState | null, offset: number): boolean {
  const continueFrom = state?.waiting?.continueFrom ?? null
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (continueFrom === null) return
    const left = continueFrom - (Date.now() + offset)
    if (left <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), left + 50)
    return () => clearTimeout(timer)
  }, [continueFrom, offset])
  return continueFrom !== null && Math.max(now, Date.now()) + offset >= continueFrom
}

function PartyRoom({ code, title: firstTitle, name }: { code: string; title: PartyTitle; name: string | undefined }) {
  const party = useParty(code, name)
  const snapshot = party?.snapshot ?? null
  const send = party?.send ?? (() => undefined)
  const state = snapshot?.state ?? null
  const title = state?.title ?? firstTitle
  const text = useTitleText(title)
  const [media, setMedia] = useState<HTMLVideoElement | null>(null)
  const [blocked, setBlocked] = useState(false)
  const me = snapshot?.members.find((m) => m.id === snapshot.you)
  const host = !!me?.host
  const canControl = host || state?.control === 'everyone'
  const next = title.content_type === 'tv' ? neighbourEpisode(text.seasons, { season: title.season_number, episode: title.episode_number }, 1) : null
  const playNext = () => next && send({ type: 'episode', season_number: next.season, episode_number: next.episode })
  const start = usePartySync({
    media,
    state,
    stateSeq: snapshot?.stateSeq ?? 0,
    offset: snapshot?.offset ?? 0,
    send,
    // One member moves the room on at the end, not each of those allowed: the host, or without one everyone allowed.
    onEnded: () => (host || (canControl && !snapshot?.members.some((m) => m.host))) && playNext(),
    onBlocked: setBlocked,
  })
  const announcement = usePartyAnnouncements(snapshot)
  const continueOpen = useContinueOpen(state, snapshot?.offset ?? 0)
  const error = useRecentError(snapshot?.error ?? null)

  const phase = snapshot?.phase
  if (phase === 'ended' || phase === 'full' || phase === 'removed') return <RoomOver phase={phase} title={title} />

  const waitingFor = state?.waiting?.members.filter((m) => m.id !== snapshot?.you) ?? []
  const link = `${window.location.origin}${window.location.pathname}`
  const connecting = !snapshot || phase === 'connecting'

  return (
    <article className="px-4 pt-5 pb-10 md:px-8" data-testid="party-page">
      <header className="mb-4">
        <p className="text-xs font-semibold tracking-wide text-brand-300 uppercase">{t('party.heading')}</p>
        <h1 className="text-2xl font-extrabold text-white md:text-3xl" data-catalog="">
          {text.name || '\u00a0'}
        </h1>
        {text.episode && <p className="text-neutral-300">{text.episode}</p>}
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-3">
          <PartyPlayer key={`${title.season_number}-${title.episode_number}`} title={title} heading={{ title: text.name, episode: text.episode }} onMedia={setMedia} reactions={snapshot?.reactions ?? []} blocked={blocked} onStart={start} />
          {(connecting || phase === 'reconnecting') && (
            <p role="status" className="text-sm text-neutral-300">
              {connecting ? t('party.connecting') : t('party.reconnecting')}
            </p>
          )}
          {state?.waiting && (
            <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl bg-neutral-900 p-3 text-sm text-neutral-100" data-testid="party-waiting">
              <span>{t('party.waitingFor', { names: listText(state.waiting.members.map((m) => (m.id === snapshot?.you ? `${m.name} ${t('party.you')}` : m.name))) })}</span>
              {continueOpen && waitingFor.length > 0 && (
                <Button onClick={() => send({ type: 'continue' })} className="ms-auto">
                  {t('party.continueWithout')}
                </Button>
              )}
            </div>
          )}
          {error?.code === 'not-allowed' && (
            <p role="alert" className="text-sm text-amber-300">
              {t('party.onlyHost')}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {host && state && <ControlChoice control={state.control} onChoose={(control) => send({ type: 'control', control })} />}
            {canControl && next && (
              <button type="button" onClick={playNext} className="ms-auto rounded-lg bg-neutral-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-neutral-700">
                {t('party.nextEpisode')}
              </button>
            )}
          </div>
          {canControl && title.content_type === 'tv' && (
            <EpisodeChoice key={`${title.season_number}-${title.episode_number}`} title={title} seasons={text.seasons} onChoose={(season_number, episode_number) => send({ type: 'episode', season_number, episode_number })} />
          )}
        </div>
        <aside className="min-w-0 space-y-4" aria-label={t('party.roomLabel')}>
          <PartyInvite link={link} title={text.name} />
          <MemberList members={snapshot?.members ?? []} you={snapshot?.you ?? null} host={host} onRemove={(member) => send({ type: 'remove', member })} />
          <PartyChat messages={snapshot?.chat ?? []} onSend={(message) => send({ type: 'chat', text: message })} onReact={(emoji) => send({ type: 'react', emoji })} tooFast={error?.code === 'too-fast'} />
        </aside>
      </div>
      <p role="status" className="sr-only" data-testid="party-announcement">
        {announcement}
      </p>
    </article>
  )
}

/** For those who control playback on a show: any episode of any season, for everyone in the room. */
function EpisodeChoice({ title, seasons, onChoose }: { title: PartyTitle; seasons: { season_number: number }[]; onChoose: (season: number, episode: number) => void }) {
  const [season, setSeason] = useState(title.season_number)
  const list = useSeason(title.content_id, season)
  const episodes = list.data?.season_number === season ? list.data.episodes : []
  const playing = season === title.season_number ? String(title.episode_number) : ''
  return (
    <div className="grid max-w-md grid-cols-1 gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
      {seasons.length > 1 && (
        <SelectField label={t('party.seasonChoice')} value={String(season)} onChange={(value) => setSeason(Number(value))}>
          {seasons.map((s) => (
            <option key={s.season_number} value={s.season_number}>
              {t('title.seasonNumber', { season: s.season_number })}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField label={t('party.episodeChoice')} value={playing} onChange={(value) => value && onChoose(season, Number(value))}>
        {!playing && <option value="">{t('party.episodeChoicePick')}</option>}
        {episodes.map(({ episode_number, name }) => {
          const numbered = t('title.episodeNumber', { episode: episode_number })
          const named = episodeName(name, episode_number)
          return (
            <option key={episode_number} value={episode_number}>
              {named === numbered ? numbered : `${numbered} · ${named}`}
            </option>
          )
        })}
      </SelectField>
    </div>
  )
}

/** The room's last refusal, for a few seconds after it came. */
function useRecentError<E extends { seq: number }>(error: E | null): E | null {
  const [shown, setShown] = useState<E | null>(null)
  useEffect(() => {
    if (!error) return
    setShown(error)
    const timer = setTimeout(() => setShown(null), 5000)
    return () => clearTimeout(timer)
  }, [error?.seq])
  return shown
}
