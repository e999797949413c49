/**
 * The countries a visitor can name as where they watch (Where to Watch's region menu and "My
 * services"), and the region this browser last chose, kept under one localStorage key so both
 * places agree.
 */
import { currentLocale } from '../i18n'

export const REGION_KEY = 'watch-region'

/** Countries offered in the menus (ISO 3166-1 alpha-2); a visitor's own is added where it is known and missing. */
export const REGIONS = ['AR', 'AT', 'AU', 'BE', 'BR', 'CA', 'CH', 'CL', 'CO', 'DE', 'DK', 'EG', 'ES', 'FI', 'FR', 'GB', 'IE', 'IN', 'IT', 'JP', 'KR', 'MX', 'NL', 'NO', 'NZ', 'PH', 'PL', 'PT', 'SA', 'SE', 'SG', 'TR', 'US', 'ZA']

export function isRegion(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value)
}

export function savedRegion(): string | null {
  try {
    const value = localStorage.getItem(REGION_KEY)
    return isRegion(value) ? value : null
  } catch {
    return null
  }
}

export function saveRegion(code: string): void {
  try {
    localStorage.setItem(REGION_KEY, code)
  } catch {
    // a browser that keeps nothing still uses the chosen region for this visit
  }
}

let names: { locale: string; format: Intl.DisplayNames } | null = null

/** "GB" -> "United Kingdom" in the page's language. */
export function countryName(code: string): string {
  const locale = currentLocale()
  try {
    if (names?.locale !== locale) names = { locale, format: new Intl.DisplayNames([locale, 'en'], { type: 'region' }) }
    return names.format.of(code) ?? code
  } catch {
    return code
  }
}
