CREATE TABLE `account_totals` (
	`name` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `login_days` (
	`day` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `signup_days` (
	`day` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `title_figures` (
	`content_type` text NOT NULL,
	`content_id` integer NOT NULL,
	`title` text NOT NULL,
	`poster_path` text,
	`watched` integer DEFAULT 0 NOT NULL,
	`saved` integer DEFAULT 0 NOT NULL,
	`last_watched_at` text,
	`last_saved_at` text,
	PRIMARY KEY(`content_type`, `content_id`)
);
--> statement-breakpoint
CREATE INDEX `title_figures_watched_idx` ON `title_figures` (`watched`,`last_watched_at`);--> statement-breakpoint
CREATE INDEX `title_figures_saved_idx` ON `title_figures` (`saved`,`last_saved_at`);--> statement-breakpoint
CREATE TABLE `user_figures` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`watchlist` integer DEFAULT 0 NOT NULL
);
