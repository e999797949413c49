/**
 * Rows: the curated rows of the home, Movies, TV Shows and Kids pages. An administrator orders,
 * hides, retitles and adds rows and picks the hero's titles on a working copy of the page's layout,
 * saves it as a draft, previews the draft as the site draws it, and publishes it (the site shows it
 * within a minute); any published version, or the built-in rows, can be published again. Edits
 * live in the browser until saved, one working copy per page, so an error or a look at another
 * page loses nothing.
 */
import { useState } from 'react'
import type { CustomRow, LayoutPage, LayoutStamp, LayoutState, PageLayout } from '../../../worker/catalog/layout-schema'
import { LAYOUT_MAX_HERO, LAYOUT_MAX_ROWS, LAYOUT_PAGES } from '../../../worker/catalog/layout-rules'
import { Button } from '../../components/button'
import { ComposedPage } from '../../components/composed-page'
import { t, type MessageId } from '../../i18n'
import { FormError } from '../account/auth-form'
import { AddRowForm } from './add-row-form'
import { useDiscardLayoutDraft, useLayout, useLayoutPreview, usePublishLayout, useRestoreLayout, useSaveLayoutDraft } from './api'
import { formatWhen, Panel } from './figures'
import { cleanLayout, sameLayout } from './layout-edit'
import { PickedTitles } from './picked-titles'
import { focusSoon } from './reorder'
import { RowList } from './row-list'

const pageNames = { home: 'nav.home', movies: 'nav.movies', tv: 'nav.tvShows', kids: 'nav.kids' } as const satisfies Record<LayoutPage, MessageId>

type Edits = Partial<Record<LayoutPage, PageLayout>>

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

function stamp({ at, by }: LayoutStamp): { when: string; who: string } {
  return { when: formatWhen(at, 'minute'), who: by ?? t('admin.rowsFormerAdmin') }
}

function Preview({ page, of, hasDraft, onClose }: { page: LayoutPage; of: 'draft' | number; hasDraft: boolean; onClose: () => void }) {
  const query = useLayoutPreview(page, of)
  const heading = of === 'draft' ? t(hasDraft ? 'admin.rowsPreviewDraft' : 'admin.rowsPreviewCurrent') : of === 0 ? t('admin.rowsPreviewBuiltIn') : t('admin.rowsPreviewVersion', { version: of })
  return (
    <section aria-labelledby="rows-preview" className="overflow-hidden rounded-xl border border-neutral-800 bg-neutral-950">
      <div className="flex flex-wrap items-center justify-between gap-3 p-4 md:p-5">
        <h2 id="rows-preview" tabIndex={-1} className="text-lg font-semibold">
          {heading}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t('admin.rowsPreviewClose')}
        </Button>
      </div>
      <ComposedPage query={query} heroLabel={t('admin.rowsPreviewHero')} rowsLabel={t('admin.rowsPreviewRows')} />
    </section>
  )
}

function LiveMark() {
  return <span className="ms-2 rounded-full bg-emerald-900/60 px-2 py-0.5 text-xs text-emerald-200">{t('admin.rowsLive')}</span>
}

