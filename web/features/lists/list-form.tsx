/** The fields of a list (name, description, public), for making one and for editing it. */
import { type FormEvent, useState } from 'react'
import { t } from '../../i18n'
import type { ListFieldsInput } from './own-lists-api'

const fieldClass = 'w-full rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm placeholder:text-neutral-500 focus:border-brand-500 focus:outline-none'

export function ListForm({
  initial = { name: '', description: null, is_public: false },
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onCancel,
  idPrefix,
}: {
  initial?: ListFieldsInput
  submitLabel: string
  busyLabel: string
  busy: boolean
  onSubmit: (fields: ListFieldsInput) => void
  onCancel: () => void
  idPrefix: string
}) {
  const [name, setName] = useState(initial.name)
  const [description, setDescription] = useState(initial.description ?? '')
  const [isPublic, setPublic] = useState(initial.is_public)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({ name: name.trim(), description: description.trim() || null, is_public: isPublic })
  }
  return (
    <form onSubmit={submit} className="max-w-xl space-y-3 rounded-xl border border-neutral-800 bg-neutral-900 p-4">
      <div>
        <label htmlFor={`${idPrefix}-name`} className="mb-1 block text-sm font-medium">{t('mylists.name')}</label>
        <input id={`${idPrefix}-name`} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoFocus className={fieldClass} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-description`} className="mb-1 block text-sm font-medium">{t('mylists.description')}</label>
        <textarea
          id={`${idPrefix}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={1000}
          rows={3}
          aria-describedby={`${idPrefix}-description-hint`}
          className={fieldClass}
        />
        <p id={`${idPrefix}-description-hint`} className="mt-1 text-xs text-neutral-400">{t('mylists.descriptionHint')}</p>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
        <span>{t('mylists.public')}</span>
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy || name.trim() === ''} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60">
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg border border-neutral-700 px-4 py-2 text-sm font-semibold hover:bg-neutral-800">
          {t('mylists.cancel')}
        </button>
      </div>
    </form>
  )
}
