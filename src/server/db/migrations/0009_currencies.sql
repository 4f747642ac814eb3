-- Wallet currencies. Each player gets the currency of their wallet (EUR, INR for India),
-- each account, operation and entry carries one, and composite foreign keys keep an
-- operation from touching two currencies. Written for a database that already holds
-- money: columns arrive with EUR as a default (no table rewrite), rows of players from
-- India are moved to INR, then the defaults go.
CREATE TABLE "promotion_amounts" (
	"promotion_id" integer NOT NULL,
	"currency" text NOT NULL,
	"bonus_value" bigint DEFAULT 0 NOT NULL,
	"max_bonus" bigint,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"max_cashout" bigint,
	CONSTRAINT "promotion_amounts_promotion_id_currency_pk" PRIMARY KEY("promotion_id","currency"),
	CONSTRAINT "promotion_amounts_currency_code" CHECK ("promotion_amounts"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "promotion_amounts" ADD CONSTRAINT "promotion_amounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_currency_code" CHECK ("promotions"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- The seeded promotions' texts in the `in` locale promise the same figures in rupees
-- ("₹10 free", "up to ₹200", "min. deposit ₹20"): those are their INR amounts.
INSERT INTO "promotion_amounts" ("promotion_id", "currency", "bonus_value", "max_bonus", "min_deposit", "max_cashout")
SELECT "id", 'INR', CASE WHEN "bonus_kind" = 'fixed' THEN "bonus_value" ELSE 0 END, "max_bonus", "min_deposit", "max_cashout" FROM "promotions"
WHERE lower("promo_code") IN ('welcome100', 'tenfree', 'reload50', 'bingo50', 'welcome3000', 'sports20') AND "currency" = 'EUR'
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "currency_by_country" jsonb DEFAULT '{"IN":"INR"}'::jsonb NOT NULL;--> statement-breakpoint

ALTER TABLE "players" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
UPDATE "players" SET "currency" = 'INR' WHERE upper("country") = 'IN';--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_currency_code" CHECK ("players"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
CREATE UNIQUE INDEX "players_id_currency_idx" ON "players" USING btree ("id","currency");--> statement-breakpoint
-- A wallet's currency is the player's for good: its money, history and bonuses are in it.
CREATE FUNCTION players_refuse_currency_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'players.currency never changes: the wallet''s money is in it';
END
$$;
--> statement-breakpoint
CREATE TRIGGER players_currency_fixed BEFORE UPDATE OF "currency" ON "players" FOR EACH ROW
WHEN (OLD."currency" IS DISTINCT FROM NEW."currency") EXECUTE FUNCTION players_refuse_currency_change();
--> statement-breakpoint

ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_operation_id_wallet_operations_id_fk";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_account_id_wallet_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_player_id_players_id_fk";--> statement-breakpoint
DROP INDEX "wallet_accounts_system_idx";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_system_idx" ON "wallet_accounts" USING btree ("kind","currency","shard") WHERE "wallet_accounts"."player_id" is null;--> statement-breakpoint
UPDATE "wallet_accounts" a SET "currency" = p."currency" FROM "players" p WHERE p."id" = a."player_id" AND p."currency" <> 'EUR';--> statement-breakpoint
UPDATE "wallet_operations" o SET "currency" = p."currency" FROM "players" p WHERE p."id" = o."player_id" AND p."currency" <> 'EUR';--> statement-breakpoint
-- Until now one set of house and clearing shards served everybody. The system side of each
-- operation of a player now in INR moves to the same shard of the INR house or clearing,
-- with the amount it carried, so that each currency sums to zero on its own.
INSERT INTO "wallet_accounts" ("kind", "currency", "shard")
SELECT k."kind", c."currency", s."shard"
FROM (SELECT DISTINCT "currency" FROM "wallet_operations" WHERE "currency" <> 'EUR') c
CROSS JOIN (VALUES ('house'), ('clearing')) AS k("kind")
CROSS JOIN generate_series(0, 15) AS s("shard")
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The one time entries change: their amounts stay, only the currency dimension they were
-- written without is filled in.
ALTER TABLE "wallet_entries" DISABLE TRIGGER "wallet_entries_no_update_or_delete";--> statement-breakpoint
WITH moved AS (
  UPDATE "wallet_entries" e SET "account_id" = target."id", "currency" = o."currency"
  FROM "wallet_operations" o, "wallet_accounts" source, "wallet_accounts" target
  WHERE o."id" = e."operation_id" AND o."currency" <> 'EUR'
    AND source."id" = e."account_id" AND source."player_id" IS NULL
    AND target."player_id" IS NULL AND target."kind" = source."kind" AND target."shard" = source."shard" AND target."currency" = o."currency"
  RETURNING e."amount", source."id" AS source_id, target."id" AS target_id
),
deltas AS (
  SELECT source_id AS id, -"amount" AS delta FROM moved
  UNION ALL
  SELECT target_id AS id, "amount" AS delta FROM moved
)
UPDATE "wallet_accounts" a SET "balance" = a."balance" + d.delta
FROM (SELECT id, sum(delta) AS delta FROM deltas GROUP BY id) d
WHERE a."id" = d.id;--> statement-breakpoint
UPDATE "wallet_entries" e SET "currency" = o."currency" FROM "wallet_operations" o WHERE o."id" = e."operation_id" AND e."currency" <> o."currency";--> statement-breakpoint
ALTER TABLE "wallet_entries" ENABLE TRIGGER "wallet_entries_no_update_or_delete";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "wallet_operations" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "wallet_entries" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_currency_code" CHECK ("wallet_accounts"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_id_currency_idx" ON "wallet_accounts" USING btree ("id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_id_currency_idx" ON "wallet_operations" USING btree ("id","currency");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_player_currency_fk" FOREIGN KEY ("player_id","currency") REFERENCES "public"."players"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_player_currency_fk" FOREIGN KEY ("player_id","currency") REFERENCES "public"."players"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_operation_currency_fk" FOREIGN KEY ("operation_id","currency") REFERENCES "public"."wallet_operations"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_currency_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."wallet_accounts"("id","currency") ON DELETE no action ON UPDATE no action;
