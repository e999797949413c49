CREATE TABLE `service_choices` (
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`services` text NOT NULL,
	`region` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`owner_type`, `owner_id`)
);
