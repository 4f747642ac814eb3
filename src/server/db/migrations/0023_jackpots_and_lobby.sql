CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "jackpot_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"seed" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"contribution_bps" integer NOT NULL,
	"contributed" bigint DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_pools_amount" CHECK ("jackpot_pools"."amount" >= "jackpot_pools"."seed" and "jackpot_pools"."seed" > 0),
	CONSTRAINT "jackpot_pools_contribution" CHECK ("jackpot_pools"."contribution_bps" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "jackpot_wins" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"operation_id" bigint NOT NULL,
	"bet_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_wins_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "jackpot_wins_bet_key_unique" UNIQUE("bet_key")
);
--> statement-breakpoint
ALTER TABLE "jackpot_wins" ADD CONSTRAINT "jackpot_wins_pool_id_jackpot_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."jackpot_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_wins" ADD CONSTRAINT "jackpot_wins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_pools_slug_currency" ON "jackpot_pools" USING btree ("slug","currency");--> statement-breakpoint
CREATE INDEX "jackpot_wins_pool" ON "jackpot_wins" USING btree ("pool_id","id");--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "games_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "game_providers_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_providers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
