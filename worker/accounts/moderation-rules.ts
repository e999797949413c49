/**
 * The rules of list moderation that the web app shares with the worker (worker/accounts/moderation.ts):
 * the reasons a list may be reported or hidden for, and how long a report's note may be.
 */
export const REPORT_REASONS = ['spam', 'hate', 'harassment', 'sexual', 'violence', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
/** Why a list is hidden: an administrator's reason, or 'reports' when its reports reached the threshold. */
export type HiddenReason = ReportReason | 'reports'
export const REPORT_NOTE_MAX = 500
