-- Existing addresses and orders get their codes at start-up, by the API's own matcher: see
-- server/modules/addresses/stored-countries.ts (codeStoredCountries, run by prepareDatabase after migrating).
ALTER TABLE "addresses" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_country_code" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_code" CHECK ("addresses"."country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_country_code" CHECK ("orders"."ship_country_code" ~ '^[A-Z]{2}$');