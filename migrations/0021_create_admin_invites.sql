CREATE TABLE `admin_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`invited_by` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`admin_id` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_invites_token_unique` ON `admin_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_invites_expires_idx` ON `admin_invites` (`expires_at`);