/**
 * The services picker: which streaming services the visitor has and the region they watch in, in
 * a modal dialog (a sheet from the bottom on a phone, a centred panel on a wide screen). Loaded
 * only when opened, with its words (the `services` catalog area). Saving hands the choice to the
 * caller, which keeps it on the account or in this browser (lib/my-services.ts).
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { t } from '../i18n'
import type { ServiceChoice } from '../lib/my-services'
import { platforms } from '../lib/platforms'
import { isRegion, savedRegion } from '../lib/watch-regions'
import { RegionSelect } from './region-select'

/** The services one can pick, by watch provider id, in the platform filter's order. */
const SERVICES = platforms.filter((p) => p.id > 0).map((p) => ({ id: p.id as number, name: p.label as string }))

/** A first choice starts from the region Where to Watch was last set to, else the browser's country, else the US. */
function defaultRegion(): string {
  const saved = savedRegion()
  if (saved) return saved
  try {
    const region = new Intl.Locale(navigator.language).maximize().region
    return isRegion(region) ? region : 'US'
  } catch {
    return 'US'
  }
}

/** A tile in each service's own colour stands in for its logo (the embedded catalogue has none). */
const TILE: Record<number, string> = {
  8: 'bg-red-600',
  337: 'bg-blue-700',
  9: 'bg-sky-500',
  350: 'bg-neutral-200 text-neutral-900',
  531: 'bg-blue-500',
  386: 'bg-yellow-400 text-neutral-900',
  283: 'bg-orange-500',
}

export interface ServicesPickerProps {
  initial: ServiceChoice | null
  signedIn: boolean
  onSave: (choice: ServiceChoice) => Promise<void>
  onClose: () => void
}

export function ServicesPicker({ initial, signedIn, onSave, onClose }: ServicesPickerProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [services, setServices] = useState<number[]>(initial?.services ?? [])
  const [region, setRegion] = useState(initial?.region ?? defaultRegion)
  const [saving, setSaving] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => {
      if (element?.open) element.close()
    }
  }, [])

  const toggle = (id: number, checked: boolean) => setServices((now) => (checked ? [...now, id] : now.filter((s) => s !== id)).sort((a, b) => a - b))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setFailed(false)
    try {
      await onSave({ services, region })
      dialog.current?.close()
    } catch {
      setFailed(true)
    } finally {
      setSaving(false)
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      // A press on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => event.target === event.currentTarget && event.currentTarget.close()}
      className="mx-auto mt-auto mb-0 max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-neutral-900 p-0 text-neutral-100 shadow-2xl backdrop:bg-black/70 sm:my-auto sm:max-w-lg sm:rounded-2xl"
    >
      <form onSubmit={(e) => void submit(e)} className="p-5 sm:p-6">
        <h2 id={titleId} className="text-xl font-bold">
          {t('services.title')}
        </h2>
        <p className="mt-1 text-sm text-neutral-300">{t('services.intro')}</p>
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-semibold text-neutral-200">{t('services.servicesLegend')}</legend>
          <ul className="grid grid-cols-2 gap-2">
            {SERVICES.map((service) => {
              const checked = services.includes(service.id)
              return (
                <li key={service.id}>
                  <label className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border px-2 py-1.5 text-sm transition ${checked ? 'border-emerald-500 bg-emerald-600/15' : 'border-neutral-700 hover:border-neutral-500'}`}>
                    <input type="checkbox" checked={checked} onChange={(e) => toggle(service.id, e.target.checked)} className="h-4 w-4 shrink-0 accent-emerald-500" />
                    <span aria-hidden="true" className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-xs font-bold text-white ${TILE[service.id] ?? 'bg-neutral-700'}`}>
                      {service.name.slice(0, 1)}
                    </span>
                    <span data-catalog="" className="min-w-0 wrap-break-word">
                      <bdi>{service.name}</bdi>
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
        <label className="mt-4 flex flex-col gap-1 text-sm font-semibold text-neutral-200">
          {t('services.region')}
          <RegionSelect value={region} onChange={setRegion} className="min-h-10 rounded-md border border-neutral-700 bg-neutral-950 px-2 py-1 font-normal text-neutral-100" />
        </label>
        <p className="mt-3 text-xs text-neutral-400">{signedIn ? t('services.keptOnAccount') : t('services.keptInBrowser')}</p>
        {failed && (
          <p role="alert" className="mt-2 text-sm text-red-400">
            {t('services.saveFailed')}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" onClick={() => dialog.current?.close()} className="min-h-10 rounded-lg border border-neutral-700 px-4 py-2 text-sm font-semibold hover:bg-neutral-800">
            {t('services.cancel')}
          </button>
          <button type="submit" disabled={saving} className="min-h-10 rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60">
            {t('services.save')}
          </button>
        </div>
      </form>
    </dialog>
  )
}
