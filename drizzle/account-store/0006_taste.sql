CREATE TABLE `plays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`content_type` text NOT NULL,
	`content_id` integer NOT NULL,
	`season_number` integer,
	`episode_number` integer,
	`title` text NOT NULL,
	`poster_path` text,
	`watched_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `plays_content_idx` ON `plays` (`content_type`,`content_id`,`season_number`,`episode_number`);--> statement-breakpoint
CREATE INDEX `plays_watched_idx` ON `plays` (`watched_at`);--> statement-breakpoint
CREATE TABLE `preferences` (
	`id` integer PRIMARY KEY NOT NULL,
	`hide_watched` integer DEFAULT false NOT NULL,
	`spoiler_safe` integer DEFAULT false NOT NULL,
	`taste_seq` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ratings` (
	`content_type` text NOT NULL,
	`content_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`title` text NOT NULL,
	`poster_path` text,
	`rated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`content_type`, `content_id`)
);
--> statement-breakpoint
CREATE INDEX `ratings_rated_idx` ON `ratings` (`rated_at`);--> statement-breakpoint
-- What the history already says was watched becomes a play at its date: a finished title, and the episode a show's row ends with when it was played past 90%.
INSERT INTO `plays` (`content_type`, `content_id`, `season_number`, `episode_number`, `title`, `poster_path`, `watched_at`)
SELECT `content_type`, `content_id`, CASE WHEN `content_type` = 'tv' THEN `season_number` END, CASE WHEN `content_type` = 'tv' THEN `episode_number` END, `title`, `poster_path`, `watched_at`
FROM `watch_history`
WHERE `completed` = 1 OR (`content_type` = 'tv' AND `season_number` IS NOT NULL AND `episode_number` IS NOT NULL AND `total_duration` > 0 AND `position` >= `total_duration` * 0.9);
