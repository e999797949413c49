import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { loadLocale } from './i18n'

// Components read their words from the English catalog, as a page at the site's root does.
beforeAll(() => loadLocale('en'))

afterEach(() => cleanup())
