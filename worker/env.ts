/**
 * The Worker's bindings and the Hono environment shared by every route module.
 * Secrets (JWT_SECRET, TMDB_API_KEY, TMDB_READ_TOKEN, TURNSTILE_SECRET) are optional in the type
 * because a fresh local run has none until `npm start` writes .dev.vars.
 */
import type { SingleFlight } from './lib/single-flight'
import type { PublicRecord } from './accounts/accounts'
import type { AccountStore } from './accounts/store'
import type { PartyRoom } from './party/room'

export interface Bindings {
  /** Accounts, sessions, lists, streams and settings. */
  DB: D1Database
  /** The embedded catalogue, its own read-only database (drizzle/catalog-schema.ts). */
  CATALOG: D1Database
  CACHE: KVNamespace
  /** Leases that let one worker at a time remake a cached answer (worker/lib/single-flight.ts). */
  SINGLE_FLIGHT: DurableObjectNamespace<SingleFlight>
  /** One Durable Object per account: its sessions, watchlist, history and services (worker/accounts/store.ts). */
  ACCOUNTS: DurableObjectNamespace<AccountStore>
  /** One Durable Object per watch party: its state, chat and members' sockets (worker/party/room.ts). */
  PARTY: DurableObjectNamespace<PartyRoom>
  /** Watch parties a client address may start per minute (routes/party.ts). */
  PARTY_CREATE_LIMIT: RateLimit
  ASSETS: Fetcher
  SITE_NAME: string
  /** The site's own address (an http(s) origin): e-mailed links and the passkey relying party (worker/lib/site-url.ts). */
  SITE_URL: string
  SUPPORT_EMAIL: string
  TMDB_WATCH_REGION: string
  /** TMDB v3 API root; empty means TMDB's own (worker/catalog/tmdb-config.ts). */
  TMDB_API_BASE?: string
  /** TMDB image root; empty means TMDB's own. */
  TMDB_IMAGE_BASE?: string
  PLAYER_SOURCES: string
  /** The operator's pages on the social networks, a JSON object (worker/lib/social-links.ts); empty shows none. */
  SOCIAL_LINKS?: string
  TRAILER_EMBEDS: string
  DOWNLOAD_URL: string
  AD_URL: string
  TURNSTILE_SITE_KEY: string
  JWT_SECRET?: string
  TMDB_API_KEY?: string
  TMDB_READ_TOKEN?: string
  TURNSTILE_SECRET?: string
  /** Cloudflare's send_email binding and the address mail is sent from; without them mail goes to the local dev mailbox. */
  MAILER?: SendEmail
  MAIL_FROM?: string
  /** Web Push (worker/push/web-push.ts): the VAPID public key (a var) and its private key (a secret), base64url; without both, no notices. */
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
  /** Words users may not publish in names and descriptions: separated by commas or new lines (worker/lib/blocked-words.ts). */
  BLOCKED_WORDS?: string
  /** How many accounts' reports hide a public list until an administrator reviews it; 5 when unset (worker/accounts/moderation.ts). */
  LIST_REPORT_THRESHOLD?: string
  /** '1' only under the load model of `npm run bench` (`wrangler dev --var`): counts D1 statements (worker/lib/bench-counters.ts). Never set in production. */
  BENCH_COUNTERS?: string
}

/** The signed-in account, set by the guards in worker/auth/guards.ts. */
import type { Ceiling } from './catalog/ceiling'

export interface Account {
  type: 'user' | 'admin'
  id: number
  email: string
  sessionId: string
  /** How an administrator's session passed the second factor; null until it has. */
  secondFactor: string | null
  /** When the session was last confirmed live (Unix seconds): its token is taken at its word until SESSION_CHECK_SECONDS after. */
  checkedAt?: number
  /**
   * The profile this session watches as (1 is the account's own; 0 while "Who's watching?" is
   * unanswered), its maturity ceiling and whether it is a kids profile. Until a profile is chosen
   * the ceiling is the strictest and the session is a kids one.
   */
  profileId: number
  ceiling: Ceiling
  kids: boolean
  /** The chosen profile's name and avatar, and how many profiles the account has (from the token, when it says). */
  profileName?: string
  profileAvatar?: string
  profileCount?: number
}

export interface Variables {
  requestId: string
  account?: Account
  /** The account's record, when confirming the session brought it along. */
  profile?: PublicRecord
  /** A renewed (or cleared) session cookie, set on whatever answer the request ends with. */
  sessionCookie?: string
  /**
   * What an administrator's request did, written to the audit log once it has succeeded
   * (worker/lib/admin-audit.ts); null for a request that changes nothing though it is no GET.
   */
  audit?: { action: string; target?: string | null; detail?: Record<string, unknown> } | null
}

export interface AppEnv {
  Bindings: Bindings
  Variables: Variables
}
