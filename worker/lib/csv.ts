/**
 * CSV as spreadsheets read it (RFC 4180, CRLF): the account export's lists (accounts/my-data.ts)
 * and the audit log's export (accounts/audit-log.ts).
 */

/**
 * A cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe.
 * Numbers are written as they are (a negative one is no formula).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line of cells, without its line break. */
export function csvLine(values: readonly (string | number | null)[]): string {
  return values.map(csvCell).join(',')
}

/** A header and its rows, each line ended by CRLF. */
export function csv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map(csvLine).join('\r\n') + '\r\n'
}
