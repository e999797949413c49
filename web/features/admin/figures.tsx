/** Building blocks of the dashboard: figure cards, the sign-ups bar chart and title rankings. */
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { currentLocale, t, type MessageId } from '../../i18n'
import { countWithUnit } from '../../lib/format'
import { paths } from '../../lib/paths'
import type { DashboardStats, TitleCount } from './api'

/** A count as the page's language writes it: 1,234, 1.234, ١٬٢٣٤. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(currentLocale()).format(n)
}

const whenStyles = {
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  minute: { dateStyle: 'medium', timeStyle: 'short' },
  second: { dateStyle: 'medium', timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>
const whenFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A moment (ISO text) as the page's language writes it, to the day, minute or second; one formatter
 * per language and precision for every row. Null is 'Never'; text that is no date stays as it is.
 */
export function formatWhen(iso: string | null, to: keyof typeof whenStyles = 'day'): string {
  if (!iso) return t('admin.never')
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const key = `${currentLocale()} ${to}`
  let format = whenFormats.get(key)
  if (!format) whenFormats.set(key, (format = new Intl.DateTimeFormat(currentLocale(), whenStyles[to])))
  return format.format(date)
}

export function Figure({ label, value, note }: { label: string; value: number | string; note?: string }) {
  return (
    <div className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-4">
      <dt className="text-sm text-neutral-400">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-white tabular-nums">{typeof value === 'number' ? formatCount(value) : value}</dd>
      {note && <dd className="mt-1 text-xs text-neutral-400">{note}</dd>}
    </div>
  )
}

export function FigureGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {children}
    </dl>
  )
}

export function Panel({ title, id, actions, children }: { title: string; id: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-4 md:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  )
}

function shortDate(iso: string, month: 'short' | 'long' = 'short'): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(currentLocale(), { timeZone: 'UTC', month, day: 'numeric' })
}

/**
 * Sign-ups per day as SVG bars. Screen readers get the summary as the image's name and the
 * full series as a table. Time runs in the reading direction: from the right in a right-to-left page.
 */
export function SignupChart({ days, height = 160 }: { days: DashboardStats['signupsPerDay']; height?: number }) {
  const total = days.reduce((sum, d) => sum + d.count, 0)
  const peak = days.reduce((best, d) => (d.count > best.count ? d : best), days[0] ?? { date: '', count: 0 })
  const top = Math.max(1, peak.count)
  const barWidth = 10
  const gap = 4
  const width = days.length * (barWidth + gap) - gap
  const first = days[0]
  const last = days[days.length - 1]
  const summary =
    total === 0
      ? t('admin.chartNoSignups', { days: days.length })
      : t('admin.chartSummary', { total, days: days.length, date: shortDate(peak.date), peak: peak.count })
  return (
    <figure>
      <div className="flex items-stretch gap-2">
        <div className="flex flex-col justify-between py-0.5 text-end text-xs text-neutral-400 tabular-nums" aria-hidden="true" style={{ height }}>
          <span>{formatCount(top)}</span>
          <span>{formatCount(0)}</span>
        </div>
        <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="w-full rtl:-scale-x-100" style={{ height }}>
          <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-neutral-700" strokeWidth={1} />
          {days.map((d, i) => {
            const h = d.count === 0 ? 0 : Math.max(2, (d.count / top) * (height - 4))
            return (
              <rect key={d.date} data-count={d.count} x={i * (barWidth + gap)} y={height - h} width={barWidth} height={h} rx={1.5} className="fill-brand-500">
                <title>{t('admin.chartBar', { date: shortDate(d.date), count: d.count })}</title>
              </rect>
            )
          })}
        </svg>
      </div>
      {first && last && (
        <div className="mt-1 flex justify-between ps-6 text-xs text-neutral-400" aria-hidden="true">
          <span>{shortDate(first.date)}</span>
          <span>{shortDate(last.date)}</span>
        </div>
      )}
      <figcaption className="mt-2 text-sm text-neutral-300">{summary}.</figcaption>
      <table className="sr-only">
        <caption>{t('admin.signupsPerDay')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.columnDate')}</th>
            <th scope="col">{t('admin.columnSignups')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{shortDate(d.date, 'long')}</td>
              <td>{formatCount(d.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}


/** Titles ranked by a count; `unit` is the catalog message that words it ('admin.viewers'). */
export function TitleRanking({ titles, unit, empty }: { titles: TitleCount[]; unit: MessageId; empty: string }) {
  if (titles.length === 0) return <p className="text-neutral-400">{empty}</p>
  const top = Math.max(...titles.map((title) => title.count))
  return (
    <ol className="space-y-2">
      {titles.map((title, i) => (
        <li key={`${title.content_type}-${title.content_id}`} className="grid grid-cols-[1.5rem_1fr_auto] items-center gap-3 text-sm">
          <span className="text-neutral-400 tabular-nums">{t('admin.rank', { rank: i + 1 })}</span>
          <div className="min-w-0">
            <Link to={paths.title(title.content_type, title.content_id)} className="block truncate font-medium text-neutral-100 hover:underline">
              {title.title}
            </Link>
            <div className="mt-1 h-1.5 rounded-full bg-neutral-800" aria-hidden="true">
              <div className="h-full rounded-full bg-brand-500" style={{ width: `${(title.count / top) * 100}%` }} />
            </div>
          </div>
          <span className="text-neutral-300 tabular-nums">
            {countWithUnit(title.count, unit)}
            <span className="sr-only">{title.content_type === 'movie' ? t('admin.rankedMovie') : t('admin.rankedTv')}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}
