CREATE TABLE "sport_free_bets" (
	"id" bigint PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"promotion_id" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"min_odds" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"bet_id" bigint,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_free_bets_amount_positive" CHECK ("sport_free_bets"."amount" > 0),
	CONSTRAINT "sport_free_bets_status" CHECK ("sport_free_bets"."status" in ('available', 'used'))
);
--> statement-breakpoint
ALTER TABLE "sport_bets" ADD COLUMN "free_bet_id" bigint;--> statement-breakpoint
ALTER TABLE "sport_free_bets" ADD CONSTRAINT "sport_free_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_free_bets_player_idx" ON "sport_free_bets" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "sport_bets_pending_idx" ON "sport_bets" USING btree ("created_at") WHERE "sport_bets"."state" = 'pending';