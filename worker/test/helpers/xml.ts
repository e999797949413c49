/**
 * A strict little XML reader for the drawn SVGs. workerd has no DOMParser, and "valid XML" is
 * what a browser needs before it shows an SVG at all: one root, balanced tags, quoted attributes,
 * no bare `<` or `&` in text or attribute values. It throws on anything else, and gives back the
 * element tree with text and attribute values decoded, so tests can ask what an image says.
 */

export interface XmlElement {
  name: string
  attrs: Record<string, string>
  children: (XmlElement | string)[]
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g

function decode(raw: string, where: string): string {
  if (raw.replace(ENTITY, '').includes('&')) throw new Error(`bare & in ${where}: ${raw}`)
  return raw.replace(ENTITY, (e) => {
    const named: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" }
    if (named[e]) return named[e]
    const code = e[2] === 'x' ? parseInt(e.slice(3, -1), 16) : parseInt(e.slice(2, -1), 10)
    return String.fromCodePoint(code)
  })
}

const NAME = '[A-Za-z_][\\w.:-]*'
const TAG = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`)
const ATTR = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g')

export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  let rest = source.replace(/^<\?xml[^>]*\?>\s*/, '')
  while (rest.length > 0) {
    if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->')
      if (end < 0) throw new Error('unclosed comment')
      rest = rest.slice(end + 3)
      continue
    }
    if (rest.startsWith('</')) {
      const match = new RegExp(`^</(${NAME})\\s*>`).exec(rest)
      const open = stack.pop()
      if (!match || !open || open.name !== match[1]) throw new Error(`mismatched closing tag near ${rest.slice(0, 40)}`)
      rest = rest.slice(match[0].length)
      continue
    }
    if (rest.startsWith('<')) {
      const match = TAG.exec(rest)
      if (!match) throw new Error(`malformed tag near ${rest.slice(0, 60)}`)
      const element: XmlElement = { name: match[1] as string, attrs: {}, children: [] }
      for (const [, key, double, single] of (match[2] ?? '').matchAll(ATTR)) {
        if (key === undefined) continue
        if (key in element.attrs) throw new Error(`duplicate attribute ${key}`)
        element.attrs[key] = decode(double ?? single ?? '', `attribute ${key}`)
      }
      const parent = stack.at(-1)
      if (parent) parent.children.push(element)
      else if (root) throw new Error('more than one root element')
      else root = element
      if (match[3] !== '/') stack.push(element)
      rest = rest.slice(match[0].length)
      continue
    }
    const end = rest.indexOf('<')
    const text = end < 0 ? rest : rest.slice(0, end)
    const parent = stack.at(-1)
    if (!parent) {
      if (text.trim()) throw new Error(`text outside the root: ${text.slice(0, 40)}`)
    } else {
      if (text.includes('>') && text.includes(']]>')) throw new Error('bare ]]> in text')
      parent.children.push(decode(text, `text of <${parent.name}>`))
    }
    rest = end < 0 ? '' : rest.slice(end)
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name}>`)
  if (!root) throw new Error('no root element')
  return root
}

/** Every element of the tree named `name`, in document order. */
export function elementsNamed(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = []
  const walk = (el: XmlElement) => {
    if (el.name === name) found.push(el)
    for (const child of el.children) if (typeof child !== 'string') walk(child)
  }
  walk(root)
  return found
}

/** An element's text, its descendants' included. */
export function textOf(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('')
}
