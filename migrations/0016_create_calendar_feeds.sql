CREATE TABLE `calendar_feeds` (
	`secret_hash` text PRIMARY KEY NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`time_zone` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_owner_unique` ON `calendar_feeds` (`owner_type`,`owner_id`);