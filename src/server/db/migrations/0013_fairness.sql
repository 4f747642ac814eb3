CREATE TABLE "crash_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"auto_cashout" integer,
	"cashed_at" integer,
	"status" text NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"top_seed" text NOT NULL,
	"length" integer NOT NULL,
	"chain_end" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"number" integer NOT NULL,
	"seed" text NOT NULL,
	"crash_point" integer NOT NULL,
	"phase" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"crashed_at" timestamp with time zone,
	"settled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_runner" (
	"id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fair_seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer,
	"session_id" integer,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "fair_seeds_one_owner" CHECK (("fair_seeds"."player_id" is null) <> ("fair_seeds"."session_id" is null))
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "seed_id" integer;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "nonce" integer;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_player_idx" ON "crash_bets" USING btree ("round_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_number_idx" ON "crash_rounds" USING btree ("chain_id","number");--> statement-breakpoint
CREATE INDEX "crash_rounds_open_idx" ON "crash_rounds" USING btree ("id") WHERE not "crash_rounds"."settled";--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_player_active_idx" ON "fair_seeds" USING btree ("player_id") WHERE "fair_seeds"."revealed_at" is null and "fair_seeds"."player_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_session_active_idx" ON "fair_seeds" USING btree ("session_id") WHERE "fair_seeds"."revealed_at" is null and "fair_seeds"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "fair_seeds_player_idx" ON "fair_seeds" USING btree ("player_id","id");--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_fair_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fair_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_nonce_idx" ON "game_rounds" USING btree ("seed_id","nonce");