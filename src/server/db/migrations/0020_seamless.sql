CREATE TABLE "wallet_provider_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" integer,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_provider_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"key_id" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retires_at" timestamp with time zone,
	CONSTRAINT "wallet_provider_keys_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"game_provider_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"launch_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_providers_code_unique" UNIQUE("code"),
	CONSTRAINT "wallet_providers_game_provider_id_unique" UNIQUE("game_provider_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_provider_audit" ADD CONSTRAINT "wallet_provider_audit_provider_id_wallet_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."wallet_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_provider_keys" ADD CONSTRAINT "wallet_provider_keys_provider_id_wallet_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."wallet_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_providers" ADD CONSTRAINT "wallet_providers_game_provider_id_game_providers_id_fk" FOREIGN KEY ("game_provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_provider_audit_time_idx" ON "wallet_provider_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_provider_keys_provider_idx" ON "wallet_provider_keys" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "player_bets_player_round_idx" ON "player_bets" USING btree ("player_id","round_id");