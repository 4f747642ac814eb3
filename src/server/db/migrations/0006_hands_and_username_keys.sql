ALTER TABLE "game_rounds" ADD COLUMN "game_id" integer;--> statement-breakpoint
UPDATE "game_rounds" AS r SET "game_id" = s."game_id" FROM "game_sessions" AS s WHERE s."id" = r."session_id";--> statement-breakpoint
ALTER TABLE "game_rounds" ALTER COLUMN "game_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hands opened side by side before one hand per player and game was enforced: all but
-- the newest end as a push (the stake comes back), paid by the round sweep like any
-- decided round, so the unique indexes below can be built and no stake stays stranded.
WITH ranked AS (
  SELECT "id",
         row_number() OVER (PARTITION BY "player_id", "game_id" ORDER BY "id" DESC) AS by_player,
         row_number() OVER (PARTITION BY "session_id" ORDER BY "id" DESC) AS by_session
  FROM "game_rounds"
  WHERE NOT "finished" AND "status" IN ('new', 'open')
)
UPDATE "game_rounds" AS r
SET "finished" = true, "payout" = 10000, "win" = r."stake", "actions" = '{}'::text[],
    "status" = CASE WHEN r."status" = 'open' THEN 'done' ELSE r."status" END, "updated_at" = now()
FROM ranked
WHERE ranked."id" = r."id" AND ((r."player_id" IS NOT NULL AND ranked.by_player > 1) OR ranked.by_session > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_one_hand_per_player_idx" ON "game_rounds" USING btree ("player_id","game_id") WHERE not "game_rounds"."finished" and "game_rounds"."status" in ('new', 'open') and "game_rounds"."player_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_one_hand_per_session_idx" ON "game_rounds" USING btree ("session_id") WHERE not "game_rounds"."finished" and "game_rounds"."status" in ('new', 'open');--> statement-breakpoint
CREATE UNIQUE INDEX "players_username_key_idx" ON "players" USING btree ("username_key");
