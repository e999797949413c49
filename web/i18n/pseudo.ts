/**
 * The pseudo-locale: English made visibly foreign (accented letters, about 40% longer, in
 * brackets) so a page walked in it shows at once any text that did not come from a catalog, and
 * any control too narrow for a longer language.
 */
export { PSEUDO_LOCALE } from '../../worker/lib/locales.ts'

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}

/** One literal piece of a message, pseudo-localized (placeholders never reach this). */
export function pseudoText(text: string): string {
  if (!text.trim()) return text
  const accented = [...text].map((ch) => ACCENTED[ch] ?? ch).join('')
  const letters = text.replace(/[^A-Za-z]/g, '').length
  const padding = '~'.repeat(Math.ceil(letters * 0.4))
  return `⟦${accented}${padding}⟧`
}
