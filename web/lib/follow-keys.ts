/**
 * Where the followed shows and the calendar live in the query cache: the show page's Follow
 * button and the calendar page use the same keys. Apart from account-keys.ts, which the entry
 * loads, since only those lazily loaded pages need them.
 */
/** The shows the account follows, and one show's standing (web/features/title/follow-button.tsx, the calendar). */
export const followKeys = {
  all: ['follows'] as const,
  one: (id: number) => ['follows', 'show', id] as const,
}

/** The calendar's episodes, in the viewer's time zone. */
export const calendarKey = (timeZone: string) => ['calendar', timeZone] as const
