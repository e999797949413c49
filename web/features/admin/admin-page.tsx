/**
 * /admin/* (SPEC.md sections 2, 4 and 6, with DESIGN.md's real numbers): the guard, then the
 * dashboard. Signed out goes to /login (and back here afterwards); a signed-in user sees the
 * access-denied view; an administrator gets tabs of live figures and working controls, with the
 * curated rows of the site's pages, the moderation of public lists and the audit log (each loaded
 * with its tab).
 * The tab lives in the path (/admin/users, ...) so it survives a reload and can be linked.
 */
import { Suspense } from 'react'
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom'
import { AccessDenied } from '../../components/access-denied'
import { PageHeading } from '../../components/page-heading'
import { currentLocale, t, type MessageId } from '../../i18n'
import { ApiError } from '../../lib/api-client'
import { lazyPart } from '../../lib/lazy-part'
import { paths } from '../../lib/paths'
import { awaitsSecondFactor, useSession } from '../../lib/session'
import { AnalyticsTab } from './analytics-tab'
import { useStats } from './api'
import { ContentTab } from './content-tab'
import { OverviewTab } from './overview-tab'
import { SecurityTab } from './security-tab'
import { SystemTab } from './system-tab'
import { Tabs } from './tabs'
import { UsersTab } from './users-tab'

// The rows, streams, moderation and audit screens load with their tabs.
const RowsTab = lazyPart('admin-rows', () => import('./rows-tab').then((m) => m.RowsTab))
const StreamsTab = lazyPart('admin-streams', () => import('./streams-tab').then((m) => m.StreamsTab))
const ModerationTab = lazyPart('admin-moderation', () => import('./moderation-tab').then((m) => m.ModerationTab))
const AuditTab = lazyPart('admin-audit', () => import('./audit-tab').then((m) => m.AuditTab))

/** The tabs, each with the id of its label (translated where shown). */
const tabs = [
  { key: 'overview', label: 'admin.tabOverview' },
  { key: 'users', label: 'admin.tabUsers' },
  { key: 'content', label: 'admin.tabContent' },
  { key: 'rows', label: 'admin.tabRows' },
  { key: 'streams', label: 'admin.tabStreams' },
  { key: 'analytics', label: 'admin.tabAnalytics' },
  { key: 'system', label: 'admin.tabSystem' },
  { key: 'security', label: 'admin.tabSecurity' },
  { key: 'moderation', label: 'admin.tabModeration' },
  { key: 'audit', label: 'admin.tabAudit' },
] as const satisfies readonly { key: string; label: MessageId }[]
type TabKey = (typeof tabs)[number]['key']

function isTab(value: string): value is TabKey {
  return tabs.some((t) => t.key === value)
}

function Loading({ text = t('admin.loading') }: { text?: string }) {
  return (
    <div className="flex min-h-[30vh] items-center justify-center" role="status">
      <p className="text-neutral-400">{text}</p>
    </div>
  )
}

function Dashboard() {
  const navigate = useNavigate()
  const splat = useParams()['*'] ?? ''
  const selected: TabKey = isTab(splat) ? splat : 'overview'
  const stats = useStats()
  const select = (key: TabKey) => navigate(key === 'overview' ? paths.admin() : `${paths.admin()}/${key}`, { replace: true })
  // The server refused the figures to this session (its rights were taken away since it signed
  // in): SPEC.md's Permission Denied, not an error message.
  if (stats.error instanceof ApiError && stats.error.status === 403) return <AccessDenied variant="permission-denied" />

  const panel = () => {
    if (selected === 'users') return <UsersTab />
    if (selected === 'rows') return <RowsTab />
    if (selected === 'streams') return <StreamsTab />
    if (selected === 'moderation') return <ModerationTab />
    if (selected === 'audit') return <AuditTab />
    if (stats.isError) {
      return (
        <p role="alert" className="text-red-300">
          {t('admin.figuresLoadFailed', { error: stats.error.message })}
        </p>
      )
    }
    if (!stats.data) return <Loading text={t('admin.loadingFigures')} />
    switch (selected) {
      case 'content':
        return <ContentTab stats={stats.data} />
      case 'analytics':
        return <AnalyticsTab stats={stats.data} />
      case 'system':
        return <SystemTab stats={stats.data} />
      case 'security':
        return <SecurityTab stats={stats.data} onManageUsers={() => select('users')} />
      default:
        return <OverviewTab stats={stats.data} />
    }
  }

  return (
    <div className="pb-12">
      <PageHeading title={t('admin.title')} description={t('admin.description')}>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-neutral-400">
          <span aria-live="polite">
            {stats.dataUpdatedAt > 0 && t('admin.figuresAsOf', { time: new Date(stats.dataUpdatedAt).toLocaleTimeString(currentLocale()) })}
          </span>
          <button
            type="button"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
            className="rounded-md border border-neutral-700 px-3 py-1 font-semibold text-neutral-200 hover:bg-neutral-800 disabled:opacity-60"
          >
            {stats.isFetching ? t('admin.refreshing') : t('admin.refresh')}
          </button>
        </div>
      </PageHeading>
      <div className="px-4 md:px-8">
        <Tabs tabs={tabs.map((tab) => ({ key: tab.key, label: t(tab.label) }))} selected={selected} onSelect={select} label={t('admin.sections')}>
          <Suspense fallback={<Loading />}>{panel()}</Suspense>
        </Tabs>
      </div>
    </div>
  )
}

export function Component() {
  const session = useSession()
  const location = useLocation()
  if (session === undefined) return <Loading />
  // Back to the very page asked for (/admin/users, say) once signed in.
  if (session === null) return <Navigate to={paths.login(location.pathname + location.search)} replace />
  if (session.type !== 'admin') return <AccessDenied variant="admin-required" heading={t('admin.accessDenied')} />
  if (awaitsSecondFactor(session)) return <Navigate to={paths.twoFactor(location.pathname)} replace />
  return <Dashboard />
}
