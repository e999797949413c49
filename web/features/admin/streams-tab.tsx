/**
 * Streams: the HLS addresses the operator maps to films, shows and episodes. Find a title in the
 * catalogue (or pick one viewers want that has none), give its address, check it (the worker loads
 * it as the player would and lists its renditions and captions), preview it in our player, save;
 * edit and remove the streams there are. The worker checks the address again on save, so nothing
 * that cannot play is saved. Below the form, the markers (intro, recap, credits) of the title or
 * episode chosen (marker-editor.tsx).
 */
import { useRef, useState, type FormEvent } from 'react'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { FormError, TextField } from '../account/auth-form'
import { checkStream, useRemoveStream, useSaveStream, useStreams, useTitlesWithoutStream, type AdminStream, type PlaylistReport } from './api'
import { Panel } from './figures'
import { MarkerEditor } from './marker-editor'
import { StreamPreview, type PreviewHandle } from './stream-preview'
import { TitleFinder, type ChosenTitle } from './title-finder'

interface Draft {
  season: string
  episode: string
  master_url: string
  thumbnails_url: string
  label: string
}

const emptyDraft: Draft = { season: '0', episode: '0', master_url: '', thumbnails_url: '', label: '' }

function titleName(title: Pick<ChosenTitle, 'content_type' | 'content_id'> & { name?: string }): string {
  return title.name || t(title.content_type === 'movie' ? 'admin.streamFilm' : 'admin.streamShow', { id: title.content_id })
}

function episodeText(stream: Pick<AdminStream, 'content_type' | 'season_number' | 'episode_number'>): string | null {
  if (stream.content_type === 'movie') return null
  return stream.season_number === 0 && stream.episode_number === 0 ? t('admin.streamWholeShow') : t('admin.streamEpisodeLabel', { season: stream.season_number, episode: stream.episode_number })
}

