/**
 * A sentence quoting the visitor's search term, wherever the language puts it: the message is
 * formatted with a stand-in for the term, which is then drawn as a <bdi> so a term in another
 * script (a Latin title on an Arabic page) keeps its own direction and never reorders the sentence.
 */
import type { ReactNode } from 'react'

// A private-use character, which no message and no typed term is expected to hold.
export const TERM_SLOT = '\uE000'

export function TermSentence({ text, term, termClassName }: { text: string; term: string; termClassName?: string }) {
  const nodes: ReactNode[] = []
  text.split(TERM_SLOT).forEach((part, i) => {
    if (i > 0) nodes.push(<bdi key={i} className={termClassName}>{term}</bdi>)
    nodes.push(part)
  })
  return <>{nodes}</>
}