/** The published versions, newest (what the site shows) first, then the built-in rows; each can be previewed and published again. */
function Versions({ state, busy, onPreview, onRestore }: { state: LayoutState; busy: boolean; onPreview: (version: number) => void; onRestore: (version: number) => void }) {
  const newest = state.versions[0]
  const builtInLive = !newest || newest.builtIn
  return (
    <div className="space-y-3">
      {!newest && <p className="text-sm text-neutral-400">{t('admin.rowsNoVersions')}</p>}
      <ul className="divide-y divide-neutral-800">
        {state.versions.map((v) => (
          <li key={v.version} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {t('admin.rowsVersion', { version: v.version })}
                {v === newest && <LiveMark />}
              </p>
              <p className="text-xs text-neutral-400">{v.builtIn ? t('admin.rowsVersionBuiltInDetail', stamp(v.published)) : t('admin.rowsVersionDetail', { ...stamp(v.published), rows: v.rows })}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" aria-label={t('admin.rowsPreviewVersionFor', { version: v.version })} onClick={() => onPreview(v.version)}>
                {t('admin.rowsPreview')}
              </Button>
              <Button variant="secondary" aria-label={t('admin.rowsRestoreVersionFor', { version: v.version })} disabled={busy || v === newest} onClick={() => onRestore(v.version)}>
                {t('admin.rowsRestore')}
              </Button>
            </div>
          </li>
        ))}
        <li className="flex flex-wrap items-center justify-between gap-3 py-2">
          <div className="min-w-0 text-sm">
            <p className="font-medium">
              {t('admin.rowsBuiltInVersion')}
              {!newest && <LiveMark />}
            </p>
            <p className="text-xs text-neutral-400">{t('admin.rowsBuiltInDetail')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" aria-label={t('admin.rowsPreviewBuiltInFor')} onClick={() => onPreview(0)}>
              {t('admin.rowsPreview')}
            </Button>
            <Button variant="secondary" aria-label={t('admin.rowsRestoreBuiltInFor')} disabled={busy || builtInLive} onClick={() => onRestore(0)}>
              {t('admin.rowsRestore')}
            </Button>
          </div>
        </li>
      </ul>
    </div>
  )
}

/** What the site shows of the page: a published version, the built-in rows published again, or the built-in rows of a page nobody edited. */
function siteStatus(state: LayoutState): string {
  const newest = state.versions[0]
  if (state.published) return t('admin.rowsStatusPublished', { version: state.published.version, ...stamp(state.published.published) })
  if (newest) return t('admin.rowsStatusBuiltInAgain', { version: newest.version, ...stamp(newest.published) })
  return t('admin.rowsStatusBuiltIn')
}

function PageEditor({ page, state, edited, onEdit }: { page: LayoutPage; state: LayoutState; edited: PageLayout | undefined; onEdit: (update: (edited: PageLayout | undefined) => PageLayout | undefined) => void }) {
  const saved = state.draft?.layout ?? state.published?.layout ?? state.defaults
  const layout = edited ?? saved
  const dirty = edited !== undefined && !sameLayout(edited, saved)
  const [said, say] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [versionError, setVersionError] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<{ text: string; at: 'actions' | 'versions' } | null>(null)
  const [previewOf, setPreviewOf] = useState<'draft' | number | null>(null)
  const save = useSaveLayoutDraft(page)
  const discard = useDiscardLayoutDraft(page)
  const publish = usePublishLayout(page)
  const restore = useRestoreLayout(page)
  const busy = save.isPending || discard.isPending || publish.isPending || restore.isPending
  const pageName = t(pageNames[page])

  const change = (next: PageLayout) => {
    onEdit(() => next)
    setOutcome(null)
  }
  /** Saves the working copy as the draft; the copy is let go only when nothing was changed meanwhile. */
  const saveDraft = async () => {
    const sent = layout
    await save.mutateAsync(cleanLayout(sent))
    onEdit((current) => (current === sent ? undefined : current))
  }
  const run = async (work: () => Promise<string | null>) => {
    setError(null)
    setOutcome(null)
    try {
      const text = await work()
      if (text) setOutcome({ text, at: 'actions' })
    } catch (err) {
      setError(errorText(err))
    }
  }
  const showPreview = (of: 'draft' | number) => {
    setPreviewOf(of)
    focusSoon('rows-preview')
  }

  const onSave = () =>
    run(async () => {
      await saveDraft()
      return t('admin.rowsSaved')
    })
  const onPreview = () =>
    run(async () => {
      if (dirty) await saveDraft()
      showPreview('draft')
      return null
    })
  const onDiscard = () => {
    if (!window.confirm(t('admin.rowsDiscardConfirm', { page: pageName }))) return
    void run(async () => {
      if (state.draft) await discard.mutateAsync(undefined)
      onEdit(() => undefined)
      return t('admin.rowsReverted')
    })
  }
  const onPublish = () => {
    if (!window.confirm(t('admin.rowsPublishConfirm', { page: pageName }))) return
    void run(async () => {
      if (dirty) await saveDraft()
      const published = await publish.mutateAsync(undefined)
      return t('admin.rowsPublished', { version: published.version })
    })
  }
  const onRestore = async (version: number) => {
    if (!window.confirm(version === 0 ? t('admin.rowsRestoreBuiltInConfirm', { page: pageName }) : t('admin.rowsRestoreConfirm', { version, page: pageName }))) return
    setVersionError(null)
    setOutcome(null)
    try {
      const published = await restore.mutateAsync(version)
      setOutcome({ text: t('admin.rowsPublished', { version: published.version }), at: 'versions' })
    } catch (err) {
      setVersionError(errorText(err))
    }
  }

  return (
    <div className="space-y-6">
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <Panel
        id="rows-page"
        title={t('admin.rowsPageHeading', { page: pageName })}
        actions={(dirty || state.draft) && <span className="rounded-full bg-amber-900/60 px-3 py-1 text-sm font-semibold text-amber-100">{t('admin.rowsUnpublished')}</span>}
      >
        <div className="space-y-3 text-sm">
          <p className="text-neutral-300">{siteStatus(state)}</p>
          {state.draft && <p className="text-amber-100">{t('admin.rowsStatusDraft', stamp(state.draft.saved))}</p>}
          {dirty && <p className="font-semibold text-amber-200">{t('admin.rowsStatusUnsaved')}</p>}
          {page === 'kids' && <p className="rounded-lg border border-emerald-500/30 bg-emerald-950/40 p-3 text-emerald-100">{t('admin.rowsKidsRule')}</p>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void onSave()} disabled={!dirty || busy} busy={save.isPending} busyLabel={t('admin.rowsSaving')}>
              {t('admin.rowsSave')}
            </Button>
            <Button variant="secondary" onClick={() => void onPreview()} disabled={busy}>
              {t('admin.rowsPreview')}
            </Button>
            <Button variant="secondary" onClick={onPublish} disabled={!(dirty || state.draft) || busy} busy={publish.isPending} busyLabel={t('admin.rowsPublishing')}>
              {t('admin.rowsPublish')}
            </Button>
            <Button variant="danger" onClick={onDiscard} disabled={!(dirty || state.draft) || busy}>
              {t('admin.rowsDiscard')}
            </Button>
          </div>
          <FormError message={error} />
          <p role="status" className="text-emerald-200">
            {outcome?.at === 'actions' && outcome.text}
          </p>
        </div>
      </Panel>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel id="rows-rows" title={t('admin.rowsRowsHeading')}>
          <RowList layout={layout} builtIn={state.builtIn} onChange={change} say={say} />
        </Panel>
        <div className="space-y-6">
          <Panel id="rows-hero" title={t('admin.rowsHeroHeading')}>
            <p className="mb-3 text-sm text-neutral-300">{t('admin.rowsHeroIntro', { max: LAYOUT_MAX_HERO })}</p>
            <PickedTitles
              titles={layout.hero}
              max={LAYOUT_MAX_HERO}
              onChange={(hero) => change({ ...layout, hero })}
              say={say}
              label={t('admin.rowsHeroHeading')}
              finderLabel={t('admin.rowsHeroFind')}
              empty={t('admin.rowsHeroEmpty')}
            />
          </Panel>
          <Panel id="rows-add" title={t('admin.rowsAddHeading')}>
            <AddRowForm rows={layout.rows} full={layout.rows.length >= LAYOUT_MAX_ROWS} onAdd={(row: CustomRow) => change({ ...layout, rows: [...layout.rows, row] })} say={say} />
          </Panel>
          <Panel id="rows-versions" title={t('admin.rowsVersionsHeading')}>
            <Versions state={state} busy={busy} onPreview={showPreview} onRestore={(version) => void onRestore(version)} />
            <div className="mt-3 space-y-2">
              <FormError message={versionError} />
              <p role="status" className="text-sm text-emerald-200">
                {outcome?.at === 'versions' && outcome.text}
              </p>
            </div>
          </Panel>
        </div>
      </div>
      {previewOf !== null && <Preview page={page} of={previewOf} hasDraft={!!state.draft} onClose={() => setPreviewOf(null)} />}
    </div>
  )
}

export function RowsTab() {
  const [page, setPage] = useState<LayoutPage>('home')
  const [edits, setEdits] = useState<Edits>({})
  const state = useLayout(page)
  return (
    <div className="space-y-6">
      <div role="group" aria-label={t('admin.rowsPageChooser')} className="flex flex-wrap gap-2">
        {LAYOUT_PAGES.map((p) => (
          <Button key={p} variant={p === page ? 'primary' : 'secondary'} aria-pressed={p === page} onClick={() => setPage(p)}>
            {t(pageNames[p])}
          </Button>
        ))}
      </div>
      {state.isError ? (
        <p role="alert" className="text-red-300">
          {t('admin.rowsLoadFailed', { error: state.error.message })}
        </p>
      ) : !state.data ? (
        <p role="status" className="text-neutral-400">
          {t('admin.loading')}
        </p>
      ) : (
        <PageEditor key={page} page={page} state={state.data} edited={edits[page]} onEdit={(update) => setEdits((all) => ({ ...all, [page]: update(all[page]) }))} />
      )}
    </div>
  )
}
