CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`locale` text NOT NULL,
	`status` text NOT NULL,
	`confirm_hash` text NOT NULL,
	`confirm_expires_at` integer NOT NULL,
	`unsubscribe_salt` text NOT NULL,
	`sent_week` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_unique` ON `newsletter_subscribers` (`confirm_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_status_week_idx` ON `newsletter_subscribers` (`status`,`sent_week`);--> statement-breakpoint
CREATE TABLE `push_endpoints` (
	`endpoint_hash` text PRIMARY KEY NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `push_endpoints_owner_idx` ON `push_endpoints` (`owner_type`,`owner_id`);