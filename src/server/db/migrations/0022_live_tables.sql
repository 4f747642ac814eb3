CREATE TABLE "bingo_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"tickets" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bingo_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"number" integer NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"phase" text NOT NULL,
	"sale_ends_at" timestamp with time zone NOT NULL,
	"draw_starts_at" timestamp with time zone,
	"sale_digest" text,
	"balls" jsonb,
	"ends_at" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"done_at" timestamp with time zone,
	"paid" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"choice" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"number" integer NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"phase" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"outcome" jsonb,
	"paid" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "crash_runner" CASCADE;--> statement-breakpoint
ALTER TABLE "bingo_purchases" ADD CONSTRAINT "bingo_purchases_round_id_bingo_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."bingo_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bingo_purchases" ADD CONSTRAINT "bingo_purchases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bingo_purchases_player_idx" ON "bingo_purchases" USING btree ("round_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bingo_rounds_number_idx" ON "bingo_rounds" USING btree ("game","number");--> statement-breakpoint
CREATE INDEX "bingo_rounds_unpaid_idx" ON "bingo_rounds" USING btree ("id") WHERE not "bingo_rounds"."paid";--> statement-breakpoint
CREATE UNIQUE INDEX "live_bets_player_idx" ON "live_bets" USING btree ("round_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rounds_number_idx" ON "live_rounds" USING btree ("table_id","number");--> statement-breakpoint
CREATE INDEX "live_rounds_unpaid_idx" ON "live_rounds" USING btree ("id") WHERE not "live_rounds"."paid";