-- SPEC §1's game group type themes as data: each lobby group names its theme (slot, live,
-- sport, table, instant, lottery, arcade, video_poker, virtual); the lobby draws its accent and icon.
ALTER TABLE "game_groups" ADD COLUMN "theme" text DEFAULT 'slot' NOT NULL;--> statement-breakpoint
-- The groups a running site was seeded with (a fresh database gets these from the seed).
UPDATE "game_groups" SET "theme" = CASE "group_slug"
  WHEN 'sports' THEN 'sport'
  WHEN 'roulette' THEN 'table'
  WHEN 'blackjack' THEN 'table'
  WHEN 'baccarat' THEN 'table'
  WHEN 'video-poker' THEN 'video_poker'
  WHEN 'instant-win' THEN 'instant'
  WHEN 'dice' THEN 'arcade'
  WHEN 'keno' THEN 'lottery'
  WHEN 'scratch-cards' THEN 'lottery'
  ELSE 'slot' END
WHERE "type" = 'online';--> statement-breakpoint
UPDATE "game_groups" SET "theme" = 'live' WHERE "type" = 'live';
