CREATE INDEX `rate_limits_reset_at_idx` ON `rate_limits` (`reset_at`);--> statement-breakpoint
-- Counters kept before keys were pseudonymised name e-mails and addresses in clear: they go.
DELETE FROM `rate_limits`;
