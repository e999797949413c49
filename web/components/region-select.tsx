/**
 * The menu of countries a visitor names as where they watch: the offered regions and the one shown
 * (a visitor's own may be missing from the list), by their names in the page's language, in its
 * alphabetical order. Where to Watch and the services picker both use it, each with its own label.
 */
import { useMemo } from 'react'
import { currentLocale } from '../i18n'
import { countryName, REGIONS } from '../lib/watch-regions'

export function RegionSelect({ value, onChange, className }: { value: string; onChange: (code: string) => void; className: string }) {
  const regions = useMemo(
    () => [...new Set([...REGIONS, value])].map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, currentLocale())),
    [value],
  )
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} className={className}>
      {regions.map((r) => (
        <option key={r.code} value={r.code}>
          {r.name}
        </option>
      ))}
    </select>
  )
}
