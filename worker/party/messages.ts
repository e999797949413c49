/**
 * What the party room accepts from a member: every message a socket brings is read here before the
 * room acts on it, so the room itself never sees a position that is not a finite number, a name
 * with control characters or a chat message longer than the protocol allows. A message that does
 * not pass is answered `error invalid`; the socket stays open.
 */
import { z } from 'zod'
import { TOKEN_PATTERN } from '../lib/tokens'
import { PARTY_CHAT_MAX, PARTY_MESSAGE_MAX_BYTES, PARTY_NAME_MAX, PARTY_REACTIONS, type ClientMessage } from './protocol'

/** C0 and C1 controls, line and paragraph separators, and the marks that reorder text around them. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

const position = z.number().finite().min(0).max(1_000_000)
const episodeNumber = z.number().int().min(0).max(100_000)
/** A host key or a member key: a token as the room and the worker hand them out (lib/tokens.ts). */
const key = z.string().regex(TOKEN_PATTERN)

const name = z
  .string()
  .trim()
  .min(1)
  .max(PARTY_NAME_MAX)
  .refine((text) => !CONTROL_CHARACTERS.test(text))

export const clientMessageSchema = z.discriminatedUnion('type', [
  // A blank name is no name: a signed-in member's page may send one, and the account's username is used.
  z.object({ type: z.literal('join'), name: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), name.optional()), hostKey: key.optional(), memberKey: key.optional() }),
  z.object({ type: z.literal('ping'), t0: z.number().finite() }),
  z.object({ type: z.literal('play'), position }),
  z.object({ type: z.literal('pause'), position }),
  z.object({ type: z.literal('seek'), position }),
  z.object({ type: z.literal('rate'), rate: z.number().finite().min(0.25).max(2) }),
  z.object({ type: z.literal('episode'), season_number: episodeNumber, episode_number: episodeNumber }),
  z.object({ type: z.literal('status'), buffering: z.boolean(), position }),
  z.object({ type: z.literal('continue') }),
  z.object({ type: z.literal('chat'), text: z.string().trim().min(1).max(PARTY_CHAT_MAX) }),
  z.object({ type: z.literal('react'), emoji: z.enum(PARTY_REACTIONS) }),
  z.object({ type: z.literal('control'), control: z.enum(['host', 'everyone']) }),
  z.object({ type: z.literal('remove'), member: z.string().min(1).max(64) }),
]) satisfies z.ZodType<ClientMessage>

/**
 * A socket message as a ClientMessage, or for anything else (binary, too long, not JSON, not the
 * protocol) the type it claimed, if any, so that a `join` with a bad field can be told from no join.
 */
export function readClientMessage(raw: string | ArrayBuffer): { message: ClientMessage } | { message: null; claimed: unknown } {
  if (typeof raw !== 'string') return { message: null, claimed: undefined }
  // Most messages are short; only a long one is measured in bytes.
  if (raw.length > PARTY_MESSAGE_MAX_BYTES || (raw.length > PARTY_MESSAGE_MAX_BYTES / 4 && new TextEncoder().encode(raw).length > PARTY_MESSAGE_MAX_BYTES)) return { message: null, claimed: undefined }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { message: null, claimed: undefined }
  }
  const result = clientMessageSchema.safeParse(parsed)
  if (result.success) return { message: result.data }
  return { message: null, claimed: typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined }
}
