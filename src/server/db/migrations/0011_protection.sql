CREATE TABLE "player_limits" (
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_remove" boolean DEFAULT false NOT NULL,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_player_id_kind_pk" PRIMARY KEY("player_id","kind"),
	CONSTRAINT "player_limits_kind" CHECK ("player_limits"."kind" in ('deposit_day','deposit_week','deposit_month','loss_day','loss_week','loss_month','wager_day','wager_week','wager_month','session')),
	CONSTRAINT "player_limits_amount" CHECK ("player_limits"."amount" is null or "player_limits"."amount" > 0),
	CONSTRAINT "player_limits_pending" CHECK ("player_limits"."pending_amount" is null or "player_limits"."pending_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_protection" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"break_kind" text,
	"break_started_at" timestamp with time zone,
	"break_until" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"session_started_at" timestamp with time zone,
	"reality_check_minutes" integer,
	"reality_check_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_protection_break_kind" CHECK ("player_protection"."break_kind" is null or "player_protection"."break_kind" in ('timeout','self_exclusion')),
	CONSTRAINT "player_protection_reality_check" CHECK ("player_protection"."reality_check_minutes" is null or "player_protection"."reality_check_minutes" between 20 and 60)
);
--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_protection" ADD CONSTRAINT "player_protection_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;