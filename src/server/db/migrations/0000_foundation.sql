CREATE TABLE "game_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"group_slug" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'activated' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text DEFAULT 'male' NOT NULL,
	"birthday" date NOT NULL,
	"country" text NOT NULL,
	"phone_number" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"interface_local" text DEFAULT 'en' NOT NULL,
	"notify_newsletter" boolean DEFAULT false NOT NULL,
	"promo_code" text,
	"tracking_code" text,
	"ip_address" text,
	"scope" jsonb DEFAULT '["player"]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_black_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip_black_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"one_account_per_ip" boolean DEFAULT false NOT NULL,
	"password_min_length" integer DEFAULT 3 NOT NULL,
	"chat_script_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "players_username_lower_idx" ON "players" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "players_email_lower_idx" ON "players" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "players_ip_idx" ON "players" USING btree ("ip_address");