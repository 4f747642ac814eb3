ALTER TABLE "game_rounds" ADD COLUMN "stakes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "stake_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "pending" jsonb;--> statement-breakpoint
-- Every round so far took one stake: its wallet keys are studio:<round>:bet and :win.
UPDATE "game_rounds" SET "stakes" = jsonb_build_array(jsonb_build_object('n', 0, 'amount', "stake", 'win', "win"));--> statement-breakpoint
-- Blackjack hands left open by the release before doubling and splitting take the new
-- shape of one hand. Their shoe was cut for hit and stand, so they keep to those
-- (`legacy`); the view says the same as before in the new form.
UPDATE "game_rounds" AS r
SET "state" = jsonb_build_object(
      'hands', jsonb_build_array(jsonb_build_object('cards', r."state"->'player', 'stakes', '[0]'::jsonb, 'fromSplit', false, 'doubled', false, 'done', false, 'outcome', NULL)),
      'active', 0, 'dealer', r."state"->'dealer', 'shoe', r."state"->'shoe', 'stakes', '[10000]'::jsonb,
      'insurance', NULL, 'insuranceStake', NULL, 'over', false, 'legacy', true),
    "view" = jsonb_build_object(
      'hands', jsonb_build_array(jsonb_build_object('cards', r."view"->'player', 'total', r."view"->'playerTotal', 'soft', r."view"->'soft',
        'stake', 10000, 'doubled', false, 'fromSplit', false, 'outcome', NULL, 'returned', NULL)),
      'active', 0, 'dealer', r."view"->'dealer', 'dealerTotal', r."view"->'dealerTotal', 'insurance', NULL, 'insuranceWon', NULL,
      'dealerBlackjack', NULL, 'over', false)
FROM "games" AS g
WHERE g."id" = r."game_id" AND g."engine" = 'blackjack' AND NOT r."finished" AND r."state" ? 'player';
