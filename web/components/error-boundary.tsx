/**
 * Catches a page that fails to render or whose chunk fails to load (a new deployment, a dropped
 * connection) and offers a Retry instead of a blank page; offline, it says so and lists the pages
 * the device can still open. `resetKey` clears it on navigation.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { t } from '../i18n'
import { OfflinePage } from './load-error'

interface Props {
  resetKey: string
  children: ReactNode
}

export class ErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  override render() {
    if (!this.state.error) return this.props.children
    if (!navigator.onLine) return <OfflinePage heading="h1" onRetry={() => window.location.reload()} />
    return (
      <div role="alert" className="mx-4 my-10 rounded-xl border border-red-500/30 bg-red-950/30 p-6 md:mx-8">
        <h1 className="text-xl font-bold">{t('shell.pageLoadFailed')}</h1>
        <p className="mt-1 text-neutral-300">{t('shell.checkConnection')}</p>
        <button type="button" onClick={() => window.location.reload()} className="mt-4 rounded-lg bg-white px-4 py-2 font-semibold text-neutral-900 hover:bg-neutral-200">
          {t('common.retry')}
        </button>
      </div>
    )
  }
}
