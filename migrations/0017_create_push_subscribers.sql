CREATE TABLE `push_subscribers` (
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`owner_type`, `owner_id`)
);
