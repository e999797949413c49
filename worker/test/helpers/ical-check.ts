/**
 * A strict reader of iCalendar text (RFC 5545) for the feed's tests, since no iCalendar parser is
 * among the project's packages: it throws on anything the RFC does not allow and calendar apps
 * trip on (a line not ended by CRLF, a line over 75 octets, a bad fold, a content line outside the
 * grammar, unbalanced BEGIN/END, a TEXT value with an unescaped comma or semicolon, an event
 * without UID, DTSTAMP or DTSTART, dates that are not dates), and answers the components with
 * their properties unfolded and their TEXT values unescaped.
 */
export interface ICalProperty {
  name: string
  params: Record<string, string>
  value: string
}

export interface ICalComponent {
  name: string
  properties: ICalProperty[]
  components: ICalComponent[]
}

const TEXT_PROPERTIES = new Set(['SUMMARY', 'DESCRIPTION', 'LOCATION', 'COMMENT', 'X-WR-CALNAME', 'X-WR-CALDESC'])
const NAME = '[A-Za-z0-9-]+'
const PARAM_VALUE = '(?:"[^"\\x00-\\x08\\x0a-\\x1f\\x7f]*"|[^";:,\\x00-\\x08\\x0a-\\x1f\\x7f]*)'
const CONTENT_LINE = new RegExp(`^(${NAME})((?:;${NAME}=${PARAM_VALUE}(?:,${PARAM_VALUE})*)*):([^\\x00-\\x08\\x0a-\\x1f\\x7f]*)$`)
const PARAM = new RegExp(`;(${NAME})=(${PARAM_VALUE}(?:,${PARAM_VALUE})*)`, 'g')
const ESCAPED_TEXT = /^(?:[^\\;,]|\\[\\;,nN])*$/

function fail(message: string): never {
  throw new Error(`iCalendar: ${message}`)
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch))
}

function isDate(value: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

function one(component: ICalComponent, name: string): ICalProperty {
  const found = component.properties.filter((p) => p.name === name)
  if (found.length !== 1) fail(`${component.name} must have exactly one ${name}, has ${found.length}`)
  return found[0]!
}

function checkEvent(event: ICalComponent): void {
  if (!one(event, 'UID').value) fail('empty UID')
  if (!/^\d{8}T\d{6}Z$/.test(one(event, 'DTSTAMP').value)) fail('DTSTAMP must be a UTC date-time')
  const start = one(event, 'DTSTART')
  const end = event.properties.find((p) => p.name === 'DTEND')
  if (start.params.VALUE === 'DATE') {
    if (!isDate(start.value)) fail(`DTSTART ${start.value} is no date`)
    if (end) {
      if (end.params.VALUE !== 'DATE' || !isDate(end.value)) fail('DTEND must be a date when DTSTART is')
      if (end.value <= start.value) fail('DTEND must come after DTSTART')
    }
  } else if (!/^\d{8}T\d{6}Z?$/.test(start.value)) fail(`DTSTART ${start.value} is no date-time`)
  for (const name of ['SUMMARY', 'DESCRIPTION', 'URL']) {
    if (event.properties.filter((p) => p.name === name).length > 1) fail(`more than one ${name}`)
  }
  const url = event.properties.find((p) => p.name === 'URL')
  if (url) new URL(url.value)
}

/** Parses and checks `text`; `allowEmpty` accepts a calendar with no component (the RFC's grammar wants one). */
export function parseStrictICal(text: string, options: { allowEmpty?: boolean } = {}): ICalComponent {
  if (!text.endsWith('\r\n')) fail('the text must end with CRLF')
  const physical = text.slice(0, -2).split('\r\n')
  const encoder = new TextEncoder()
  const logical: string[] = []
  for (const line of physical) {
    if (/[\r\n]/.test(line)) fail('a bare CR or LF')
    if (encoder.encode(line).length > 75) fail(`a line of ${encoder.encode(line).length} octets: ${line.slice(0, 40)}`)
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (!logical.length) fail('a continuation line first')
      logical[logical.length - 1] += line.slice(1)
    } else {
      if (!line) fail('an empty line')
      logical.push(line)
    }
  }
  const stack: ICalComponent[] = []
  let root: ICalComponent | null = null
  for (const line of logical) {
    const m = CONTENT_LINE.exec(line)
    if (!m) fail(`not a content line: ${line}`)
    const name = m[1]!.toUpperCase()
    const params: Record<string, string> = {}
    for (const p of m[2]!.matchAll(PARAM)) params[p[1]!.toUpperCase()] = p[2]!
    const value = m[3]!
    if (name === 'BEGIN') {
      if (root) fail('content after the calendar ended')
      const component = { name: value.toUpperCase(), properties: [], components: [] }
      if (stack.length) stack[stack.length - 1]!.components.push(component)
      else if (component.name !== 'VCALENDAR') fail('the text must start with BEGIN:VCALENDAR')
      stack.push(component)
    } else if (name === 'END') {
      const open = stack.pop()
      if (!open || open.name !== value.toUpperCase()) fail(`END:${value} closes ${open?.name ?? 'nothing'}`)
      if (!stack.length) root = open
    } else {
      const current = stack[stack.length - 1]
      if (!current) fail(`a property outside any component: ${name}`)
      if (TEXT_PROPERTIES.has(name) && !ESCAPED_TEXT.test(value)) fail(`${name} has unescaped text: ${value}`)
      current.properties.push({ name, params, value: TEXT_PROPERTIES.has(name) ? unescapeText(value) : value })
    }
  }
  if (stack.length || !root) fail('a component is not closed')
  if (one(root, 'VERSION').value !== '2.0') fail('VERSION must be 2.0')
  if (!one(root, 'PRODID').value) fail('empty PRODID')
  if (!root.components.length && !options.allowEmpty) fail('a calendar needs at least one component')
  const uids = new Set<string>()
  for (const event of root.components.filter((c) => c.name === 'VEVENT')) {
    checkEvent(event)
    const uid = one(event, 'UID').value
    if (uids.has(uid)) fail(`UID ${uid} twice`)
    uids.add(uid)
  }
  return root
}

export function property(component: ICalComponent, name: string): string | undefined {
  return component.properties.find((p) => p.name === name)?.value
}
