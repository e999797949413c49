CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_owner_idx` ON `recovery_codes` (`owner_type`,`owner_id`);--> statement-breakpoint
ALTER TABLE `admin_users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `totp_pending_secret` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `totp_last_step` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `second_factor` text;