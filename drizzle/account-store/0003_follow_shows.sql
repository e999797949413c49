CREATE TABLE `follows` (
	`content_id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`poster_path` text,
	`following` integer NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
