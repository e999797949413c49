// The worker answers addresses from its own list of the app's routes (to preload their code and
// to give unknown addresses a 404); it must be the router's list, or pages would 404 or go unloaded.
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, matchAppRoute } from '../../worker/seo/app-routes'
import { pageOf, printsDates, routeTable } from './router'

describe('the worker’s routes', () => {
  it('are the router’s routes, in the same order', () => {
    expect(APP_ROUTES.map((r) => r.path)).toEqual(routeTable.map(([path]) => path))
  })

  it('match addresses as the router does', () => {
    expect(matchAppRoute('/')?.route.path).toBe('/')
    expect(matchAppRoute('/movie/550')?.params).toEqual({ id: '550' })
    expect(matchAppRoute('/faq/')?.route.path).toBe('/faq')
    expect(matchAppRoute('/admin')?.route.path).toBe('/admin/*')
    expect(matchAppRoute('/admin/users/3')?.params).toEqual({ '*': 'users/3' })
    expect(matchAppRoute('/movies/extra')).toBeNull()
    expect(matchAppRoute('/movie')).toBeNull()
    expect(matchAppRoute('/nothing')).toBeNull()
  })
})

describe('printsDates', () => {
  it('names the pages whose first screen prints dates, whose date data is loaded ahead', () => {
    for (const path of ['/profile', '/tv/1399', '/calendar']) expect(printsDates(pageOf(path)), path).toBe(true)
    for (const path of ['/', '/movies', '/movie/155', '/watchlist', '/no-such-page']) expect(printsDates(pageOf(path)), path).toBe(false)
  })
})
