-- Typo-tolerant search: FTS5 trigram indexes of title and people names. When the word search of
-- catalog_search finds nothing ("shawshenk"), titles sharing enough three-letter runs with the
-- query are ranked by how many they share (worker/catalog/embedded.ts); people are found the
-- same way. A title's rowid is its id doubled (plus one for a series) and a person's is their
-- id, so the triggers delete by rowid instead of scanning the index.
CREATE VIRTUAL TABLE `catalog_title_trigrams` USING fts5(
	`name`,
	`original_name`,
	tokenize = 'trigram'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `catalog_people_trigrams` USING fts5(
	`name`,
	tokenize = 'trigram'
);
--> statement-breakpoint
INSERT INTO `catalog_title_trigrams` (`rowid`, `name`, `original_name`)
	SELECT `id` * 2, `title`, CASE WHEN `original_title` = `title` THEN '' ELSE `original_title` END FROM `catalog_movies`;
--> statement-breakpoint
INSERT INTO `catalog_title_trigrams` (`rowid`, `name`, `original_name`)
	SELECT `id` * 2 + 1, `name`, CASE WHEN `original_name` = `name` THEN '' ELSE `original_name` END FROM `catalog_tv_series`;
--> statement-breakpoint
INSERT INTO `catalog_people_trigrams` (`rowid`, `name`) SELECT `id`, `name` FROM `catalog_people`;
--> statement-breakpoint
CREATE TRIGGER `catalog_movies_trigrams_insert` AFTER INSERT ON `catalog_movies` BEGIN
	INSERT INTO `catalog_title_trigrams` (`rowid`, `name`, `original_name`)
	VALUES (new.`id` * 2, new.`title`, CASE WHEN new.`original_title` = new.`title` THEN '' ELSE new.`original_title` END);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_movies_trigrams_delete` AFTER DELETE ON `catalog_movies` BEGIN
	DELETE FROM `catalog_title_trigrams` WHERE `rowid` = old.`id` * 2;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_movies_trigrams_update` AFTER UPDATE OF `title`, `original_title` ON `catalog_movies` BEGIN
	DELETE FROM `catalog_title_trigrams` WHERE `rowid` = old.`id` * 2;
	INSERT INTO `catalog_title_trigrams` (`rowid`, `name`, `original_name`)
	VALUES (new.`id` * 2, new.`title`, CASE WHEN new.`original_title` = new.`title` THEN '' ELSE new.`original_title` END);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_tv_trigrams_insert` AFTER INSERT ON `catalog_tv_series` BEGIN
	INSERT INTO `catalog_title_trigrams` (`rowid`, `name`, `original_name`)
	VALUES (new.`id` * 2 + 1, new.`name`, CASE WHEN new.`original_name` = new.`name` THEN '' ELSE new.`original_name` END);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_tv_trigrams_delete` AFTER DELETE ON `catalog_tv_series` BEGIN
	DELETE FROM `catalog_title_trigrams` WHERE `rowid` = old.`id` * 2 + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_tv_trigrams_update` AFTER UPDATE OF `name`, `original_name` ON `catalog_tv_series` BEGIN
	DELETE FROM `catalog_title_trigrams` WHERE `rowid` = old.`id` * 2 + 1;
	INSERT INTO `catalog_title_trigrams` (`rowid`, `name`, `original_name`)
	VALUES (new.`id` * 2 + 1, new.`name`, CASE WHEN new.`original_name` = new.`name` THEN '' ELSE new.`original_name` END);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_people_trigrams_insert` AFTER INSERT ON `catalog_people` BEGIN
	INSERT INTO `catalog_people_trigrams` (`rowid`, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_people_trigrams_delete` AFTER DELETE ON `catalog_people` BEGIN
	DELETE FROM `catalog_people_trigrams` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_people_trigrams_update` AFTER UPDATE OF `name` ON `catalog_people` BEGIN
	DELETE FROM `catalog_people_trigrams` WHERE `rowid` = old.`id`;
	INSERT INTO `catalog_people_trigrams` (`rowid`, `name`) VALUES (new.`id`, new.`name`);
END;
