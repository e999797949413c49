/**
 * Input schemas for the account API. Messages that SPEC.md fixes come out as they are written
 * there: they are raised at the top level of the body (no field prefix), so the pages can show
 * them unchanged. Every string has an upper bound so no request can make the worker store or
 * hash something huge.
 */
import { z } from 'zod'
import { contentTypes, ownerTypes } from '../../drizzle/schema'

export const MIN_PASSWORD_LENGTH = 6
const MAX_PASSWORD_LENGTH = 1000
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/
const MAX_CONTENT_ID = 2_147_483_647
const MAX_SECONDS = 10_000_000

const password = z.string().max(MAX_PASSWORD_LENGTH, 'Password is too long')
const turnstileToken = z.string().max(2048).optional()

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long')
  .pipe(z.email('Please enter a valid e-mail address'))

export const usernameSchema = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'Username must be 3 to 30 characters: letters, digits, ".", "_" or "-"')

export function newPasswordPair<K extends string, C extends string>(newKey: K, confirmKey: C, mismatch: string) {
  return (value: Record<K | C, string>, ctx: z.RefinementCtx) => {
    if (value[newKey].length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'Password must be at least 6 characters long' })
    }
    if (value[newKey] !== value[confirmKey]) ctx.addIssue({ code: 'custom', message: mismatch })
  }
}

export const signupSchema = z
  .object({ email: emailSchema, username: usernameSchema, password, confirmPassword: password, turnstileToken })
  .superRefine(newPasswordPair('password', 'confirmPassword', 'Passwords do not match'))

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'E-mail is required').max(254, 'E-mail address is too long'),
  password: password.min(1, 'Password is required'),
  type: z.enum(ownerTypes).default('user'),
  turnstileToken,
})

export const passwordChangeSchema = z
  .object({
    currentPassword: password.min(1, 'Current password is required'),
    newPassword: password,
    confirmPassword: password,
  })
  .superRefine(newPasswordPair('newPassword', 'confirmPassword', 'New passwords do not match'))

/** A real calendar date, written YYYY-MM-DD, between 1900-01-01 and today. */
export function isPlausibleBirthDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real && year >= 1900 && date.getTime() <= Date.now()
}

/** NUL and other control characters: never stored (they break logs, exports and other programs). */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
/** The same, but a multi-line text keeps its line breaks and tabs. */
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export function plainText(label: string, options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS
  return z.string().refine((text) => !forbidden.test(text), `${label} must not contain control characters`)
}

function optionalText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return plainText(label, options)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value))
}

export const profileSchema = z.object({
  username: usernameSchema.optional(),
  full_name: optionalText('Full name', 100),
  date_of_birth: z
    .string()
    .trim()
    .refine((text) => text === '' || isPlausibleBirthDate(text), 'Date of birth must be a real date (YYYY-MM-DD), not in the future')
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  country: optionalText('Country', 100),
  bio: optionalText('Bio', 500, { multiline: true }),
})

export const contentTypeSchema = z.enum(contentTypes, 'content_type must be movie or tv')
export const contentIdSchema = z
  .number('content_id must be a positive integer')
  .int('content_id must be a positive integer')
  .positive('content_id must be a positive integer')
  .max(MAX_CONTENT_ID, 'content_id is too large')

export const contentParamSchema = z.object({
  content_type: contentTypeSchema,
  content_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'content_id must be a positive integer')
    .transform(Number)
    .pipe(contentIdSchema),
})

const titledContent = {
  content_id: contentIdSchema,
  content_type: contentTypeSchema,
  title: plainText('title').trim().min(1, 'title is required').max(300, 'title must be at most 300 characters'),
  poster_path: plainText('poster_path')
    .max(300, 'poster_path must be at most 300 characters')
    .startsWith('/', 'poster_path must start with /')
    .nullable()
    .default(null),
}

export const watchlistAddSchema = z.object(titledContent)

const seconds = z
  .number()
  .min(0, 'durations must not be negative')
  .max(MAX_SECONDS, 'durations are too large')
  .transform(Math.floor)
const episodePart = z.number().int().min(0).max(100_000).nullable().optional()

export const historyRecordSchema = z.object({
  ...titledContent,
  watch_duration: seconds.default(0),
  position: seconds.optional(),
  total_duration: seconds.optional(),
  season_number: episodePart,
  episode_number: episodePart,
  completed: z.boolean().optional(),
})

function boundedCount(name: string, max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,6}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be between 1 and ${max}`).max(max, `${name} must be between 1 and ${max}`))
}

export const historyQuerySchema = z.object({ limit: boundedCount('limit', 100).default(20) })

export const adminUsersQuerySchema = z.object({
  q: plainText('q').trim().max(100, 'q must be at most 100 characters').default(''),
  page: boundedCount('page', 100_000).default(1),
})

export const idParamSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,15}$/, 'id must be a positive integer').transform(Number),
})

export const maintenanceSchema = z.object({ enabled: z.boolean('enabled must be true or false') })
