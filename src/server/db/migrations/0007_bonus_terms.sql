CREATE TABLE "bonus_claims" (
	"promotion_id" integer NOT NULL,
	"mark" text NOT NULL,
	"player_id" integer NOT NULL,
	"bonus_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_claims_promotion_id_mark_pk" PRIMARY KEY("promotion_id","mark")
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_cashout" bigint;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "bonus_valid_days" integer;--> statement-breakpoint
ALTER TABLE "wallet_bonuses" ADD COLUMN "max_cashout" bigint;--> statement-breakpoint
ALTER TABLE "wallet_bonuses" ADD COLUMN "cashed_out" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_bonuses" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_claims" ADD CONSTRAINT "bonus_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_claims" ADD CONSTRAINT "bonus_claims_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_claims_player_idx" ON "bonus_claims" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "wallet_bonuses_expiry_idx" ON "wallet_bonuses" USING btree ("expires_at") WHERE "wallet_bonuses"."status" = 'active';--> statement-breakpoint
-- The seeded promotions' texts promise these terms ("max cash-out €100", "valid 30 days");
-- databases seeded before the columns existed get them too.
UPDATE "promotions" SET "max_cashout" = 10000 WHERE lower("promo_code") = 'tenfree' AND "max_cashout" IS NULL;--> statement-breakpoint
UPDATE "promotions" SET "bonus_valid_days" = 30
WHERE lower("promo_code") IN ('welcome100', 'tenfree', 'reload50', 'bingo50', 'welcome3000', 'sports20') AND "bonus_valid_days" IS NULL;
