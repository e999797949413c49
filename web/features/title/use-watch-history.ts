/**
 * A signed-in viewer's history for the open title: the saved place is read once so the player can
 * resume there, and nothing is written by opening the title. The history has the title from the
 * moment playback starts (`recordPlayStart`: Play pressed, or an episode chosen to play; duration
 * 0 the first time, SPEC.md section 4; an existing entry keeps its totals and only moves to the
 * top). A report of this browser's that the API may not have received (history-client.ts) and
 * that is newer than the stored entry (more seconds watched, or as many on another episode)
 * stands in for it, and the record made when playback starts carries it to the API.
 */
import { useEffect, useRef, useState } from 'react'
import type { WatchHistoryEntry } from '../../../drizzle/schema'
import type { MediaType } from '../../../worker/catalog/types'
import { useSession } from '../../lib/session'
import { useResumeEntry } from './api'
import { ownerOf } from '../../lib/unsent-progress'
import { sendProgress, setProgressOwner, unsentProgress } from './history-client'
import { resumePosition, type HistoryPayload, type HistoryTitle } from './progress'

export interface OpenedTitle {
  type: MediaType
  id: number
  title: string
  posterPath: string | null
}

export interface WatchHistoryState {
  signedIn: boolean
  /** False until the saved place is known (or known not to exist). */
  ready: boolean
  /** The entry as it was when the title was opened. */
  saved: WatchHistoryEntry | null
  /** Seconds watched so far, shared by every player of this title (see use-progress-reporting.ts). */
  watched: { current: number }
}

/** The stored entry, or this browser's newer report in its place. */
export function newerOf(entry: WatchHistoryEntry | null, unsent: HistoryPayload | null): WatchHistoryEntry | null {
  if (!unsent) return entry
  if (entry && entry.watch_duration > unsent.watch_duration) return entry
  const base: WatchHistoryEntry = entry ?? {
    id: 0,
    owner_type: 'user',
    owner_id: 0,
    content_id: unsent.content_id,
    content_type: unsent.content_type,
    title: unsent.title,
    poster_path: unsent.poster_path,
    watch_duration: 0,
    position: 0,
    total_duration: 0,
    season_number: null,
    episode_number: null,
    completed: false,
    watched_at: new Date(0).toISOString(),
  }
  return {
    ...base,
    watch_duration: unsent.watch_duration,
    position: unsent.position,
    total_duration: unsent.total_duration || base.total_duration,
    season_number: unsent.season_number ?? base.season_number,
    episode_number: unsent.episode_number ?? base.episode_number,
    completed: base.completed || unsent.completed,
  }
}

export function useWatchHistory(opened: OpenedTitle | null): WatchHistoryState {
  const session = useSession()
  const signedIn = !!session
  setProgressOwner(ownerOf(session))
  const type = opened?.type ?? 'movie'
  const id = opened?.id ?? 0
  const resume = useResumeEntry(type, id, signedIn && !!opened)
  const watched = useRef(0)
  const [saved, setSaved] = useState<{ key: string; entry: WatchHistoryEntry | null } | null>(null)
  const key = `${type}-${id}`
  const settled = resume.isSuccess || resume.isError

  useEffect(() => {
    if (!signedIn || !opened || !settled || saved?.key === key) return
    const entry = newerOf(resume.data ?? null, unsentProgress(opened.type, opened.id))
    setSaved({ key, entry })
    watched.current = entry?.watch_duration ?? 0
  }, [signedIn, opened, settled, saved, key, resume.data])

  const current = saved?.key === key ? saved : null
  return {
    signedIn,
    ready: session === null || (session !== undefined && current !== null),
    saved: current?.entry ?? null,
    watched,
  }
}

/**
 * Playback starts: from now on the history has the title (on a show, the episode), at the place
 * the player resumes from, with the seconds watched so far.
 */
export function recordPlayStart(history: Pick<WatchHistoryState, 'signedIn' | 'saved' | 'watched'>, title: HistoryTitle): void {
  if (!history.signedIn) return
  const episode = title.season_number !== undefined
  void sendProgress({
    ...title,
    watch_duration: history.watched.current,
    position: resumePosition(history.saved, title.season_number, title.episode_number),
    // an episode's length is not known before it plays; a film's stays as stored
    total_duration: episode ? 0 : (history.saved?.total_duration ?? 0),
    // a finished title stays finished: the stored flag is never cleared by a report
    completed: false,
  })
}
