ALTER TABLE "promotions" ADD COLUMN "deposit_rule" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "offer_group" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_deposit_rule" CHECK ("promotions"."deposit_rule" in ('any', 'first', 'weekly', 'none'));--> statement-breakpoint
UPDATE "promotions" SET "deposit_rule" = 'first', "offer_group" = 'welcome' WHERE lower("promo_code") IN ('welcome100', 'welcome3000');--> statement-breakpoint
UPDATE "promotions" SET "deposit_rule" = 'first' WHERE lower("promo_code") = 'sports20';--> statement-breakpoint
UPDATE "promotions" SET "deposit_rule" = 'weekly' WHERE lower("promo_code") = 'reload50';--> statement-breakpoint
UPDATE "promotions" SET "deposit_rule" = 'none' WHERE lower("promo_code") = 'tenfree';
