CREATE TABLE "sport_bet_legs" (
	"bet_id" bigint NOT NULL,
	"selection_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"odds" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_key" text NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stake" bigint NOT NULL,
	"odds" bigint NOT NULL,
	"potential_return" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"refusal" text,
	"due" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sport_bets_stake_positive" CHECK ("sport_bets"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "sport_competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"sport" text NOT NULL,
	"region" text NOT NULL,
	"name" text NOT NULL,
	"top" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"competition_id" integer NOT NULL,
	"kind" text DEFAULT 'match' NOT NULL,
	"home" text NOT NULL,
	"away" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"score_home" integer DEFAULT 0 NOT NULL,
	"score_away" integer DEFAULT 0 NOT NULL,
	"elapsed" integer DEFAULT 0 NOT NULL,
	"result_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"type" text NOT NULL,
	"line" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_selections" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"code" text NOT NULL,
	"odds" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"result" text,
	"dead_heat" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_selections_odds_above_one" CHECK ("sport_selections"."odds" > 100)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sports_min_stake" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sports_max_stake" integer DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sports_max_payout" integer DEFAULT 5000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_selection_id_sport_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."sport_selections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_event_id_sport_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sport_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_events" ADD CONSTRAINT "sport_events_competition_id_sport_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."sport_competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_markets" ADD CONSTRAINT "sport_markets_event_id_sport_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sport_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_selections" ADD CONSTRAINT "sport_selections_market_id_sport_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sport_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_bet_legs_bet_selection_idx" ON "sport_bet_legs" USING btree ("bet_id","selection_id");--> statement-breakpoint
CREATE INDEX "sport_bet_legs_selection_idx" ON "sport_bet_legs" USING btree ("selection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_bets_key_idx" ON "sport_bets" USING btree ("bet_key");--> statement-breakpoint
CREATE INDEX "sport_bets_player_idx" ON "sport_bets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_competitions_external_idx" ON "sport_competitions" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_events_external_idx" ON "sport_events" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "sport_events_list_idx" ON "sport_events" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_markets_event_type_line_idx" ON "sport_markets" USING btree ("event_id","type","line");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_selections_market_code_idx" ON "sport_selections" USING btree ("market_id","code");