/** Numbers and counts as the interface prints them. */

const numberFormat = new Intl.NumberFormat()
export const formatNumber = (n: number) => numberFormat.format(n)

/** A count's unit by the language's plural rules: one viewer, 2 viewers. */
export interface CountUnit {
  one: string
  other: string
}

const englishPlurals = new Intl.PluralRules('en')

export function countWithUnit(count: number, unit: CountUnit): string {
  return `${formatNumber(count)} ${englishPlurals.select(count) === 'one' ? unit.one : unit.other}`
}
