CREATE TABLE "game_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'activated' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "game_providers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"player_id" integer,
	"round_key" text NOT NULL,
	"stake" bigint NOT NULL,
	"status" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"state" jsonb NOT NULL,
	"view" jsonb NOT NULL,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"payout" integer DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"player_id" integer,
	"game_id" integer NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"fun_balance" bigint,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_game_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"provider_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"type" text NOT NULL,
	"engine" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail" text NOT NULL,
	"status" text DEFAULT 'activated' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_external_game_id_unique" UNIQUE("external_game_id"),
	CONSTRAINT "games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_group_id_game_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."game_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_key_idx" ON "game_rounds" USING btree ("session_id","round_key");--> statement-breakpoint
CREATE INDEX "game_rounds_unfinished_idx" ON "game_rounds" USING btree ("player_id","status") WHERE "game_rounds"."status" in ('new', 'open', 'done');--> statement-breakpoint
CREATE INDEX "game_sessions_player_idx" ON "game_sessions" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "games_lobby_idx" ON "games" USING btree ("type","status","position");