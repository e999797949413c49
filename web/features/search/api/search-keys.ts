/**
 * The search queries' cache keys, apart from their requests: the page's first data (web/lib/boot.ts)
 * is put under them before anything of the search is loaded.
 */
export const searchKeys = {
  quick: (term: string) => ['search', 'quick', term] as const,
  all: (term: string) => ['search', 'all', term] as const,
}
