-- The admin dashboard's figures (0012's tables) kept up to date by triggers, so the dashboard reads
-- a few dozen rows instead of counting every account and history row: totals, sign-ups per day,
-- users by the day of their last sign-in, and per title how many histories and watchlists hold it.
-- Written by hand: drizzle-kit does not write triggers. The last statements count what is there.
CREATE TRIGGER `users_figures_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO `account_totals` (`name`, `count`) VALUES ('users', 1) ON CONFLICT (`name`) DO UPDATE SET `count` = `count` + 1;
	INSERT INTO `signup_days` (`day`, `count`) VALUES (substr(new.`created_at`, 1, 10), 1) ON CONFLICT (`day`) DO UPDATE SET `count` = `count` + 1;
	INSERT INTO `login_days` (`day`, `count`) SELECT substr(new.`last_login`, 1, 10), 1 WHERE new.`last_login` IS NOT NULL
		ON CONFLICT (`day`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_figures_delete` AFTER DELETE ON `users` BEGIN
	UPDATE `account_totals` SET `count` = `count` - 1 WHERE `name` = 'users';
	UPDATE `signup_days` SET `count` = `count` - 1 WHERE `day` = substr(old.`created_at`, 1, 10);
	UPDATE `login_days` SET `count` = `count` - 1 WHERE `day` = substr(old.`last_login`, 1, 10);
	DELETE FROM `user_figures` WHERE `user_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_figures_created` AFTER UPDATE OF `created_at` ON `users` WHEN old.`created_at` IS NOT new.`created_at` BEGIN
	UPDATE `signup_days` SET `count` = `count` - 1 WHERE `day` = substr(old.`created_at`, 1, 10);
	INSERT INTO `signup_days` (`day`, `count`) VALUES (substr(new.`created_at`, 1, 10), 1) ON CONFLICT (`day`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_figures_login` AFTER UPDATE OF `last_login` ON `users` WHEN substr(old.`last_login`, 1, 10) IS NOT substr(new.`last_login`, 1, 10) BEGIN
	UPDATE `login_days` SET `count` = `count` - 1 WHERE `day` = substr(old.`last_login`, 1, 10);
	INSERT INTO `login_days` (`day`, `count`) SELECT substr(new.`last_login`, 1, 10), 1 WHERE new.`last_login` IS NOT NULL
		ON CONFLICT (`day`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_users_figures_insert` AFTER INSERT ON `admin_users` BEGIN
	INSERT INTO `account_totals` (`name`, `count`) VALUES ('admins', 1) ON CONFLICT (`name`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_users_figures_delete` AFTER DELETE ON `admin_users` BEGIN
	UPDATE `account_totals` SET `count` = `count` - 1 WHERE `name` = 'admins';
END;
--> statement-breakpoint
CREATE TRIGGER `watchlist_figures_insert` AFTER INSERT ON `watchlist` BEGIN
	INSERT INTO `account_totals` (`name`, `count`) VALUES ('watchlist', 1) ON CONFLICT (`name`) DO UPDATE SET `count` = `count` + 1;
	INSERT INTO `title_figures` (`content_type`, `content_id`, `title`, `poster_path`, `saved`, `last_saved_at`)
		VALUES (new.`content_type`, new.`content_id`, new.`title`, new.`poster_path`, 1, new.`added_at`)
		ON CONFLICT (`content_type`, `content_id`) DO UPDATE SET `saved` = `saved` + 1, `title` = excluded.`title`,
		`poster_path` = excluded.`poster_path`, `last_saved_at` = max(coalesce(`last_saved_at`, ''), excluded.`last_saved_at`);
	INSERT INTO `user_figures` (`user_id`, `watchlist`) SELECT new.`owner_id`, 1 WHERE new.`owner_type` = 'user'
		ON CONFLICT (`user_id`) DO UPDATE SET `watchlist` = `watchlist` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `watchlist_figures_delete` AFTER DELETE ON `watchlist` BEGIN
	UPDATE `account_totals` SET `count` = `count` - 1 WHERE `name` = 'watchlist';
	UPDATE `title_figures` SET `saved` = `saved` - 1 WHERE `content_type` = old.`content_type` AND `content_id` = old.`content_id`;
	DELETE FROM `title_figures` WHERE `content_type` = old.`content_type` AND `content_id` = old.`content_id` AND `saved` <= 0 AND `watched` <= 0;
	UPDATE `user_figures` SET `watchlist` = `watchlist` - 1 WHERE old.`owner_type` = 'user' AND `user_id` = old.`owner_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `watchlist_figures_update` AFTER UPDATE OF `title`, `poster_path`, `added_at` ON `watchlist` BEGIN
	UPDATE `title_figures` SET `title` = new.`title`, `poster_path` = new.`poster_path`, `last_saved_at` = max(coalesce(`last_saved_at`, ''), new.`added_at`)
		WHERE `content_type` = new.`content_type` AND `content_id` = new.`content_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `watch_history_figures_insert` AFTER INSERT ON `watch_history` BEGIN
	INSERT INTO `account_totals` (`name`, `count`) VALUES ('watch_history', 1) ON CONFLICT (`name`) DO UPDATE SET `count` = `count` + 1;
	INSERT INTO `title_figures` (`content_type`, `content_id`, `title`, `poster_path`, `watched`, `last_watched_at`)
		VALUES (new.`content_type`, new.`content_id`, new.`title`, new.`poster_path`, 1, new.`watched_at`)
		ON CONFLICT (`content_type`, `content_id`) DO UPDATE SET `watched` = `watched` + 1, `title` = excluded.`title`,
		`poster_path` = excluded.`poster_path`, `last_watched_at` = max(coalesce(`last_watched_at`, ''), excluded.`last_watched_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `watch_history_figures_delete` AFTER DELETE ON `watch_history` BEGIN
	UPDATE `account_totals` SET `count` = `count` - 1 WHERE `name` = 'watch_history';
	UPDATE `title_figures` SET `watched` = `watched` - 1 WHERE `content_type` = old.`content_type` AND `content_id` = old.`content_id`;
	DELETE FROM `title_figures` WHERE `content_type` = old.`content_type` AND `content_id` = old.`content_id` AND `saved` <= 0 AND `watched` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `watch_history_figures_update` AFTER UPDATE OF `title`, `poster_path`, `watched_at` ON `watch_history` BEGIN
	UPDATE `title_figures` SET `title` = new.`title`, `poster_path` = new.`poster_path`, `last_watched_at` = max(coalesce(`last_watched_at`, ''), new.`watched_at`)
		WHERE `content_type` = new.`content_type` AND `content_id` = new.`content_id`;
END;
--> statement-breakpoint
INSERT INTO `account_totals` (`name`, `count`)
	SELECT 'users', count(*) FROM `users` UNION ALL SELECT 'admins', count(*) FROM `admin_users`
	UNION ALL SELECT 'watchlist', count(*) FROM `watchlist` UNION ALL SELECT 'watch_history', count(*) FROM `watch_history`;
--> statement-breakpoint
INSERT INTO `signup_days` (`day`, `count`) SELECT substr(`created_at`, 1, 10), count(*) FROM `users` GROUP BY 1;
--> statement-breakpoint
INSERT INTO `login_days` (`day`, `count`) SELECT substr(`last_login`, 1, 10), count(*) FROM `users` WHERE `last_login` IS NOT NULL GROUP BY 1;
--> statement-breakpoint
INSERT INTO `user_figures` (`user_id`, `watchlist`) SELECT `owner_id`, count(*) FROM `watchlist` WHERE `owner_type` = 'user' GROUP BY 1;
--> statement-breakpoint
INSERT INTO `title_figures` (`content_type`, `content_id`, `title`, `poster_path`, `watched`, `saved`, `last_watched_at`, `last_saved_at`)
	SELECT `content_type`, `content_id`, max(`title`), max(`poster_path`), sum(`watched`), sum(`saved`), max(`last_watched_at`), max(`last_saved_at`) FROM (
		SELECT `content_type`, `content_id`, `title`, `poster_path`, 1 AS `watched`, 0 AS `saved`, `watched_at` AS `last_watched_at`, NULL AS `last_saved_at` FROM `watch_history`
		UNION ALL
		SELECT `content_type`, `content_id`, `title`, `poster_path`, 0, 1, NULL, `added_at` FROM `watchlist`
	) GROUP BY `content_type`, `content_id`;
