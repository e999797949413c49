CREATE TABLE `user_list_items` (
	`list_id` integer NOT NULL,
	`content_id` integer NOT NULL,
	`content_type` text NOT NULL,
	`title` text NOT NULL,
	`poster_path` text,
	`position` integer DEFAULT 0 NOT NULL,
	`added_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`list_id`, `content_type`, `content_id`),
	FOREIGN KEY (`list_id`) REFERENCES `user_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_list_items_order_idx` ON `user_list_items` (`list_id`,`position`);--> statement-breakpoint
CREATE TABLE `user_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`is_public` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_lists_slug_unique` ON `user_lists` (`slug`);--> statement-breakpoint
CREATE INDEX `user_lists_owner_idx` ON `user_lists` (`owner_type`,`owner_id`,`position`);--> statement-breakpoint
CREATE INDEX `user_lists_public_idx` ON `user_lists` (`is_public`,`updated_at`);