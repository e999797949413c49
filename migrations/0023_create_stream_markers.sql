CREATE TABLE `marker_reports` (
	`marker_id` integer NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`marker_id`, `owner_type`, `owner_id`)
);
--> statement-breakpoint
CREATE TABLE `stream_markers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`content_type` text NOT NULL,
	`content_id` integer NOT NULL,
	`season_number` integer DEFAULT 0 NOT NULL,
	`episode_number` integer DEFAULT 0 NOT NULL,
	`kind` text NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`source` text DEFAULT 'operator' NOT NULL,
	`confidence` real,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stream_markers_title_idx` ON `stream_markers` (`content_type`,`content_id`,`season_number`,`episode_number`);