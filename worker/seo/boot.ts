/**
 * The first data of a page, inlined by the worker into the HTML it serves (worker/seo/app-shell.ts)
 * and put into the web app's query cache before its first render (web/lib/boot.ts). `path` is the
 * address the data belongs to: a copy of the HTML kept by the service worker for another address
 * is not taken for this one.
 */
import type { MovieDetails, PageComposition, TvDetails } from '../catalog/types'
import type { PageName } from '../catalog/pages'

export interface BootData {
  /** pathname and search of the page the data was made for. */
  path: string
  /** Where catalogue image paths resolve (as GET /api/config says), so images need not wait for it. */
  imageBase: string
  page?: { name: PageName; service: string; data: PageComposition }
  title?: { type: 'movie'; data: MovieDetails } | { type: 'tv'; data: TvDetails }
}
