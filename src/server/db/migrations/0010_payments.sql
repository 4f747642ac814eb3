CREATE TABLE "payment_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"processor_id" integer NOT NULL,
	"coin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"processor_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_processor_id_event_id_pk" PRIMARY KEY("processor_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_processors" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"call" text NOT NULL,
	"kind" text NOT NULL,
	"adapter" text NOT NULL,
	"reply" text DEFAULT 'redirect' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deposit" boolean DEFAULT true NOT NULL,
	"withdraw" boolean DEFAULT false NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"fee_fixed" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"setting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_processors_fee" CHECK ("payment_processors"."fee_bp" between 0 and 10000 and "payment_processors"."fee_fixed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"processor_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"promo_code" text,
	"wallet_tx_id" bigint,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0 and "payments"."fee" >= 0 and "payments"."fee" < "payments"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_addresses" ADD CONSTRAINT "payment_addresses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_addresses" ADD CONSTRAINT "payment_addresses_processor_id_payment_processors_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."payment_processors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_processor_id_payment_processors_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."payment_processors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_addresses_owner_idx" ON "payment_addresses" USING btree ("player_id","processor_id","coin");--> statement-breakpoint
CREATE INDEX "payment_audit_time_idx" ON "payment_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_player_idx" ON "payments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("direction","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("processor_id","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_wallet_tx_idx" ON "payments" USING btree ("wallet_tx_id");