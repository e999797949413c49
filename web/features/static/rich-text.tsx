/**
 * A message with elements inside it (a link, an e-mail address, emphasis). The translator keeps
 * the whole sentence and decides where each element goes: the message is formatted with a marker
 * in each element's placeholder, then cut at the markers and the elements put in their places.
 * An element's own words are a message of their own, given by the caller.
 */
import { Fragment, type ReactNode } from 'react'
import { t, type MessageId, type MessageValues } from '../../i18n'

// Private-use characters: never in a message or a configured value.
const OPEN = '\uE000'
const CLOSE = '\uE001'
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`)

export function RichText({ id, values, elements }: { id: MessageId; values?: MessageValues; elements: Record<string, ReactNode> }) {
  const names = Object.keys(elements)
  const markers = Object.fromEntries(names.map((name, i) => [name, `${OPEN}${i}${CLOSE}`]))
  // split with a capture group alternates text and the captured element index.
  const parts = t(id, { ...values, ...markers }).split(MARKER)
  return (
    <>
      {parts.map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{elements[names[Number(part)]!]}</Fragment>))}
    </>
  )
}
