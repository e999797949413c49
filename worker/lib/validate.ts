/**
 * Validation that answers every bad request the same way: 400 with `{ "error": "..." }`.
 * Route modules use `validate(target, schema)` instead of calling zValidator directly so that
 * no handler ever sees unchecked input and no client ever sees zod's raw issue list.
 */
import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'

/**
 * The issue as one line for people: its message, after the field's name unless the message
 * already starts with it ('Username must be...' for username, 'Full name must...' for full_name),
 * so the pages can show it as it is.
 */
export function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.')
  if (!field) return issue.message
  const last = String(issue.path[issue.path.length - 1] ?? '')
  const named = [last, last.replaceAll('_', ' ')].some((name) => name && issue.message.toLowerCase().startsWith(name.toLowerCase()))
  return named ? issue.message : `${field}: ${issue.message}`
}

/** application/json or a +json type; Hono's validator reads anything else as an empty object. */
export function isJsonContentType(header: string | undefined): boolean {
  const mediaType = header?.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType)
}

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    // a form, XML or a body without a type would otherwise validate as `{}` and "succeed" doing nothing
    if (target === 'json' && !isJsonContentType(c.req.header('Content-Type'))) {
      return c.json({ error: 'Content-Type must be application/json' }, 415)
    }
    if (!result.success) {
      const first = result.error.issues[0]
      return c.json({ error: first ? describeIssue(first) : 'Invalid request' }, 400)
    }
  })
}
