ALTER TABLE `admin_users` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `users` ADD `locale` text;