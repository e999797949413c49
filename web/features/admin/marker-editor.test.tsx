// The streams tab's marker editor (marker-editor.tsx): the markers of one episode listed with their
// times, cut length, source and "wrong" count; added, changed and removed through the API; times
// taken from the preview and the preview sent to a marker's start; the API's refusals shown.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Provider } from 'jotai'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminMarker } from '../../../worker/player/marker-rules'
import { MarkerEditor, parseMarkerTime } from './marker-editor'
import type { PreviewHandle } from './stream-preview'
import { stubApi } from '../../test-api'

const stub = stubApi

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

afterEach(() => vi.unstubAllGlobals())

const intro: AdminMarker = {
  id: 4,
  kind: 'intro',
  start_ms: 5_000,
  end_ms: 65_500,
  duration_ms: 2_640_000,
  source: 'operator',
  confidence: null,
  content_type: 'tv',
  content_id: 1399,
  season_number: 1,
  episode_number: 2,
  wrong_reports: 3,
  updated_at: '2026-11-20T10:00:00.000Z',
}
const detected: AdminMarker = { ...intro, id: 5, kind: 'credits', start_ms: 2_500_000, end_ms: 2_640_000, source: 'detected', confidence: 0.82, wrong_reports: 0 }
const place = { content_type: 'tv' as const, content_id: 1399, season_number: 1, episode_number: 2 }

const preview = { time: vi.fn(() => 12.34), length: vi.fn(() => 2640.2), seek: vi.fn() }

function Editor({ previewOpen = true, streamSeconds = 2640 }: { previewOpen?: boolean; streamSeconds?: number | null }) {
  const handle = useRef<PreviewHandle | null>(preview)
  return <MarkerEditor place={place} preview={handle} previewOpen={previewOpen} streamSeconds={streamSeconds} />
}

function wrap(element: React.ReactNode) {
  return (
    <Provider>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </Provider>
  )
}
let client = new QueryClient()

function renderEditor(previewOpen = true) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(wrap(<Editor previewOpen={previewOpen} />))
}

describe('parseMarkerTime', () => {
  it('reads m:ss.s, h:mm:ss.s and seconds; refuses anything else', () => {
    expect(parseMarkerTime('1:05.4')).toBe(65_400)
    expect(parseMarkerTime('65.4')).toBe(65_400)
    expect(parseMarkerTime('1:02:05')).toBe(3_725_000)
    expect(parseMarkerTime('')).toBeNull()
    expect(parseMarkerTime('1:xx')).toBeNull()
    expect(parseMarkerTime('-3')).toBeNull()
  })
})

describe('MarkerEditor', () => {
  it('lists the episode\'s markers with times, cut length, source and "wrong" count; only the operator\'s can be changed', async () => {
    const seen = stub(() => json({ results: [intro, detected] }))
    renderEditor()
    const rows = await screen.findAllByTestId('marker-row')
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/admin/markers?content_type=tv&content_id=1399&season_number=1&episode_number=2' })
    expect(rows[0]!.textContent).toContain('Intro 0:05.0–1:05.5')
    expect(rows[0]!.textContent).toContain('Cut length 44:00.0 · set by the operator · 3 viewers said it was wrong')
    expect(rows[1]!.textContent).toContain('detected, 82% sure')
    expect(within(rows[1]!).queryByRole('button', { name: /^Edit/ })).toBeNull()
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Go to start: Credits, 41:40.0–44:00.0' }))
    expect(preview.seek).toHaveBeenCalledWith(2500)
  })

  it('asks for another episode\'s markers once its number rests, keeping the last list dimmed meanwhile', async () => {
    const seen = stub((url) => json({ results: url.searchParams.get('episode_number') === '2' ? [intro] : [] }))
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const handle = { current: preview }
    const at = (episode_number: number) => wrap(<MarkerEditor place={{ ...place, episode_number }} preview={handle} previewOpen streamSeconds={2640} />)
    const { rerender } = render(at(2))
    await screen.findAllByTestId('marker-row')
    // "12" typed a digit at a time
    rerender(at(1))
    rerender(at(12))
    expect(screen.getByRole('list', { name: 'Markers' }).getAttribute('aria-busy')).toBe('true')
    await screen.findByText('No markers for this stream yet.')
    expect(seen.map((call) => new URLSearchParams(call.path.split('?')[1]).get('episode_number'))).toEqual(['2', '12'])
  })

  it('adds a marker with times from the preview and the preview\'s length', async () => {
    const seen = stub((url, request) => (request.method === 'POST' ? json({ marker: { ...intro, id: 9 } }, 201) : json({ results: [] })))
    renderEditor()
    await screen.findByText('No markers for this stream yet.')
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'recap' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set the start to the preview’s current time' }))
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('0:12.3')
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '75' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use the preview’s length' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add marker' }))
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true))
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/admin/markers',
      body: { ...place, kind: 'recap', start_ms: 12_300, end_ms: 75_000, duration_ms: 2_640_200 },
    })
  })

  it('changes and removes a marker', async () => {
    const seen = stub((url, request) => {
      if (request.method === 'PUT') return json({ marker: intro })
      if (request.method === 'DELETE') return json({ message: 'Marker removed' })
      return json({ results: [intro] })
    })
    renderEditor()
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Intro, 0:05.0–1:05.5' }))
    expect((screen.getByLabelText('End') as HTMLInputElement).value).toBe('1:05.5')
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '1:10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save marker' }))
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true))
    expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/admin/markers/4', body: { kind: 'intro', start_ms: 5_000, end_ms: 70_000, duration_ms: 2_640_000 } })
    fireEvent.click(screen.getByRole('button', { name: 'Remove Intro, 0:05.0–1:05.5' }))
    await waitFor(() => expect(seen.some((r) => r.method === 'DELETE' && r.path === '/api/admin/markers/4')).toBe(true))
  })

  it('takes the stream\'s length for a new marker once the check has told it', async () => {
    stub(() => json({ results: [] }))
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const { rerender } = render(wrap(<Editor streamSeconds={null} />))
    await screen.findByText('No markers for this stream yet.')
    expect((screen.getByLabelText('Cut length') as HTMLInputElement).value).toBe('')
    rerender(wrap(<Editor streamSeconds={12} />))
    expect((screen.getByLabelText('Cut length') as HTMLInputElement).value).toBe('0:12.0')
  })

  it('shows what the API refused, and refuses times it cannot read before asking', async () => {
    const seen = stub((url, request) => (request.method === 'POST' ? json({ error: 'A marker must end after it starts' }, 400) : json({ results: [] })))
    renderEditor(false)
    await screen.findByText('No markers for this stream yet.')
    expect((screen.getByRole('button', { name: 'Use the preview’s length' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: 'soon' } })
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '0:05' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add marker' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Write the times as m:ss.s or in seconds.')
    expect(seen.some((r) => r.method === 'POST')).toBe(false)
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '0:09' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add marker' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('A marker must end after it starts'))
  })
})
