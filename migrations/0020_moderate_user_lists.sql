CREATE TABLE `list_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list_id` integer NOT NULL,
	`reporter_type` text NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `user_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `list_reports_reporter_unique` ON `list_reports` (`list_id`,`reporter_type`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `list_reports_recent_idx` ON `list_reports` (`created_at`);--> statement-breakpoint
ALTER TABLE `user_lists` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `user_lists` ADD `hidden_note` text;--> statement-breakpoint
ALTER TABLE `user_lists` ADD `hidden_at` text;--> statement-breakpoint
ALTER TABLE `user_lists` ADD `reviewed_at` text;