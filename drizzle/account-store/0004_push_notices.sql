CREATE TABLE `notice_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`quiet_start` integer,
	`quiet_end` integer,
	`notified_through` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
