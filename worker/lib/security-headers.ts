/**
 * The security headers, in one place: the worker puts them on every answer it builds (JSON,
 * errors, the pages it renders, share pages, sitemap, robots, images, the assets it hands on),
 * and the web build writes the same set into `_headers` for the files Workers static assets
 * serve without the worker (/assets/*). HSTS goes only to https origins that are not
 * loopback, so `npm start` over http keeps working and a deployed site is https-only.
 */
// With its extension: the web build's config reads this module too (Vite's native config loader).
import { isLoopback } from './loopback.ts'

/**
 * The one inline script the site serves, the loader at the end of a painted page
 * (CODE_AFTER_PAINT in worker/seo/app-shell.ts), allowed by its SHA-256; app-pages.test.ts checks
 * the hash against the script as served.
 */
export const PAINTED_CODE_LOADER_HASH = "'sha256-sWtWvYHK7mLCbGh8N9/q99udBVciV3EcJvKFgFpSkAQ='"

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${PAINTED_CODE_LOADER_HASH} https://challenges.cloudflare.com`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://image.tmdb.org",
  // hls.js hands subtitle cues to the video element through data: URLs
  "media-src 'self' blob: data: https:",
  "connect-src 'self' https:",
  'frame-src https:',
  "worker-src 'self' blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' mailto:",
  "frame-ancestors 'none'",
].join('; ')

/** Drawn SVG images may hold text from the catalogue: as documents of their own they may run nothing. */
export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'"

/** What every answer carries, static or built by the worker. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
}

/** Two years, subdomains included; `preload` is left to the operator (README, "Security headers"). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

export function isDeployedHttps(requestUrl: string): boolean {
  return new URL(requestUrl).protocol === 'https:' && !isLoopback(requestUrl)
}

/**
 * The policy with each origin added to img-src where it is missing: the list names TMDB's own
 * image host, and an operator's TMDB_IMAGE_BASE may point elsewhere (worker/routes/config.ts).
 */
export function allowImagesFrom(csp: string, origins: string[]): string {
  return csp
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/)
      if (name?.toLowerCase() !== 'img-src') return directive
      const missing = origins.filter((origin) => !sources.includes(origin))
      return missing.length ? `${/^\s*/.exec(directive)?.[0] ?? ''}${[name, ...sources, ...missing].join(' ')}` : directive
    })
    .join(';')
}

/** The policy per set of image origins, built once: it depends on configuration only. */
const policies = new Map<string, string>()
function policyWithImages(origins: string[]): string {
  const key = origins.join(' ')
  let policy = policies.get(key)
  if (!policy) {
    policy = allowImagesFrom(CONTENT_SECURITY_POLICY, origins)
    policies.set(key, policy)
  }
  return policy
}

/**
 * The answer with the security headers set (replacing any a route set itself), and errors made
 * uncacheable: a 404 or 502 kept by browsers or shared caches would outlive the outage behind it.
 * Headers of a fetched answer (the assets) may be immutable, so that answer is copied first.
 */
export function withSecurityHeaders(res: Response, requestUrl: string, imageOrigins: string[] = []): Response {
  let out = res
  try {
    out.headers.set('X-Content-Type-Options', 'nosniff')
  } catch {
    out = new Response(res.body, res)
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) out.headers.set(name, value)
  if (imageOrigins.length) out.headers.set('Content-Security-Policy', policyWithImages(imageOrigins))
  if (out.headers.get('Content-Type')?.startsWith('image/svg+xml')) out.headers.set('Content-Security-Policy', IMAGE_CONTENT_SECURITY_POLICY)
  if (isDeployedHttps(requestUrl)) out.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  else out.headers.delete('Strict-Transport-Security')
  if (out.status >= 400) out.headers.set('Cache-Control', 'no-store')
  return out
}

/** The `_headers` file for the static assets, written by the web build from the same set. */
export function staticHeadersFile(): string {
  const lines = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`)
  return [
    '# Written by the web build from worker/lib/security-headers.ts; do not edit.',
    '/*',
    ...lines,
    `  Strict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}`,
    '',
    '# Every name under /assets/ carries a hash of its content: browsers may keep these for a year.',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n')
}
