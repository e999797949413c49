/**
 * Input schemas for the account API. Messages that SPEC.md fixes come out as they are written
 * there: they are raised at the top level of the body (no field prefix), so the pages can show
 * them unchanged. Every string has an upper bound so no request can make the worker store or
 * hash something huge.
 */
import { z } from 'zod'
import { REPORT_NOTE_MAX, REPORT_REASONS } from './moderation-rules'
import { contentTypes, ownerTypes } from '../../drizzle/schema'
import { type ErrorId, errorMessage } from '../lib/api-errors'
import { reportReasons } from './history'
import { MAX_RATING, MIN_RATING } from './taste'
import { MIN_ADMIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules'
import { passkeyAnswerSchema, recoveryCodeSchema } from '../auth/second-factor-answers'

export { MIN_ADMIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH }
const MAX_PASSWORD_LENGTH = 1000
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/
const MAX_CONTENT_ID = 2_147_483_647
const MAX_SECONDS = 10_000_000
const PASSWORD_TOO_SHORT = errorMessage('errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH })
const ADMIN_PASSWORD_TOO_SHORT = errorMessage('errors.adminPasswordTooShort', { min: MIN_ADMIN_PASSWORD_LENGTH })

const password = z.string().max(MAX_PASSWORD_LENGTH, errorMessage('errors.passwordTooLong'))
const turnstileToken = z.string().max(2048).optional()

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, errorMessage('errors.emailTooLong'))
  .pipe(z.email(errorMessage('errors.emailInvalid')))

export const usernameSchema = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, errorMessage('errors.usernameInvalid'))

/** A new password and its confirmation: long enough (an administrator's longer) and the same. */
export function newPasswordPair<K extends string, C extends string>(newKey: K, confirmKey: C, mismatch: string, forAdmin = false) {
  return (value: Record<K | C, string>, ctx: z.RefinementCtx) => {
    if (value[newKey].length < (forAdmin ? MIN_ADMIN_PASSWORD_LENGTH : MIN_PASSWORD_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: forAdmin ? ADMIN_PASSWORD_TOO_SHORT : PASSWORD_TOO_SHORT })
    }
    if (value[newKey] !== value[confirmKey]) ctx.addIssue({ code: 'custom', message: mismatch })
  }
}

export const signupSchema = z
  .object({ email: emailSchema, username: usernameSchema, password, confirmPassword: password, turnstileToken })
  .superRefine(newPasswordPair('password', 'confirmPassword', errorMessage('errors.passwordsMismatch')))

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, errorMessage('errors.emailRequired')).max(254, errorMessage('errors.emailTooLong')),
  password: password.min(1, errorMessage('errors.passwordRequired')),
  type: z.enum(ownerTypes).default('user'),
  turnstileToken,
})

export const passwordChangeSchema = z
  .object({
    currentPassword: password.min(1, errorMessage('errors.currentPasswordRequired')),
    newPassword: password,
    confirmPassword: password,
    // An administrator's change also needs a fresh second factor (worker/auth/factor-change.ts).
    code: recoveryCodeSchema.optional(),
    passkey: passkeyAnswerSchema.optional(),
  })
  .superRefine(newPasswordPair('newPassword', 'confirmPassword', errorMessage('errors.newPasswordsMismatch')))

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

/** The profile's fields have messages of their own; any other field is named as the API names it. */
const LABELLED: Record<string, { control: ErrorId; tooLong: ErrorId }> = {
  'Full name': { control: 'errors.fullNameControl', tooLong: 'errors.fullNameTooLong' },
  Country: { control: 'errors.countryControl', tooLong: 'errors.countryTooLong' },
  Bio: { control: 'errors.bioControl', tooLong: 'errors.bioTooLong' },
}

function controlMessage(label: string): string {
  const own = LABELLED[label]
  return own ? errorMessage(own.control) : errorMessage('errors.fieldControl', { field: label })
}

function tooLongMessage(label: string, max: number): string {
  const own = LABELLED[label]
  return own ? errorMessage(own.tooLong, { max }) : errorMessage('errors.fieldTooLong', { field: label, max })
}

export function plainText(label: string, options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS
  return z.string().refine((text) => !forbidden.test(text), controlMessage(label))
}

function optionalText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return plainText(label, options)
    .trim()
    .max(max, tooLongMessage(label, max))
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
    .refine((text) => text === '' || isPlausibleBirthDate(text), errorMessage('errors.dateOfBirthInvalid'))
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  country: optionalText('Country', 100),
  bio: optionalText('Bio', 500, { multiline: true }),
})

export const contentTypeSchema = z.enum(contentTypes, errorMessage('errors.fieldMovieOrTv', { field: 'content_type' }))
const CONTENT_ID_POSITIVE = errorMessage('errors.fieldPositiveInteger', { field: 'content_id' })
export const contentIdSchema = z
  .number(CONTENT_ID_POSITIVE)
  .int(CONTENT_ID_POSITIVE)
  .positive(CONTENT_ID_POSITIVE)
  .max(MAX_CONTENT_ID, errorMessage('errors.fieldTooLarge', { field: 'content_id' }))

export const contentParamSchema = z.object({
  content_type: contentTypeSchema,
  content_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, CONTENT_ID_POSITIVE)
    .transform(Number)
    .pipe(contentIdSchema),
})

/**
 * The shape of a title's poster path: TMDB's (`/abc123.jpg`) or the embedded catalogue's drawn
 * posters (`/poster/movie/155.svg`, `/poster/season/1399/2.svg`). Pages put it after an image
 * host, so nothing else may pass: no dot segments, no query, no other folder of the site.
 */
