CREATE TABLE `profiles` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`avatar` text NOT NULL,
	`locale` text,
	`ceiling` text DEFAULT 'all' NOT NULL,
	`pin_hmac` text,
	`pin_failures` integer DEFAULT 0 NOT NULL,
	`pin_waits` integer DEFAULT 0 NOT NULL,
	`pin_wait_until` integer DEFAULT 0 NOT NULL,
	`pin_mailed` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `account` ADD `profile_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `account` ADD `profile_guard` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `profile_id` integer DEFAULT 1 NOT NULL;