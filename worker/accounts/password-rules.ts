/**
 * How long a new password must be, read by the worker's checks (accounts/schemas.ts, the routes)
 * and by the web app's forms, which say it before the server has to. Nothing else lives here, so
 * the forms take no validation library along.
 */
export const MIN_PASSWORD_LENGTH = 6

/** As `npm run admin:create` asks: an administrator's password is longer than a user's. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12
