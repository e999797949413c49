/**
 * Small facts about a title as pages and cards print them, shared by the worker and the web app.
 */

/** The year of an ISO date ("2008-07-16" -> 2008), or null when there is none or it is not one. */
export function yearOfDate(date: string | null | undefined): number | null {
  const year = Number(date?.slice(0, 4))
  return Number.isInteger(year) && year > 0 ? year : null
}

/** A running time as pages print it: "2h 32m", "2h", "47m"; empty when unknown. */
export function runtimeText(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return ''
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return `${m}m`
  return m > 0 ? `${h}h ${m}m` : `${h}h`
}

/** An IMDb title id ("tt0468569"): "tt" and 7 to 10 digits (IMDb went from 7 to 8 in 2017). */
export const IMDB_ID_PATTERN = /^tt\d{7,10}$/
