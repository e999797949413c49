import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { loadAreas, loadLocale } from './i18n'
import { PAGE_AREAS } from './i18n/areas'

// Components read their words from the English catalog, as a page at the site's root does.
beforeAll(() => Promise.all([loadLocale('en'), loadAreas(PAGE_AREAS)]))

afterEach(() => cleanup())

// jsdom has the dialog element but not its modal methods.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '')
}
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open')
  this.dispatchEvent(new Event('close'))
}