export const POSTER_PATH_PATTERN = /^\/(?:[A-Za-z0-9_-]{1,100}\.(?:jpg|jpeg|png|webp|svg)|poster\/(?:movie|tv)\/[1-9]\d{0,9}\.svg|poster\/season\/[1-9]\d{0,9}\/\d{1,4}\.svg)$/

const titledContent = {
  content_id: contentIdSchema,
  content_type: contentTypeSchema,
  title: plainText('title').trim().min(1, errorMessage('errors.fieldRequired', { field: 'title' })).max(300, tooLongMessage('title', 300)),
  poster_path: z
    .string()
    .regex(POSTER_PATH_PATTERN, errorMessage('errors.posterPathShape'))
    .nullable()
    .default(null),
}

export const watchlistAddSchema = z.object(titledContent)

const HALF_STARS = errorMessage('errors.ratingHalfStars')
/** A rating in half stars: 1 (half a star) to 10 (five stars). */
export const ratingSchema = z.number(HALF_STARS).int(HALF_STARS).min(MIN_RATING, HALF_STARS).max(MAX_RATING, HALF_STARS)

const seconds = z
  .number()
  .min(0, errorMessage('errors.durationsNegative'))
  .max(MAX_SECONDS, errorMessage('errors.durationsTooLarge'))
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
  /** The pause, end or leave report: its copy is written at once rather than with the next batch. */
  reason: z.enum(reportReasons, { error: errorMessage('errors.mustBeOneOf', { values: reportReasons.join(', ') }) }).nullable().optional(),
})

function boundedCount(name: string, max: number) {
  const between = errorMessage('errors.fieldBetween', { field: name, min: 1, max })
  return z
    .string()
    .regex(/^[0-9]{1,6}$/, errorMessage('errors.fieldWholeNumber', { field: name }))
    .transform(Number)
    .pipe(z.number().int().min(1, between).max(max, between))
}

export const historyQuerySchema = z.object({ limit: boundedCount('limit', 100).default(20) })

export const adminUsersQuerySchema = z.object({
  q: plainText('q').trim().max(100, tooLongMessage('q', 100)).default(''),
  /** Where the page starts: the `next` of the page before (an id, or the text a search matched last). */
  after: plainText('after').max(320, tooLongMessage('after', 320)).optional(),
  /** The page's number, as the dashboard counts it; it does not choose the rows. */
  page: boundedCount('page', 100_000).default(1),
})

export const idParamSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,15}$/, errorMessage('errors.fieldPositiveInteger', { field: 'id' })).transform(Number),
})

export const maintenanceSchema = z.object({ enabled: z.boolean(errorMessage('errors.fieldTrueOrFalse', { field: 'enabled' })) })

const listName = plainText('name').trim().min(1, errorMessage('errors.listNameRequired')).max(100, tooLongMessage('name', 100))

/** A new list: its name, and optionally a description and whether anyone may see it. */
export const listCreateSchema = z.object({
  name: listName,
  description: optionalText('description', 1000, { multiline: true }).transform((value) => value ?? null),
  is_public: z.boolean(errorMessage('errors.fieldTrueOrFalse', { field: 'is_public' })).default(false),
})

/** A change to a list: any of its fields, at least one. */
export const listUpdateSchema = z
  .object({
    name: listName.optional(),
    description: optionalText('description', 1000, { multiline: true }),
    is_public: z.boolean(errorMessage('errors.fieldTrueOrFalse', { field: 'is_public' })).optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), errorMessage('errors.nothingToChange'))

/** A report of a public list: a reason from the short list, and the reporter's own words if any. */
export const listReportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, errorMessage('errors.reportReasonInvalid')),
    note: optionalText('note', REPORT_NOTE_MAX, { multiline: true }).transform((value) => value ?? null),
  })
  .strict()

/** An administrator hides a list the way a report names it: a reason its owner is shown, and optionally words of its own. */
export const listHideSchema = listReportSchema

export const moderationQuerySchema = z
  .object({
    status: z.enum(['reported', 'hidden'], errorMessage('errors.invalidRequest')).default('reported'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .strict()

const auditDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, errorMessage('errors.auditDateInvalid')).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), errorMessage('errors.auditDateInvalid'))

/** The audit log's filters (each optional), and where a page starts (`before`, the `next` of the page before). */
export const auditQuerySchema = z
  .object({
    action: z.string().trim().max(64).regex(/^[a-z_.]*$/, errorMessage('errors.invalidRequest')).optional(),
    admin_id: z.coerce.number().int().positive().optional(),
    from: auditDay.optional(),
    to: auditDay.optional(),
    before: z.coerce.number().int().positive().optional(),
  })
  .strict()

export const listSlugParamSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]{10}$/, errorMessage('errors.listNotFound')),
})

export const listItemParamSchema = listSlugParamSchema.extend(contentParamSchema.shape)

/** The list's titles in their new order. */
export const listOrderSchema = z.object({
  items: z
    .array(z.object({ content_type: contentTypeSchema, content_id: contentIdSchema }))
    .max(1000, errorMessage('errors.listFull', { max: 1000 })),
})

/** The account's lists in their new order. */
export const listsOrderSchema = z.object({
  slugs: z.array(listSlugParamSchema.shape.slug).max(100, errorMessage('errors.tooManyLists', { max: 100 })),
})

/** `?type=movie&id=603`: which lists hold this title. */
export const listsQuerySchema = z
  .object({
    type: contentTypeSchema.optional(),
    id: z.string().regex(/^[1-9][0-9]{0,9}$/, errorMessage('errors.fieldPositiveInteger', { field: 'id' })).transform(Number).pipe(contentIdSchema).optional(),
  })
  .refine((q) => (q.type === undefined) === (q.id === undefined), errorMessage('errors.typeAndIdTogether'))
