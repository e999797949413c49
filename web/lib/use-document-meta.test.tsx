import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDocumentMeta } from './use-document-meta'

function Page({ title, description }: { title: string; description?: string }) {
  useDocumentMeta(title, description)
  return null
}

describe('useDocumentMeta', () => {
  it('sets the title with the site name and cuts the description to 150 characters', () => {
    render(<Page title="Movies" description={'x'.repeat(200)} />)
    expect(document.title).toBe('Movies | Reelhouse')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toHaveLength(150)
  })
})
