CREATE TABLE `page_layouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page` text NOT NULL,
	`layout` text NOT NULL,
	`saved_by` integer,
	`saved_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`published_by` integer,
	`published_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `page_layouts_one_draft` ON `page_layouts` (`page`) WHERE published_at IS NULL;--> statement-breakpoint
CREATE INDEX `page_layouts_published_idx` ON `page_layouts` (`page`,`published_at`);