/**
 * Every route of SPEC.md's route table, each page its own lazily loaded chunk.
 * A page module exports `Component` (React Router's lazy route convention).
 */
import { createBrowserRouter } from 'react-router-dom'
import { Layout } from './layout'

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, lazy: () => import('../features/home/home-page') },
      { path: 'movies', lazy: () => import('../features/browse/movies-page') },
      { path: 'movie/:id', lazy: () => import('../features/title/movie-page') },
      { path: 'tv-shows', lazy: () => import('../features/browse/tv-shows-page') },
      { path: 'tv/:id', lazy: () => import('../features/title/tv-page') },
      { path: 'kids', lazy: () => import('../features/browse/kids-page') },
      { path: 'genres', lazy: () => import('../features/browse/genres-page') },
      { path: 'genre/:id', lazy: () => import('../features/browse/genre-page') },
      { path: 'watchlist', lazy: () => import('../features/lists/watchlist-page') },
      { path: 'last-watched', lazy: () => import('../features/lists/last-watched-page') },
      { path: 'search', lazy: () => import('../features/search/search-page') },
      { path: 'search-results', lazy: () => import('../features/search/search-results-page') },
      { path: 'top-imdb', lazy: () => import('../features/browse/top-imdb-page') },
      { path: 'faq', lazy: () => import('../features/static/faq-page') },
      { path: 'contact', lazy: () => import('../features/static/contact-page') },
      { path: 'about-us', lazy: () => import('../features/static/about-us-page') },
      { path: 'terms', lazy: () => import('../features/static/terms-page') },
      { path: 'privacy', lazy: () => import('../features/static/privacy-page') },
      { path: 'dmca', lazy: () => import('../features/static/dmca-page') },
      { path: 'login', lazy: () => import('../features/account/login-page') },
      { path: 'register', lazy: () => import('../features/account/register-page') },
      { path: 'profile', lazy: () => import('../features/account/profile-page') },
      { path: 'admin/*', lazy: () => import('../features/admin/admin-page') },
      { path: '*', lazy: () => import('./not-found-page') },
    ],
  },
])
