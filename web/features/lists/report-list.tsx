/**
 * "Report" on a public list's page (worker/accounts/moderation.ts): a signed-in reader who is not
 * its owner picks a reason and may add a few words, once per list; a visitor is asked to sign in
 * first. And the notice an owner sees on a list moderation hid, saying why.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Button } from '../../components/button'
import { Sheet } from '../../components/sheet'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../../worker/accounts/moderation-rules'
import { listKeys, type ListWithItems } from './own-lists-api'

function useReportList(slug: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { reason: ReportReason; note: string | null }) => readJson<{ reported: true }>(api.lists[':slug'].report.$post({ param: { slug }, json: body })),
    onSuccess: () => client.invalidateQueries({ queryKey: listKeys.one(slug) }),
  })
}

export function ReportList({ slug, name, reported }: { slug: string; name: string; reported: boolean }) {
  const session = useSession()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  if (session === undefined) return null
  if (session === null)
    return (
      <p className="text-sm text-neutral-400">
        <Link to={paths.login(location.pathname)} className="font-semibold text-neutral-200 underline underline-offset-2 hover:text-white">
          {t('mylists.reportSignIn')}
        </Link>
      </p>
    )
  if (reported) return <p className="text-sm text-neutral-400">{t('mylists.reportedAlready')}</p>
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded-lg border border-neutral-700 px-3 py-1.5 text-sm font-semibold text-neutral-300 hover:bg-neutral-800">
        {t('mylists.report')}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} heading={t('mylists.reportHeading')} subheading={<span dir="auto">{name}</span>} closeLabel={t('mylists.reportClose')}>
        {open && <ReportForm slug={slug} onDone={() => setOpen(false)} />}
      </Sheet>
    </>
  )
}

function ReportForm({ slug, onDone }: { slug: string; onDone: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const report = useReportList(slug)
  const toast = useToast()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason) {
      setError(t('mylists.reportChooseReason'))
      return
    }
    setError(null)
    report.mutate(
      { reason, note: note.trim() || null },
      {
        onSuccess: () => {
          toast(t('mylists.reportSent'), 'success')
          onDone()
        },
        onError: (err) => setError(err.message),
      },
    )
  }

  return (
    <form onSubmit={submit} className="space-y-4 px-5 py-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('mylists.reportWhy')}</legend>
        <div className="space-y-1">
          {REPORT_REASONS.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-neutral-800">
              <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="h-4 w-4 accent-brand-600" />
              <span>{t('mylists.reportReason', { reason: r })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="report-note" className="mb-1 block text-sm font-medium">{t('mylists.reportNote')}</label>
        <textarea
          id="report-note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={REPORT_NOTE_MAX}
          rows={3}
          dir="auto"
          aria-describedby="report-note-count"
          className="w-full rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm placeholder:text-neutral-500 focus:border-brand-500 focus:outline-none"
        />
        <p id="report-note-count" className="mt-1 text-xs text-neutral-400">{t('mylists.reportNoteCount', { count: note.length, max: REPORT_NOTE_MAX })}</p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={report.isPending} busyLabel={t('mylists.reportSending')}>
          {t('mylists.reportSend')}
        </Button>
      </div>
    </form>
  )
}

/** What the owner of a hidden list is told: that only they see it, and why. */
export function HiddenNotice({ hidden }: { hidden: NonNullable<ListWithItems['hidden']> }) {
  return (
    <div role="status" className="max-w-3xl space-y-1 rounded-xl border border-amber-700 bg-amber-950/60 p-4 text-sm text-amber-100">
      <p className="font-semibold">{t('mylists.hiddenHeading')}</p>
      <p>{hidden.reason === 'reports' ? t('mylists.hiddenByReports') : t('mylists.hiddenByAdmin', { reason: hidden.reason })}</p>
      {hidden.note && (
        <p dir="auto" className="whitespace-pre-line">
          {t('mylists.hiddenNote', { note: hidden.note })}
        </p>
      )}
    </div>
  )
}
