/**
 * Validation that answers every bad request the same way: 400 with `{ "error": "..." }`.
 * Route modules use `validate(target, schema)` instead of calling zValidator directly so that
 * no handler ever sees unchecked input and no client ever sees zod's raw issue list.
 */
import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'

function describe(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.')
  return field ? `${field}: ${issue.message}` : issue.message
}

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const first = result.error.issues[0]
      return c.json({ error: first ? describe(first) : 'Invalid request' }, 400)
    }
  })
}
