/**
 * The API's error messages in the request's language. Every `{ "error": "..." }` answer names its
 * message by id (web/i18n/catalogs/<locale>/errors.json); the English catalog holds the messages
 * as they have always been written, so an English request reads exactly what it always did.
 *
 * A request's language is its Accept-Language (the web app sends the page's locale on every API
 * call), negotiated with worker/lib/locales.ts; no header is English.
 *
 * Schemas keep plain strings (zod carries messages as text), so a schema's message is written as
 * `errorMessage(id, values)`: the English text, remembered with its id and values, so that the
 * validator can answer the same message in another language. Messages of the catalog without
 * placeholders are known by their English text from the start.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import ar from '../../web/i18n/catalogs/ar/errors.json'
import de from '../../web/i18n/catalogs/de/errors.json'
import en from '../../web/i18n/catalogs/en/errors.json'
import es from '../../web/i18n/catalogs/es/errors.json'
import fr from '../../web/i18n/catalogs/fr/errors.json'
import hi from '../../web/i18n/catalogs/hi/errors.json'
import it from '../../web/i18n/catalogs/it/errors.json'
import ja from '../../web/i18n/catalogs/ja/errors.json'
import ko from '../../web/i18n/catalogs/ko/errors.json'
import ptBR from '../../web/i18n/catalogs/pt-BR/errors.json'
import tr from '../../web/i18n/catalogs/tr/errors.json'
import zhCN from '../../web/i18n/catalogs/zh-CN/errors.json'
import { messageFormatter, type MessageValues } from './i18n'
import { type Locale, negotiateLocale } from './locales'

export type ErrorId = keyof typeof en

const format = messageFormatter<ErrorId>({ en, es, 'pt-BR': ptBR, fr, de, it, tr, ar, hi, ja, ko, 'zh-CN': zhCN })

/** The language of an API request: its Accept-Language, or English without one. */
export function requestLocale(c: Context): Locale {
  return negotiateLocale(c.req.header('Accept-Language'))
}

/** Marks an answer as depending on Accept-Language, so shared caches keep one per language. */
export function variesByLanguage(c: Context): void {
  const vary = c.res.headers.get('Vary') ?? ''
  if (!/(^|,)\s*accept-language\s*(,|$)/i.test(vary)) c.header('Vary', 'Accept-Language', { append: true })
}

/** An error message in a locale. */
export function errorText(locale: Locale, id: ErrorId, values?: MessageValues): string {
  return format(locale, id, values)
}

const known = new Map<string, { id: ErrorId; values?: MessageValues }>()
for (const [id, message] of Object.entries(en) as [ErrorId, string][]) {
  if (!message.includes('{')) known.set(message, { id })
}

/**
 * The English text of a message for a schema. Call it where the schema is declared (its values
 * are constants there), never with a request's input: every distinct text is remembered.
 */
export function errorMessage(id: ErrorId, values?: MessageValues): string {
  const text = format('en', id, values)
  known.set(text, values ? { id, values } : { id })
  return text
}

/** One of our English messages in `locale`, or null for a text that is not ours. */
export function localizedMessage(locale: Locale, english: string): string | null {
  const message = known.get(english)
  return message ? format(locale, message.id, message.values) : null
}

/** A `{ error }` answer in the request's language; `extra` adds fields beside it. */
export function apiError<S extends ContentfulStatusCode, E extends Record<string, unknown> = Record<never, never>>(
  c: Context,
  status: S,
  id: ErrorId,
  values?: MessageValues,
  extra?: E,
) {
  variesByLanguage(c)
  return c.json({ ...(extra as E), error: errorText(requestLocale(c), id, values) }, status)
}
