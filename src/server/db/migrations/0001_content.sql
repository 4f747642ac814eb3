CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code" text NOT NULL,
	"bonus_kind" text DEFAULT 'none' NOT NULL,
	"bonus_value" bigint DEFAULT 0 NOT NULL,
	"max_bonus" bigint,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"wagering_multiplier" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_url" text,
	"mobile" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_lower_idx" ON "promotions" USING btree (lower("promo_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "site_content_item_idx" ON "site_content" USING btree ("kind","slug","locale","mobile");--> statement-breakpoint
CREATE INDEX "site_content_locale_idx" ON "site_content" USING btree ("locale","kind");