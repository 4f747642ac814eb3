CREATE TABLE "site_content_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"fields" jsonb NOT NULL,
	"action" text NOT NULL,
	"staff_id" integer,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "site_content_versions_item_idx" ON "site_content_versions" USING btree ("content_id","version");