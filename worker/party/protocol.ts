/**
 * Watch together: what a party room and its members say to each other over the room's WebSocket
 * (/api/party/{code}/socket), and the room's limits. Every message is one JSON object with a
 * `type`. The room (worker/party/room.ts, one Durable Object per room) checks each message a
 * member sends against worker/party/messages.ts and answers the room's state, which every member's
 * player follows (web/features/party/sync.ts).
 *
 * Times are the room's clock: milliseconds since the epoch as the room reads them. A member learns
 * the offset of its own clock from `ping`/`pong` (NTP-style) and turns a state's `at` into its own
 * time. Positions are seconds of the stream.
 *
 * This file holds types, numbers and the playhead rule both sides compute (expectedPosition), and
 * imports nothing, so the web app can share it without a validator.
 */

/** At most this many members in a room at once; one more is turned away (close code PARTY_CLOSE.full). */
export const PARTY_MAX_MEMBERS = 20
/** A chat message's length in characters, at most. */
export const PARTY_CHAT_MAX = 500
/** Chat messages and reactions a member may send per second, together. */
export const PARTY_MESSAGES_PER_SECOND = 5
/** The chat messages a room keeps for members who join later. */
export const PARTY_CHAT_KEPT = 50
/** A message a member sends, in bytes of UTF-8, at most; a longer one is refused (`invalid`). */
export const PARTY_MESSAGE_MAX_BYTES = 2_048
/** A visitor's name in a room, in characters. */
export const PARTY_NAME_MAX = 30
/** A room ends this long after its last member leaves (a Durable Object alarm). */
export const PARTY_EXPIRY_MS = 30 * 60_000
/** A command takes effect this long after the room receives it, so every member starts together. */
export const PARTY_COMMAND_LEAD_MS = 300
/** The room waits this long for a member who is loading an episode before others may continue. */
export const PARTY_WAIT_FIRST_LOAD_MS = 60_000
/** The room waits this long for a member who is buffering again before others may continue. */
export const PARTY_WAIT_REBUFFER_MS = 10_000
/** A member whose playhead is further than this from the room's is listed as behind. */
export const PARTY_BEHIND_SECONDS = 3
/** How often a member tells the room where its playhead is (a `status`). */
export const PARTY_STATUS_EVERY_MS = 2_000
/** The reactions a member may send over the video. */
export const PARTY_REACTIONS = ['👍', '😂', '😮', '😢', '❤️', '🔥', '👏'] as const
export type PartyReaction = (typeof PARTY_REACTIONS)[number]

/** The player's drift rules (web/features/party/sync.ts). */
export const SYNC_IGNORE_SECONDS = 0.06
export const SYNC_RATE_UP_TO_SECONDS = 3
export const SYNC_RATE_MIN = 0.9
export const SYNC_RATE_MAX = 1.1
export const SYNC_CORRECTION_GAP_MS = 1_500
/** Clock samples per refresh (the one with the lowest round trip is kept), and how often. */
export const SYNC_CLOCK_SAMPLES = 5
export const SYNC_CLOCK_REFRESH_MS = 60_000

/** WebSocket close codes the room uses (4000-4999 are the application's). */
export const PARTY_CLOSE = {
  /** The room has PARTY_MAX_MEMBERS members already. */
  full: 4001,
  /** There is no such room, or it has ended. */
  ended: 4004,
  /** The host removed this member. */
  removed: 4003,
  /** The member's first message was not a `join`, or a message could not be read. */
  protocol: 4000,
} as const

/** What a room plays: a film, or an episode of a show. */
export interface PartyTitle {
  content_type: 'movie' | 'tv'
  content_id: number
  /** 0 for a film. */
  season_number: number
  /** 0 for a film. */
  episode_number: number
}

/** Who may play, pause, seek, change the speed or the episode. */
export type PartyControl = 'host' | 'everyone'

/**
 * Where the room's playback stands: at room time `at` the playhead is at `position`; while
 * playing it moves `rate` seconds per second from there. A member's expected position at room
 * time T is `position + (playing ? max(0, T - at) / 1000 * rate : 0)`.
 */
export interface PartyPlayback {
  playing: boolean
  position: number
  rate: number
  at: number
}

/** Where the playhead is at room time `t`, in seconds. */
export function expectedPosition(playback: PartyPlayback, t: number): number {
  return playback.position + (playback.playing ? (Math.max(0, t - playback.at) / 1000) * playback.rate : 0)
}

export interface PartyMember {
  id: string
  name: string
  host: boolean
  /** Signed in to an account (its username), or a visitor under a name they typed. */
  signedIn: boolean
  buffering: boolean
  /** Further than PARTY_BEHIND_SECONDS from the room's playhead at its last status. */
  behind: boolean
}

/** Whom the room waits for, and from when (room time) the others may continue without them. */
export interface PartyWaiting {
  members: { id: string; name: string }[]
  continueFrom: number
}

export interface PartyState {
  title: PartyTitle
  control: PartyControl
  playback: PartyPlayback
  /** Set while the room holds playback for buffering members; null otherwise. */
  waiting: PartyWaiting | null
}

export interface PartyChatMessage {
  id: string
  from: string
  name: string
  /** Plain text, as typed (never rendered as HTML). */
  text: string
  at: number
}

/** What a member sends. The first message on a socket must be a `join`. */
export type ClientMessage =
  /** `name` is a visitor's (an account's username is taken from its session instead); `hostKey` proves the creator; `memberKey` rejoins as the same member after a drop. */
  | { type: 'join'; name?: string; hostKey?: string; memberKey?: string }
  /** A clock sample: `t0` is the member's own clock when sent; answered by a `pong`. */
  | { type: 'ping'; t0: number }
  | { type: 'play'; position: number }
  | { type: 'pause'; position: number }
  | { type: 'seek'; position: number }
  | { type: 'rate'; rate: number }
  /** Another episode of the room's show (the next one, or one chosen). */
  | { type: 'episode'; season_number: number; episode_number: number }
  /** Every PARTY_STATUS_EVERY_MS, and at once when buffering starts or ends. */
  | { type: 'status'; buffering: boolean; position: number }
  /** Go on without the members waited for, once `waiting.continueFrom` has passed. */
  | { type: 'continue' }
  | { type: 'chat'; text: string }
  | { type: 'react'; emoji: PartyReaction }
  /** The host only. */
  | { type: 'control'; control: PartyControl }
  /** The host only: the member leaves and cannot rejoin with its key. */
  | { type: 'remove'; member: string }

/** What the room sends. */
export type ServerMessage =
  | {
      type: 'welcome'
      you: string
      /** Keep it to rejoin as the same member (sessionStorage). */
      memberKey: string
      state: PartyState
      members: PartyMember[]
      chat: PartyChatMessage[]
      now: number
    }
  | { type: 'pong'; t0: number; server: number }
  /** The state after a change; `by` names who changed it (absent for the room's own changes). */
  | { type: 'state'; state: PartyState; by?: string }
  | { type: 'members'; members: PartyMember[] }
  | { type: 'chat'; message: PartyChatMessage }
  | { type: 'reaction'; from: string; name: string; emoji: PartyReaction }
  /** A message refused; the socket stays open. */
  | { type: 'error'; code: PartyErrorCode; message: string }

export type PartyErrorCode = 'not-allowed' | 'too-fast' | 'invalid' | 'not-yet'