function ReportView({ report }: { report: PlaylistReport }) {
  return (
    <div className="rounded-lg border border-emerald-800/60 bg-emerald-950/30 p-3 text-sm" role="status" aria-label={t('admin.streamReport')}>
      <p className="font-semibold text-emerald-200">{t('admin.streamReport')}</p>
      <p className="mt-1 text-neutral-300">{t('admin.streamLength', { seconds: Math.round(report.duration_seconds) })}</p>
      <h4 className="mt-2 font-medium text-neutral-200">{t('admin.streamRenditions')}</h4>
      <ul className="ms-4 list-disc text-neutral-300" dir="ltr">
        {report.renditions.map((r) => (
          <li key={r.uri}>{[r.resolution, r.bandwidth ? `${Math.round(r.bandwidth / 1000)} kbit/s` : null, r.codecs].filter(Boolean).join(' · ') || r.uri}</li>
        ))}
      </ul>
      <h4 className="mt-2 font-medium text-neutral-200">{t('admin.streamCaptions')}</h4>
      {report.captions.length === 0 ? (
        <p className="text-neutral-400">{t('admin.streamNoCaptions')}</p>
      ) : (
        <ul className="ms-4 list-disc text-neutral-300">
          {report.captions.map((c) => (
            <li key={`${c.name}-${c.language}`}>{c.language ? `${c.name} (${c.language})` : c.name}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

function StreamForm({ title, editing, onDone }: { title: ChosenTitle; editing: AdminStream | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() =>
    editing
      ? { season: String(editing.season_number), episode: String(editing.episode_number), master_url: editing.master_url, thumbnails_url: editing.thumbnails_url ?? '', label: editing.label ?? '' }
      : emptyDraft,
  )
  const [report, setReport] = useState<PlaylistReport | null>(null)
  const [checking, setChecking] = useState(false)
  const [preview, setPreview] = useState(false)
  const previewHandle = useRef<PreviewHandle | null>(null)
  const [error, setError] = useState<string | null>(null)
  const save = useSaveStream()
  const toast = useToast()
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: e.target.value })
    if (key === 'master_url' || key === 'thumbnails_url') {
      asked.current = ''
      setReport(null)
      setPreview(false)
    }
  }
  const request = () => ({
    content_type: title.content_type,
    content_id: title.content_id,
    season_number: title.content_type === 'tv' ? Number(draft.season) || 0 : 0,
    episode_number: title.content_type === 'tv' ? Number(draft.episode) || 0 : 0,
    master_url: draft.master_url.trim(),
    thumbnails_url: draft.thumbnails_url.trim() || null,
    label: draft.label.trim() || null,
  })
  // The addresses the last check was asked for: an answer for others (changed meanwhile) is dropped.
  const asked = useRef('')
  const check = () => {
    const wanted = request()
    const key = `${wanted.master_url} ${wanted.thumbnails_url ?? ''}`
    asked.current = key
    setChecking(true)
    setError(null)
    checkStream(wanted)
      .then(
        (found) => asked.current === key && setReport(found),
        (err: unknown) => {
          if (asked.current !== key) return
          setReport(null)
          setError(err instanceof Error ? err.message : t('admin.streamCheckFailed'))
        },
      )
      .finally(() => setChecking(false))
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    save.mutate(
      { id: editing?.id ?? null, draft: request() },
      {
        onSuccess: () => {
          toast(t('admin.streamSaved'), 'success')
          onDone()
        },
        onError: (err) => setError(err.message),
      },
    )
  }
  const name = titleName(title)
  const place = request()
  return (
    <>
      <form onSubmit={onSubmit} className="space-y-4" aria-label={t('admin.streamFormFor', { title: name })}>
        <p className="text-sm text-neutral-200">
          <span className="font-semibold" dir="auto">{name}</span> ·{' '}
          <a href={paths.title(title.content_type, title.content_id)} target="_blank" rel="noreferrer" className="text-brand-400 underline">
            {t('admin.streamOpenTitle')}
          </a>
        </p>
        {title.content_type === 'tv' && (
          <div className="grid grid-cols-2 gap-3 sm:max-w-md">
            <TextField label={t('admin.streamSeason')} type="number" min={0} max={1000} inputMode="numeric" required value={draft.season} onChange={set('season')} />
            <TextField label={t('admin.streamEpisode')} type="number" min={0} max={100000} inputMode="numeric" required value={draft.episode} onChange={set('episode')} />
          </div>
        )}
        {title.content_type === 'tv' && <p className="text-xs text-neutral-400">{t('admin.streamWholeShowHint')}</p>}
        <TextField label={t('admin.streamAddress')} required dir="ltr" inputMode="url" placeholder="https://…/master.m3u8" value={draft.master_url} onChange={set('master_url')} />
        <TextField label={t('admin.streamThumbnails')} dir="ltr" inputMode="url" value={draft.thumbnails_url} onChange={set('thumbnails_url')} />
        <TextField label={t('admin.streamLabel')} maxLength={120} value={draft.label} onChange={set('label')} />
        <FormError message={error} />
        {report && <ReportView report={report} />}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={check} busy={checking} busyLabel={t('admin.streamChecking')} disabled={!draft.master_url.trim()}>
            {t('admin.streamCheck')}
          </Button>
          <Button variant="secondary" onClick={() => setPreview((on) => !on)} disabled={!report} aria-expanded={preview}>
            {t('admin.streamPreview')}
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel={t('admin.streamSaving')}>
            {t('admin.streamSave')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {t('admin.streamCancel')}
          </Button>
        </div>
        {preview && report && <StreamPreview src={draft.master_url.trim()} thumbnails={draft.thumbnails_url.trim() || null} title={name} handle={previewHandle} />}
      </form>
      <MarkerEditor
        place={{ content_type: place.content_type, content_id: place.content_id, season_number: place.season_number, episode_number: place.episode_number }}
        preview={previewHandle}
        previewOpen={preview && !!report}
        streamSeconds={report?.duration_seconds ?? null}
      />
    </>
  )
}

export function StreamsTab() {
  const streams = useStreams()
  const missing = useTitlesWithoutStream()
  const remove = useRemoveStream()
  const toast = useToast()
  const [chosen, setChosen] = useState<{ title: ChosenTitle; editing: AdminStream | null; key: number } | null>(null)
  const choose = (title: ChosenTitle, editing: AdminStream | null = null) => setChosen({ title, editing, key: Date.now() })

  return (
    <div className="space-y-6">
      <Panel id="streams-editor" title={t('admin.streamEditor')}>
        <div className="space-y-5">
          <TitleFinder onChoose={(title) => choose(title)} />
          {chosen ? <StreamForm key={chosen.key} title={chosen.title} editing={chosen.editing} onDone={() => setChosen(null)} /> : <p className="text-sm text-neutral-400">{t('admin.streamChooseTitle')}</p>}
        </div>
      </Panel>
      <Panel id="streams-mapped" title={t('admin.streamMapped')}>
        {streams.data && streams.data.length === 0 && <p className="text-sm text-neutral-400">{t('admin.streamNoneMapped')}</p>}
        {streams.data && streams.data.length > 0 && (
          <ul className="divide-y divide-neutral-800" aria-label={t('admin.streamMapped')}>
            {streams.data.map((stream) => {
              const title = { content_type: stream.content_type, content_id: stream.content_id, name: titleName(stream) }
              const name = [title.name, episodeText(stream), stream.label].filter(Boolean).join(' · ')
              return (
                <li key={stream.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{name}</p>
                    <p className="truncate text-xs text-neutral-400" dir="ltr">
                      {stream.master_url}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button variant="secondary" aria-label={t('admin.streamEditFor', { title: name })} onClick={() => choose(title, stream)}>
                      {t('admin.streamEdit')}
                    </Button>
                    <Button
                      variant="danger"
                      aria-label={t('admin.streamRemoveFor', { title: name })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(stream.id, { onSuccess: () => toast(t('admin.streamRemoved'), 'success'), onError: (err) => toast(err.message, 'error') })}
                    >
                      {t('admin.streamRemove')}
                    </Button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </Panel>
      <Panel id="streams-missing" title={t('admin.streamMissing')}>
        <p className="text-sm text-neutral-300">{t('admin.streamMissingIntro')}</p>
        {missing.data && missing.data.length === 0 && <p className="mt-2 text-sm text-neutral-400">{t('admin.streamNoneMissing')}</p>}
        {missing.data && missing.data.length > 0 && (
          <ul className="mt-2 divide-y divide-neutral-800" aria-label={t('admin.streamMissing')}>
            {missing.data.map((title) => (
              <li key={`${title.content_type}-${title.content_id}`} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <p className="text-sm">
                  <span className="font-medium" dir="auto">{title.title}</span>
                  <span className="text-neutral-400"> · {t('admin.streamDemand', { watched: title.watched, saved: title.saved })}</span>
                </p>
                <Button variant="secondary" aria-label={t('admin.streamAddFor', { title: title.title })} onClick={() => choose({ content_type: title.content_type, content_id: title.content_id, name: title.title })}>
                  {t('admin.streamAdd')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}
