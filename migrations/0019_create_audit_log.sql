CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`admin_id` integer NOT NULL,
	`admin_name` text NOT NULL,
	`action` text NOT NULL,
	`target` text,
	`detail` text,
	`ip` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_admin_idx` ON `audit_log` (`admin_id`,`at`);--> statement-breakpoint
-- Written by hand (drizzle-kit does not write triggers): the log is only ever added to. No row is
-- ever changed, and none younger than a year is deleted; the daily prune (worker/accounts/audit-log.ts)
-- deletes the older ones, the only DELETE the worker has for this table.
CREATE TRIGGER `audit_log_never_changed` BEFORE UPDATE ON `audit_log` BEGIN
	SELECT RAISE(ABORT, 'audit log rows are never changed');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_kept_a_year` BEFORE DELETE ON `audit_log` WHEN old.`at` > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 year') BEGIN
	SELECT RAISE(ABORT, 'audit log rows are kept for a year');
END;
