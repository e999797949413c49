/**
 * The party page's hold on its room: one PartyConnection (connection.ts) for the page's code and
 * the member's name, opened while the page shows it and closed when it goes; the page reads the
 * connection's latest snapshot and sends through it.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { ClientMessage } from '../../../worker/party/protocol'
import { PartyConnection, type PartySnapshot } from './connection'

export interface Party {
  snapshot: PartySnapshot
  send: (message: ClientMessage) => void
}

/** The room `code`; `name` is a visitor's (undefined for a signed-in member, whom the room knows). */
export function useParty(code: string, name: string | undefined): Party | null {
  const [connection, setConnection] = useState<PartyConnection | null>(null)
  useEffect(() => {
    const opened = new PartyConnection(code, name)
    opened.start()
    setConnection(opened)
    return () => {
      opened.stop()
      setConnection(null)
    }
  }, [code, name])
  const snapshot = useSyncExternalStore(connection?.subscribe ?? noSubscription, () => connection?.current ?? null, () => null)
  if (!connection || !snapshot) return null
  return { snapshot, send: (message) => connection.send(message) }
}

const noSubscription = () => () => undefined
