/** Sets the document title and meta description while a page is shown. */
import { useEffect } from 'react'

export const SITE_NAME = 'Reelhouse'

export function useDocumentMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return
    document.title = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`
    if (description !== undefined) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]')
      if (!tag) {
        tag = document.createElement('meta')
        tag.name = 'description'
        document.head.appendChild(tag)
      }
      tag.content = description.slice(0, 150)
    }
  }, [title, description])
}
