CREATE TABLE "identity_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"player_id" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_documents_storage_name_unique" UNIQUE("storage_name"),
	CONSTRAINT "identity_documents_kind" CHECK ("identity_documents"."kind" in ('identity','address')),
	CONSTRAINT "identity_documents_status" CHECK ("identity_documents"."status" in ('pending','approved','refused','replaced'))
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"reason" text,
	"requested_kind" text,
	"decided_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_status" CHECK ("identity_verifications"."status" in ('unverified','pending','verified','refused','more_needed')),
	CONSTRAINT "identity_verifications_requested" CHECK ("identity_verifications"."requested_kind" is null or "identity_verifications"."requested_kind" in ('identity','address'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "jurisdiction_profiles" jsonb DEFAULT '{"default":{"verification_before_play":false,"verification_before_withdrawal":true,"credit_card_deposits":true,"withdrawal_cancel":true,"password_min_length":3,"refuse_common_passwords":false,"guest_free_play":true,"licence_notice":false,"reality_check_minutes":null},"strict":{"verification_before_play":true,"verification_before_withdrawal":true,"credit_card_deposits":false,"withdrawal_cancel":false,"password_min_length":12,"refuse_common_passwords":true,"guest_free_play":false,"licence_notice":true,"reality_check_minutes":30}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "jurisdiction_by_country" jsonb DEFAULT '{"GB":"strict"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_audit_player_idx" ON "identity_audit" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "identity_documents_player_idx" ON "identity_documents" USING btree ("player_id","id");