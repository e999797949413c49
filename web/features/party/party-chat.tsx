/**
 * The room's chat: messages as plain text with their sender's name (React text only, whatever
 * they contain), newest at the bottom, and a box that sends on Enter, capped at PARTY_CHAT_MAX
 * with a count of what is left; the room's "too fast" refusal shows under it. The reactions'
 * buttons sit above it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { PARTY_CHAT_MAX, PARTY_REACTIONS, type PartyChatMessage, type PartyReaction } from '../../../worker/party/protocol'
import { Button } from '../../components/button'
import { t } from '../../i18n'

export function PartyChat({ messages, onSend, onReact, tooFast }: { messages: PartyChatMessage[]; onSend: (text: string) => void; onReact: (emoji: PartyReaction) => void; tooFast: boolean }) {
  const [text, setText] = useState('')
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const element = list.current
    if (element) element.scrollTop = element.scrollHeight
  }, [messages.length])
  const send = (event: FormEvent) => {
    event.preventDefault()
    const message = text.trim()
    if (!message) return
    onSend(message)
    setText('')
  }
  return (
    <section aria-labelledby="party-chat" className="flex flex-col rounded-xl bg-neutral-900 p-4">
      <h2 id="party-chat" className="text-sm font-semibold text-neutral-200">
        {t('party.chatHeading')}
      </h2>
      <div role="group" aria-label={t('party.reactionsGroup')} className="mt-2 flex flex-wrap gap-1">
        {PARTY_REACTIONS.map((emoji) => (
          <button key={emoji} type="button" onClick={() => onReact(emoji)} aria-label={t('party.react', { emoji })} className="h-9 w-9 rounded-lg text-xl hover:bg-neutral-800">
            {emoji}
          </button>
        ))}
      </div>
      <ol ref={list} className="mt-2 h-56 space-y-1.5 overflow-y-auto text-sm lg:h-72" data-testid="party-chat-messages">
        {messages.length === 0 && <li className="text-neutral-400">{t('party.chatEmpty')}</li>}
        {messages.map((message) => (
          <li key={message.id} className="break-words text-neutral-100">
            {/* each isolated, so a name and a message in different directions keep their order */}
            <bdi className="me-1.5 font-semibold text-brand-300">{message.name}</bdi>
            <bdi>{message.text}</bdi>
          </li>
        ))}
      </ol>
      <form onSubmit={send} className="mt-3">
        <label htmlFor="party-chat-input" className="sr-only">
          {t('party.chatLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id="party-chat-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={PARTY_CHAT_MAX}
            autoComplete="off"
            placeholder={t('party.chatPlaceholder')}
            aria-describedby="party-chat-count"
            className="min-w-0 flex-1 rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm text-white placeholder:text-neutral-500"
          />
          <Button type="submit">{t('party.send')}</Button>
        </div>
        <p id="party-chat-count" className="mt-1 text-end text-xs text-neutral-400">
          {t('party.chatCount', { count: text.length, max: PARTY_CHAT_MAX })}
        </p>
        {tooFast && (
          <p role="alert" className="mt-1 text-sm text-amber-300">
            {t('party.tooFast')}
          </p>
        )}
      </form>
    </section>
  )
}
