ALTER TABLE "site_content" ADD COLUMN "link" text;--> statement-breakpoint
-- Migration 0009 gave the seeded promotions rupee amounts equal to their euro figures
-- ("min. deposit ₹20" where the cashier takes ₹1,000.00 at least; WELCOME100 capped at
-- ₹200). Their rupee terms now stand on their own; a row staff changed since is kept.
UPDATE "promotion_amounts" a SET "max_bonus" = 2000000, "min_deposit" = 100000
FROM "promotions" p WHERE p."id" = a."promotion_id" AND a."currency" = 'INR' AND lower(p."promo_code") = 'welcome100'
  AND a."max_bonus" = 20000 AND a."min_deposit" = 2000;--> statement-breakpoint
UPDATE "promotion_amounts" a SET "bonus_value" = 100000, "max_bonus" = 100000, "max_cashout" = 1000000
FROM "promotions" p WHERE p."id" = a."promotion_id" AND a."currency" = 'INR' AND lower(p."promo_code") = 'tenfree'
  AND a."bonus_value" = 1000 AND a."max_bonus" = 1000 AND a."max_cashout" = 10000;--> statement-breakpoint
UPDATE "promotion_amounts" a SET "max_bonus" = 1000000, "min_deposit" = 100000
FROM "promotions" p WHERE p."id" = a."promotion_id" AND a."currency" = 'INR' AND lower(p."promo_code") = 'reload50'
  AND a."max_bonus" = 10000 AND a."min_deposit" = 2000;--> statement-breakpoint
UPDATE "promotion_amounts" a SET "max_bonus" = 30000000, "min_deposit" = 1000000
FROM "promotions" p WHERE p."id" = a."promotion_id" AND a."currency" = 'INR' AND lower(p."promo_code") = 'welcome3000'
  AND a."max_bonus" = 300000 AND a."min_deposit" = 10000;--> statement-breakpoint
UPDATE "promotion_amounts" a SET "bonus_value" = 200000, "max_bonus" = 200000, "min_deposit" = 500000
FROM "promotions" p WHERE p."id" = a."promotion_id" AND a."currency" = 'INR' AND lower(p."promo_code") = 'sports20'
  AND a."bonus_value" = 2000 AND a."min_deposit" = 5000;--> statement-breakpoint
-- The home slider's buttons go where they say (a fresh database gets these from the seed).
UPDATE "site_content" SET "link" = CASE "slug" WHEN '1' THEN 'bonus:WELCOME100' WHEN '2' THEN '/online-casino?play=eagle-crash&mode=real' ELSE '/sports' END
WHERE "kind" = 'slider' AND "slug" IN ('1', '2', '3') AND "link" IS NULL;--> statement-breakpoint
-- The bingo promotion is back now that there are bingo rooms: on a site already running
-- (a fresh database gets it from the seed, in its place after the others).
INSERT INTO "promotions" ("promo_code", "currency", "bonus_kind", "bonus_value", "max_bonus", "min_deposit", "wagering_multiplier", "max_cashout", "bonus_valid_days", "deposit_rule", "position", "image_url")
SELECT 'BINGO50', 'EUR', 'percent', 50, 5000, 1000, 20, NULL, 30, 'any', 5, '/promotions/bingo50.svg'
WHERE EXISTS (SELECT 1 FROM "promotions") AND NOT EXISTS (SELECT 1 FROM "promotions" WHERE lower("promo_code") = 'bingo50');--> statement-breakpoint
INSERT INTO "promotion_amounts" ("promotion_id", "currency", "bonus_value", "max_bonus", "min_deposit", "max_cashout")
SELECT "id", 'INR', 0, 500000, 100000, NULL FROM "promotions" WHERE lower("promo_code") = 'bingo50' AND "currency" = 'EUR'
ON CONFLICT DO NOTHING;
