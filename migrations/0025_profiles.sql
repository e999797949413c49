DROP INDEX `watch_history_owner_content_unique`;--> statement-breakpoint
ALTER TABLE `watch_history` ADD `profile` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `watch_history_owner_content_unique` ON `watch_history` (`owner_type`,`owner_id`,`profile`,`content_id`,`content_type`);--> statement-breakpoint
DROP INDEX `watchlist_owner_content_unique`;--> statement-breakpoint
ALTER TABLE `watchlist` ADD `profile` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `watchlist_owner_content_unique` ON `watchlist` (`owner_type`,`owner_id`,`profile`,`content_id`,`content_type`);--> statement-breakpoint
ALTER TABLE `user_figures` ADD `profiles` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `user_lists` ADD `profile` integer DEFAULT 1 NOT NULL;