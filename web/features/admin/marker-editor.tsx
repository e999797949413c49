/**
 * The markers of the stream being edited (one title, or one episode): the intro, recap, credits
 * and preview spans the player acts on, each for the length of the cut it was made for. Lists them
 * with where they came from and how many viewers said they were wrong; adds, corrects and removes
 * the operator's own. Times can be taken from the preview (its playhead, its length), and the
 * preview can be sent to a marker's start to check it.
 */
import { useState, type FormEvent, type RefObject } from 'react'
import { MARKER_KINDS, type AdminMarker, type MarkerKind } from '../../../worker/player/marker-rules'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { FormError, SelectField, TextField } from '../account/auth-form'
import { markerTime } from '../title/player/marker-timing'
import { formatWhen } from './figures'
import { useMarkers, useRemoveMarker, useSaveMarker, type MarkerPlace } from './markers-api'
import type { PreviewHandle } from './stream-preview'

interface Draft {
  kind: MarkerKind
  start: string
  end: string
  cut: string
}

/** A time as typed: m:ss.s, h:mm:ss.s, or plain seconds; milliseconds, or null when it is none of these. */
export function parseMarkerTime(text: string): number | null {
  const parts = text.trim().split(':')
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0)
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null
}

const kindName = (kind: MarkerKind) => t('admin.markerKindName', { kind })

function markerName(marker: Pick<AdminMarker, 'kind' | 'start_ms' | 'end_ms'>): string {
  return t('admin.markerName', { kind: kindName(marker.kind), start: markerTime(marker.start_ms), end: markerTime(marker.end_ms) })
}

function draftOf(marker: AdminMarker | null, streamSeconds: number | null): Draft {
  if (marker) return { kind: marker.kind, start: markerTime(marker.start_ms), end: markerTime(marker.end_ms), cut: markerTime(marker.duration_ms) }
  return { kind: 'intro', start: '', end: '', cut: streamSeconds ? markerTime(streamSeconds * 1000) : '' }
}

