CREATE TABLE `catalog_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`media_type` text NOT NULL,
	`title_id` integer NOT NULL,
	`person_id` integer NOT NULL,
	`credit_type` text NOT NULL,
	`character` text,
	`job` text,
	`department` text,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `catalog_credits_title_idx` ON `catalog_credits` (`media_type`,`title_id`,`credit_type`,`position`);--> statement-breakpoint
CREATE TABLE `catalog_episodes` (
	`id` integer PRIMARY KEY NOT NULL,
	`tv_id` integer NOT NULL,
	`season_number` integer NOT NULL,
	`episode_number` integer NOT NULL,
	`name` text NOT NULL,
	`overview` text DEFAULT '' NOT NULL,
	`air_date` text,
	`still_path` text,
	`runtime` integer
);
--> statement-breakpoint
CREATE INDEX `catalog_episodes_season_idx` ON `catalog_episodes` (`tv_id`,`season_number`,`episode_number`);--> statement-breakpoint
CREATE TABLE `catalog_genres` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`movie` integer DEFAULT false NOT NULL,
	`tv` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalog_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalog_movie_genres` (
	`movie_id` integer NOT NULL,
	`genre_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`movie_id`, `genre_id`)
);
--> statement-breakpoint
CREATE INDEX `catalog_movie_genres_genre_idx` ON `catalog_movie_genres` (`genre_id`);--> statement-breakpoint
CREATE TABLE `catalog_movies` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`original_title` text NOT NULL,
	`overview` text DEFAULT '' NOT NULL,
	`facts` text,
	`release_date` text,
	`runtime` integer,
	`vote_average` real DEFAULT 0 NOT NULL,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`popularity` real DEFAULT 0 NOT NULL,
	`original_language` text DEFAULT 'en' NOT NULL,
	`certification` text,
	`adult` integer DEFAULT false NOT NULL,
	`poster_path` text,
	`backdrop_path` text
);
--> statement-breakpoint
CREATE INDEX `catalog_movies_popularity_idx` ON `catalog_movies` (`popularity`);--> statement-breakpoint
CREATE INDEX `catalog_movies_release_idx` ON `catalog_movies` (`release_date`);--> statement-breakpoint
CREATE INDEX `catalog_movies_vote_idx` ON `catalog_movies` (`vote_average`,`vote_count`);--> statement-breakpoint
CREATE INDEX `catalog_movies_title_idx` ON `catalog_movies` (`title`);--> statement-breakpoint
CREATE TABLE `catalog_networks` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`provider_id` integer
);
--> statement-breakpoint
CREATE TABLE `catalog_people` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`profile_path` text
);
--> statement-breakpoint
CREATE TABLE `catalog_seasons` (
	`id` integer PRIMARY KEY NOT NULL,
	`tv_id` integer NOT NULL,
	`season_number` integer NOT NULL,
	`name` text NOT NULL,
	`overview` text DEFAULT '' NOT NULL,
	`air_date` text,
	`episode_count` integer DEFAULT 0 NOT NULL,
	`poster_path` text
);
--> statement-breakpoint
CREATE INDEX `catalog_seasons_tv_idx` ON `catalog_seasons` (`tv_id`,`season_number`);--> statement-breakpoint
CREATE TABLE `catalog_tv_genres` (
	`tv_id` integer NOT NULL,
	`genre_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tv_id`, `genre_id`)
);
--> statement-breakpoint
CREATE INDEX `catalog_tv_genres_genre_idx` ON `catalog_tv_genres` (`genre_id`);--> statement-breakpoint
CREATE TABLE `catalog_tv_networks` (
	`tv_id` integer NOT NULL,
	`network_id` integer NOT NULL,
	PRIMARY KEY(`tv_id`, `network_id`)
);
--> statement-breakpoint
CREATE TABLE `catalog_tv_providers` (
	`tv_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	PRIMARY KEY(`tv_id`, `provider_id`)
);
--> statement-breakpoint
CREATE INDEX `catalog_tv_providers_provider_idx` ON `catalog_tv_providers` (`provider_id`);--> statement-breakpoint
CREATE TABLE `catalog_tv_series` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`original_name` text NOT NULL,
	`overview` text DEFAULT '' NOT NULL,
	`facts` text,
	`first_air_date` text,
	`last_air_date` text,
	`status` text DEFAULT 'Ended' NOT NULL,
	`episode_run_time` integer,
	`number_of_seasons` integer DEFAULT 0 NOT NULL,
	`number_of_episodes` integer DEFAULT 0 NOT NULL,
	`vote_average` real DEFAULT 0 NOT NULL,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`popularity` real DEFAULT 0 NOT NULL,
	`original_language` text DEFAULT 'en' NOT NULL,
	`origin_country` text,
	`certification` text,
	`adult` integer DEFAULT false NOT NULL,
	`poster_path` text,
	`backdrop_path` text
);
--> statement-breakpoint
CREATE INDEX `catalog_tv_popularity_idx` ON `catalog_tv_series` (`popularity`);--> statement-breakpoint
CREATE INDEX `catalog_tv_language_idx` ON `catalog_tv_series` (`original_language`);--> statement-breakpoint
CREATE INDEX `catalog_tv_name_idx` ON `catalog_tv_series` (`name`);