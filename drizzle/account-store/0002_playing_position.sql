CREATE TABLE `playing` (
	`id` integer PRIMARY KEY NOT NULL,
	`content_id` integer NOT NULL,
	`content_type` text NOT NULL,
	`watch_duration` integer NOT NULL,
	`position` integer NOT NULL,
	`total_duration` integer NOT NULL,
	`reported_at` text NOT NULL
);