export function MarkerEditor({ place, preview, previewOpen, streamSeconds }: { place: MarkerPlace; preview: RefObject<PreviewHandle | null>; previewOpen: boolean; streamSeconds: number | null }) {
  // the season and episode are typed a digit at a time: their markers are asked for once they rest,
  // and until they have come the list shown is the last place's, dimmed
  const asked = useDebouncedValue(place, 300)
  const markers = useMarkers(asked)
  const stale = markers.isPlaceholderData || (['content_type', 'content_id', 'season_number', 'episode_number'] as const).some((key) => asked[key] !== place[key])
  const save = useSaveMarker()
  const remove = useRemoveMarker()
  const toast = useToast()
  const [editing, setEditing] = useState<AdminMarker | null>(null)
  const [draft, setDraft] = useState<Draft>(() => draftOf(null, streamSeconds))
  const [error, setError] = useState<string | null>(null)
  // The check of the address tells the stream's length after the editor opened: a new marker is
  // for that cut unless a length was written already.
  const [lengthKnown, setLengthKnown] = useState(streamSeconds)
  if (lengthKnown !== streamSeconds) {
    setLengthKnown(streamSeconds)
    if (!editing && !draft.cut && streamSeconds) setDraft({ ...draft, cut: markerTime(streamSeconds * 1000) })
  }

  const startEditing = (marker: AdminMarker | null) => {
    setEditing(marker)
    setDraft(draftOf(marker, streamSeconds))
    setError(null)
  }
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value })
  const fromPreview = (key: 'start' | 'end' | 'cut') => {
    const seconds = key === 'cut' ? preview.current?.length() : preview.current?.time()
    if (seconds !== null && seconds !== undefined) setDraft({ ...draft, [key]: markerTime(seconds * 1000) })
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const [start_ms, end_ms, duration_ms] = [parseMarkerTime(draft.start), parseMarkerTime(draft.end), parseMarkerTime(draft.cut)]
    if (start_ms === null || end_ms === null || duration_ms === null) {
      setError(t('admin.markerBadTime'))
      return
    }
    setError(null)
    save.mutate(
      { id: editing?.id ?? null, draft: { ...place, kind: draft.kind, start_ms, end_ms, duration_ms } },
      {
        onSuccess: () => {
          toast(t('admin.markerSaved'), 'success')
          startEditing(null)
        },
        onError: (err) => setError(err.message),
      },
    )
  }

  const list = markers.data ?? []
  return (
    <section aria-labelledby="marker-editor-title" className="space-y-3 rounded-lg border border-neutral-800 p-3 sm:p-4">
      <h3 id="marker-editor-title" className="text-base font-semibold">
        {t('admin.markers')}
      </h3>
      {markers.isError && <FormError message={markers.error.message} />}
      {markers.data && list.length === 0 && <p className="text-sm text-neutral-400">{t('admin.markersNone')}</p>}
      {list.length > 0 && (
        <ul className={`divide-y divide-neutral-800 ${stale ? 'opacity-60' : ''}`} aria-label={t('admin.markers')} aria-busy={stale}>
          {list.map((marker) => {
            const name = markerName(marker)
            return (
              <li key={marker.id} className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="marker-row">
                <div className="min-w-0 text-sm">
                  <p className="font-medium">
                    {kindName(marker.kind)} <span dir="ltr">{markerTime(marker.start_ms)}–{markerTime(marker.end_ms)}</span>
                  </p>
                  <p className="text-xs text-neutral-400">
                    {t('admin.markerDetails', {
                      cut: markerTime(marker.duration_ms),
                      source: marker.source === 'operator' ? t('admin.markerSourceOperator') : t('admin.markerSourceDetected', { confidence: marker.confidence ?? 0 }),
                      wrong: marker.wrong_reports,
                      when: formatWhen(marker.updated_at),
                    })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" disabled={!previewOpen} aria-label={t('admin.markerSeekFor', { marker: name })} onClick={() => preview.current?.seek(marker.start_ms / 1000)}>
                    {t('admin.markerSeek')}
                  </Button>
                  {marker.source === 'operator' && (
                    <>
                      <Button variant="secondary" aria-label={t('admin.markerEditFor', { marker: name })} onClick={() => startEditing(marker)}>
                        {t('admin.markerEdit')}
                      </Button>
                      <Button
                        variant="danger"
                        aria-label={t('admin.markerRemoveFor', { marker: name })}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(marker.id, {
                            onSuccess: () => {
                              toast(t('admin.markerRemoved'), 'success')
                              if (editing?.id === marker.id) startEditing(null)
                            },
                            onError: (err) => setError(err.message),
                          })
                        }
                      >
                        {t('admin.markerRemove')}
                      </Button>
                    </>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <form onSubmit={onSubmit} className="space-y-3" aria-label={editing ? t('admin.markerFormEdit', { marker: markerName(editing) }) : t('admin.markerFormAdd')}>
        <h4 className="text-sm font-semibold text-neutral-200">{editing ? t('admin.markerFormEdit', { marker: markerName(editing) }) : t('admin.markerFormAdd')}</h4>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField label={t('admin.markerKind')} value={draft.kind} onChange={(kind) => setDraft({ ...draft, kind: kind as MarkerKind })}>
            {MARKER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindName(kind)}
              </option>
            ))}
          </SelectField>
          {(['start', 'end', 'cut'] as const).map((key) => (
            <div key={key} className="space-y-1">
              <TextField
                label={key === 'start' ? t('admin.markerStart') : key === 'end' ? t('admin.markerEnd') : t('admin.markerCut')}
                hint={t('admin.markerTimeHint')}
                required
                dir="ltr"
                inputMode="decimal"
                placeholder="0:00.0"
                value={draft[key]}
                onChange={set(key)}
              />
              <button
                type="button"
                disabled={!previewOpen}
                onClick={() => fromPreview(key)}
                className="text-xs font-semibold text-brand-400 underline disabled:cursor-not-allowed disabled:text-neutral-500 disabled:no-underline"
              >
                {key === 'start' ? t('admin.markerStartFromPreview') : key === 'end' ? t('admin.markerEndFromPreview') : t('admin.markerCutFromPreview')}
              </button>
            </div>
          ))}
        </div>
        {!previewOpen && <p className="text-xs text-neutral-400">{t('admin.markerPreviewHint')}</p>}
        <FormError message={error} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={save.isPending} busyLabel={t('admin.markerSaving')}>
            {editing ? t('admin.markerSaveChanges') : t('admin.markerAdd')}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={() => startEditing(null)}>
              {t('admin.markerCancel')}
            </Button>
          )}
        </div>
      </form>
    </section>
  )
}
