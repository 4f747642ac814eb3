CREATE TABLE "financial_transactions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"is_bonus" boolean DEFAULT false NOT NULL,
	"invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bets" (
	"id" bigint PRIMARY KEY NOT NULL,
	"bet_key" text NOT NULL,
	"player_id" integer NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"game_id" text NOT NULL,
	"game_name" text NOT NULL,
	"round_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"stake_real" bigint NOT NULL,
	"stake_bonus" bigint NOT NULL,
	"bonus_id" bigint,
	"win" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer,
	"kind" text NOT NULL,
	"shard" integer DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"bonus_id" bigint,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_player_balance_not_negative" CHECK ("wallet_accounts"."player_id" is null or "wallet_accounts"."balance" >= 0),
	CONSTRAINT "wallet_accounts_kind_matches_owner" CHECK (("wallet_accounts"."player_id" is null) = ("wallet_accounts"."kind" in ('house', 'clearing')))
);
--> statement-breakpoint
CREATE TABLE "wallet_bonuses" (
	"id" bigint PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"promotion_id" integer,
	"amount" bigint NOT NULL,
	"wagering_required" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"op_key" text,
	"player_id" integer,
	"parent_id" bigint,
	"fingerprint" text NOT NULL,
	"outcome" text NOT NULL,
	"reply" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "financial_transactions" ADD CONSTRAINT "financial_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bets" ADD CONSTRAINT "player_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bonuses" ADD CONSTRAINT "wallet_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bonuses" ADD CONSTRAINT "wallet_bonuses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_operation_id_wallet_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financial_transactions_player_time_idx" ON "financial_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "financial_transactions_player_invoice_idx" ON "financial_transactions" USING btree ("player_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bets_key_idx" ON "player_bets" USING btree ("bet_key");--> statement-breakpoint
CREATE INDEX "player_bets_player_time_idx" ON "player_bets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_player_kind_idx" ON "wallet_accounts" USING btree ("player_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_system_idx" ON "wallet_accounts" USING btree ("kind","shard") WHERE "wallet_accounts"."player_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_bonuses_one_active_idx" ON "wallet_bonuses" USING btree ("player_id") WHERE "wallet_bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "wallet_entries_account_idx" ON "wallet_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_operation_idx" ON "wallet_entries" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_key_idx" ON "wallet_operations" USING btree ("kind","op_key");--> statement-breakpoint
CREATE INDEX "wallet_operations_player_idx" ON "wallet_operations" USING btree ("player_id");