-- The embedded catalogue moved to its own database (binding CATALOG, migrations/catalog/). Apply
-- this only once that database is created and loaded (README.md, "Upgrading an install from one
-- database to two"): it drops the catalogue's tables from the accounts database.
DROP TABLE IF EXISTS `catalog_search`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_credits`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_episodes`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_genres`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_meta`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_movie_genres`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_movies`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_networks`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_people`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_seasons`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_tv_genres`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_tv_networks`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_tv_providers`;--> statement-breakpoint
DROP TABLE IF EXISTS `catalog_tv_series`;