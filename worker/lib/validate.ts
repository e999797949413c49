/**
 * Validation that answers every bad request the same way: 400 with `{ "error": "..." }`.
 * Route modules use `validate(target, schema)` instead of calling zValidator directly so that
 * no handler ever sees unchecked input and no client ever sees zod's raw issue list.
 */
import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'
import { ar, de, es, fr, hi, it, ja, ko, ptBR, tr, zhCN } from 'zod/v4/locales'
import { apiError, errorText, localizedMessage, requestLocale, variesByLanguage } from './api-errors'
import type { Locale } from './locales'

/** Zod's own messages (for checks written without one of ours) in each language but English. */
const ZOD_LOCALES: Record<Exclude<Locale, 'en'>, () => { localeError: unknown }> = { es, 'pt-BR': ptBR, fr, de, it, tr, ar, hi, ja, ko, 'zh-CN': zhCN }

type Issue = { path: PropertyKey[]; message: string; code?: string; keys?: string[] }

/**
 * The issue as one line for people: its message, after the field's name unless the message
 * already starts with it ('Username must be...' for username, 'Full name must...' for full_name),
 * so the pages can show it as it is.
 */
export function describeIssue(issue: Issue, locale: Locale = 'en', zodText?: string): string {
  const field = issue.path.map(String).join('.')
  const text = issueText(issue, locale, zodText)
  if (!field) return text
  const last = String(issue.path[issue.path.length - 1] ?? '')
  const named = [last, last.replaceAll('_', ' ')].some((name) => name && issue.message.toLowerCase().startsWith(name.toLowerCase()))
  return named ? text : errorText(locale, 'errors.fieldIssue', { field, message: text })
}

/**
 * The issue's own message in `locale`: ours by its id, an unknown parameter by its names, and
 * zod's own message as zod words it in that language (`zodText`, when the caller has it).
 */
function issueText(issue: Issue, locale: Locale, zodText: string | undefined): string {
  if (locale === 'en') return issue.message
  const names = issue.code === 'unrecognized_keys' ? (issue.keys ?? []).join(', ') : null
  if (names !== null && issue.message === errorText('en', 'errors.unknownParameter', { names })) return errorText(locale, 'errors.unknownParameter', { names })
  return localizedMessage(locale, issue.message) ?? zodText ?? issue.message
}

/** application/json or a +json type; Hono's validator reads anything else as an empty object. */
export function isJsonContentType(header: string | undefined): boolean {
  const mediaType = header?.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType)
}

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, async (result, c) => {
    // a form, XML or a body without a type would otherwise validate as `{}` and "succeed" doing nothing
    if (target === 'json' && !isJsonContentType(c.req.header('Content-Type'))) {
      return apiError(c, 415, 'errors.jsonRequired')
    }
    if (!result.success) {
      const first = result.error.issues[0]
      if (!first) return apiError(c, 400, 'errors.invalidRequest')
      const locale = requestLocale(c)
      variesByLanguage(c)
      if (locale === 'en') return c.json({ error: describeIssue(first) }, 400)
      // Zod words its own messages in the request's language when asked to check the input again
      // with that language's messages (ours, written on the schema, come out as they are).
      const again = await schema.safeParseAsync(result.data, { error: ZOD_LOCALES[locale]().localeError as never })
      const zodText = again.success ? undefined : again.error.issues[0]?.message
      return c.json({ error: describeIssue(first, locale, zodText) }, 400)
    }
  })
}
