CREATE TABLE `account` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`profile` text,
	`banned` integer DEFAULT false NOT NULL,
	`change_seq` integer DEFAULT 0 NOT NULL,
	`copied_at` text,
	`checked_at` text,
	`password_mark` text
);
--> statement-breakpoint
CREATE TABLE `copy_removals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`table_name` text NOT NULL,
	`content_type` text,
	`content_id` integer
);
--> statement-breakpoint
CREATE TABLE `watch_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`content_id` integer NOT NULL,
	`content_type` text NOT NULL,
	`title` text NOT NULL,
	`poster_path` text,
	`watch_duration` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`total_duration` integer DEFAULT 0 NOT NULL,
	`season_number` integer,
	`episode_number` integer,
	`completed` integer DEFAULT false NOT NULL,
	`watched_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`copy` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watch_history_content_unique` ON `watch_history` (`content_type`,`content_id`);--> statement-breakpoint
CREATE INDEX `watch_history_watched_idx` ON `watch_history` (`watched_at`);--> statement-breakpoint
CREATE INDEX `watch_history_copy_idx` ON `watch_history` (`copy`);--> statement-breakpoint
CREATE TABLE `service_choice` (
	`id` integer PRIMARY KEY NOT NULL,
	`services` text NOT NULL,
	`region` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`user_agent` text,
	`second_factor` text
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `watchlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`content_id` integer NOT NULL,
	`content_type` text NOT NULL,
	`title` text NOT NULL,
	`poster_path` text,
	`added_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`copy` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watchlist_content_unique` ON `watchlist` (`content_type`,`content_id`);--> statement-breakpoint
CREATE INDEX `watchlist_added_idx` ON `watchlist` (`added_at`);--> statement-breakpoint
CREATE INDEX `watchlist_copy_idx` ON `watchlist` (`copy`);