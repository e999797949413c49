ALTER TABLE `catalog_movies` ADD `facts` text;--> statement-breakpoint
ALTER TABLE `catalog_tv_series` ADD `facts` text;