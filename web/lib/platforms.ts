/**
 * The 'Browse by Platform' buttons of /tv-shows in SPEC.md's order: All, seven streaming
 * services, K-Drama. `id` is the watch-provider id of SPEC.md section 9; `slug` is what the
 * address (?service=) and GET /api/catalog/pages/tv?service= carry.
 */
export const platforms = [
  { id: 0, slug: 'all', label: 'All' },
  { id: 8, slug: 'netflix', label: 'Netflix' },
  { id: 337, slug: 'disney-plus', label: 'Disney+' },
  { id: 9, slug: 'prime', label: 'Prime Video' },
  { id: 350, slug: 'apple-tv', label: 'Apple TV+' },
  { id: 531, slug: 'paramount-plus', label: 'Paramount+' },
  { id: 386, slug: 'peacock', label: 'Peacock' },
  { id: 283, slug: 'crunchyroll', label: 'Crunchyroll' },
  { id: -1, slug: 'k-drama', label: 'K-Drama' },
] as const

export type PlatformSlug = (typeof platforms)[number]['slug']

/** An unknown or missing ?service= falls back to All, so an old or mistyped link still shows rows. */
export function platformFromParam(value: string | null): (typeof platforms)[number] {
  return platforms.find((p) => p.slug === value) ?? platforms[0]
}
