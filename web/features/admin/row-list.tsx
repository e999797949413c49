/**
 * A page's rows in the editor, in the order the page shows them: each with its title and kind,
 * moves, Hide (a built-in row) or Remove (a row of the administrator's), and its title in each of
 * the site's languages; then the built-in rows the layout leaves out, which can be shown again.
 */
import { useId, useState } from 'react'
import type { BuiltInRow, LayoutRow, PageLayout, RowTitles } from '../../../worker/catalog/layout-schema'
import { LAYOUT_TITLE_MAX } from '../../../worker/catalog/layout-rules'
import { LOCALE_NAMES, LOCALES, directionOf } from '../../../worker/lib/locales'
import { Button } from '../../components/button'
import { t } from '../../i18n'
import { TextField } from '../account/auth-form'
import { rowKind, rowTitle } from './layout-edit'
import { focusSoon, MoveButtons } from './reorder'

interface RowListProps {
  layout: PageLayout
  builtIn: BuiltInRow[]
  onChange: (layout: PageLayout) => void
  say: (message: string) => void
}

function TitleFields({ row, builtInTitle, onChange }: { row: LayoutRow; builtInTitle: string | undefined; onChange: (titles: RowTitles) => void }) {
  const titles = row.titles ?? {}
  const custom = row.kind !== 'built-in'
  return (
    <div className="mt-3 rounded-lg border border-neutral-800 p-3">
      <p className="text-xs text-neutral-400">{custom ? t('admin.rowsTitlesCustomHint') : t('admin.rowsTitlesBuiltInHint')}</p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            label={LOCALE_NAMES[locale]}
            lang={locale}
            dir={directionOf(locale)}
            maxLength={LAYOUT_TITLE_MAX}
            required={custom && locale === 'en'}
            placeholder={custom ? (locale === 'en' ? undefined : titles.en) : builtInTitle}
            value={titles[locale] ?? ''}
            onChange={(e) => onChange({ ...titles, [locale]: e.target.value })}
          />
        ))}
      </div>
    </div>
  )
}

export function RowList({ layout, builtIn, onChange, say }: RowListProps) {
  const id = useId()
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const builtInTitles = new Map(builtIn.map((row) => [row.key, row.title]))
  const rows = layout.rows
  const hidden = builtIn.filter((row) => !rows.some((shown) => shown.key === row.key))
  const setRows = (next: LayoutRow[]) => onChange({ ...layout, rows: next })
  const toggle = (key: string) => setOpen((keys) => (keys.has(key) ? new Set([...keys].filter((k) => k !== key)) : new Set([...keys, key])))

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-shown`}>
        <h3 id={`${id}-shown`} tabIndex={-1} className="font-semibold">
          {t('admin.rowsShownHeading')}
        </h3>
        <ol className="mt-2 space-y-3" aria-labelledby={`${id}-shown`}>
          {rows.map((row, index) => {
            const title = rowTitle(row, builtInTitles)
            const entry = `${id}-${row.key}`
            const editing = open.has(row.key)
            return (
              <li key={row.key} id={entry} className="rounded-lg border border-neutral-800 bg-neutral-950/40 p-3">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      <span className="me-2 text-neutral-400 tabular-nums">{t('admin.rank', { rank: index + 1 })}</span>
                      <span dir="auto">{title}</span>
                    </p>
                    <p className="mt-0.5 text-xs text-neutral-400" dir="auto">
                      {rowKind(row)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <MoveButtons id={entry} list={rows} index={index} name={title} onChange={setRows} say={say} />
                    <Button variant="secondary" aria-expanded={editing} aria-controls={`${entry}-titles`} aria-label={t('admin.rowsEditTitlesFor', { title })} onClick={() => toggle(row.key)}>
                      {t('admin.rowsEditTitles')}
                    </Button>
                    <Button
                      variant="danger"
                      id={`${entry}-hide`}
                      aria-label={t(row.kind === 'built-in' ? 'admin.rowsHideFor' : 'admin.rowsRemoveFor', { title })}
                      // A page keeps at least one row.
                      disabled={rows.length === 1}
                      onClick={() => {
                        setRows(rows.filter((_, i) => i !== index))
                        say(t(row.kind === 'built-in' ? 'admin.rowsHidden' : 'admin.rowsRemoved', { title }))
                        const neighbour = rows[index + 1] ?? rows[index - 1]
                        focusSoon(...(neighbour ? [`${id}-${neighbour.key}-hide`] : []), `${id}-shown`)
                      }}
                    >
                      {t(row.kind === 'built-in' ? 'admin.rowsHide' : 'admin.rowsRemove')}
                    </Button>
                  </div>
                </div>
                <div id={`${entry}-titles`} hidden={!editing}>
                  {editing && (
                    <fieldset>
                      <legend className="sr-only">{t('admin.rowsTitlesOf', { title })}</legend>
                      <TitleFields row={row} builtInTitle={builtInTitles.get(row.key)} onChange={(titles) => setRows(rows.map((r, i) => (i === index ? { ...r, titles } : r)) as LayoutRow[])} />
                    </fieldset>
                  )}
                </div>
              </li>
            )
          })}
        </ol>
      </section>
      <section aria-labelledby={`${id}-hidden`}>
        <h3 id={`${id}-hidden`} className="font-semibold">
          {t('admin.rowsHiddenHeading')}
        </h3>
        {hidden.length === 0 ? (
          <p className="mt-2 text-sm text-neutral-400">{t('admin.rowsNoneHidden')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-neutral-800">
            {hidden.map((row) => (
              <li key={row.key} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span className="text-sm" dir="auto">
                  {row.title}
                </span>
                <Button
                  variant="secondary"
                  aria-label={t('admin.rowsShowFor', { title: row.title })}
                  onClick={() => {
                    setRows([...rows, { kind: 'built-in', key: row.key }])
                    say(t('admin.rowsShown', { title: row.title, position: rows.length + 1 }))
                    focusSoon(`${id}-${row.key}-up`)
                  }}
                >
                  {t('admin.rowsShow')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
