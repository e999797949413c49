/**
 * Which way the page is written, from the page's language (as `<html dir>` says): what scroll
 * positions and arrow keys mean depends on it (in a right-to-left page a row starts at the right,
 * its scrollLeft runs from 0 to negative, and the left arrow key moves forward). Read from the
 * language rather than the document, so the worker's render of a page agrees with the browser's.
 */
import { currentLocale, pageDirection } from '../i18n'

export function isRightToLeft(): boolean {
  return pageDirection(currentLocale()) === 'rtl'
}
