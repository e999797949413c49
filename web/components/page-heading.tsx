/** A page's main heading, which also sets the document title and description. */
import type { ReactNode } from 'react'
import { useDocumentMeta } from '../lib/use-document-meta'

export function PageHeading({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  useDocumentMeta(title, description)
  return (
    <div className="px-4 pt-6 pb-4 md:px-8">
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      {children}
    </div>
  )
}
