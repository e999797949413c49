/**
 * What screen readers hear of the room, in its status line: who joined or left, whom the room
 * waits for, and who played or paused. Worked out from one snapshot to the next.
 */
import { useEffect, useRef, useState } from 'react'
import { t } from '../../i18n'
import type { PartySnapshot } from './connection'
import { listText } from '../title/title-format'

export function usePartyAnnouncements(snapshot: PartySnapshot | null): string {
  const [announcement, setAnnouncement] = useState('')
  const previous = useRef<PartySnapshot | null>(null)
  useEffect(() => {
    const before = previous.current
    previous.current = snapshot
    if (!snapshot || !before || before.phase !== 'open' || snapshot.phase !== 'open') return
    const said: string[] = []
    const had = new Map(before.members.map((m) => [m.id, m.name]))
    const has = new Set(snapshot.members.map((m) => m.id))
    for (const member of snapshot.members) if (!had.has(member.id)) said.push(t('party.joined', { name: member.name }))
    for (const [id, name] of had) if (!has.has(id)) said.push(t('party.left', { name }))
    const was = before.state
    const now = snapshot.state
    if (was && now && snapshot.stateSeq !== before.stateSeq) {
      // `by` names the member (an id is looked up, should a room send one).
      const by = snapshot.members.find((m) => m.id === snapshot.changedBy)?.name ?? snapshot.changedBy
      if (by && was.playback.playing !== now.playback.playing) said.push(t(now.playback.playing ? 'party.playedBy' : 'party.pausedBy', { name: by }))
      if (now.waiting && !was.waiting) said.push(t('party.waitingFor', { names: listText(now.waiting.members.map((m) => m.name)) }))
    }
    if (said.length > 0) setAnnouncement(said.join(' '))
  }, [snapshot])
  return announcement
}
