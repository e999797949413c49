/**
 * Which way the page is written, as loadLocale set it on `<html dir>`: what scroll positions and
 * arrow keys mean depends on it (in a right-to-left page a row starts at the right, its scrollLeft
 * runs from 0 to negative, and the left arrow key moves forward).
 */
export function isRightToLeft(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl'
}
