-- Full-text search over catalogue titles (FTS5): prefix indexes so a query can match as the user
-- types, unicode61 with remove_diacritics 2 so "amelie" finds "Amélie" and case never matters.
-- Triggers keep it in step with catalog_movies and catalog_tv_series.
CREATE VIRTUAL TABLE `catalog_search` USING fts5(
	`name`,
	`original_name`,
	`media_type` UNINDEXED,
	`title_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '1 2 3'
);
--> statement-breakpoint
CREATE TRIGGER `catalog_movies_search_insert` AFTER INSERT ON `catalog_movies` BEGIN
	INSERT INTO `catalog_search` (`name`, `original_name`, `media_type`, `title_id`)
	VALUES (new.`title`, CASE WHEN new.`original_title` = new.`title` THEN '' ELSE new.`original_title` END, 'movie', new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_movies_search_delete` AFTER DELETE ON `catalog_movies` BEGIN
	DELETE FROM `catalog_search` WHERE `media_type` = 'movie' AND `title_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_movies_search_update` AFTER UPDATE OF `title`, `original_title` ON `catalog_movies` BEGIN
	DELETE FROM `catalog_search` WHERE `media_type` = 'movie' AND `title_id` = old.`id`;
	INSERT INTO `catalog_search` (`name`, `original_name`, `media_type`, `title_id`)
	VALUES (new.`title`, CASE WHEN new.`original_title` = new.`title` THEN '' ELSE new.`original_title` END, 'movie', new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_tv_search_insert` AFTER INSERT ON `catalog_tv_series` BEGIN
	INSERT INTO `catalog_search` (`name`, `original_name`, `media_type`, `title_id`)
	VALUES (new.`name`, CASE WHEN new.`original_name` = new.`name` THEN '' ELSE new.`original_name` END, 'tv', new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_tv_search_delete` AFTER DELETE ON `catalog_tv_series` BEGIN
	DELETE FROM `catalog_search` WHERE `media_type` = 'tv' AND `title_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_tv_search_update` AFTER UPDATE OF `name`, `original_name` ON `catalog_tv_series` BEGIN
	DELETE FROM `catalog_search` WHERE `media_type` = 'tv' AND `title_id` = old.`id`;
	INSERT INTO `catalog_search` (`name`, `original_name`, `media_type`, `title_id`)
	VALUES (new.`name`, CASE WHEN new.`original_name` = new.`name` THEN '' ELSE new.`original_name` END, 'tv', new.`id`);
END;
