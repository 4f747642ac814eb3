// Jacks or Better video poker, the full-pay 9/6 machine: deal five cards from one deck,
// the player holds any of them, the rest are replaced once and the final hand is paid.
import { z } from 'zod';
import { JACKS_OR_BETTER_PAYTABLE } from '../../../shared/game-tables.ts';
import { type CardGameConfig, cardGameConfig, type HandRank, lowestScore, pokerHand, shuffledDeck } from './cards.ts';
import { type Engine, EngineError, ONE_X, type Rng, type RoundStep } from './types.ts';
import type { VideoPokerView } from '../../../shared/game-views.ts';

export const videoPokerChoice = z.object({});
export type VideoPokerChoice = z.infer<typeof videoPokerChoice>;

export const videoPokerAction = z.object({ hold: z.array(z.boolean()).length(5) });
/** Which of the five dealt cards to keep, by position; the others are replaced. */
export type VideoPokerAction = z.infer<typeof videoPokerAction>;

export interface VideoPokerState {
  hand: string[];
  /** The rest of the shuffled deck, in the order replacements are drawn; never shown. */
  drawPile: string[];
  held: boolean[];
  stage: 'deal' | 'done';
}

/** What each final hand returns, in multiples of the stake (the stake included, as on the machine's glass). */
export const JACKS_OR_BETTER_PAYS: Record<HandRank, number> = {
  ...Object.fromEntries(JACKS_OR_BETTER_PAYTABLE),
  // Only a pair of jacks or better pays; see payoutFor.
  high_card: 0,
} as Record<HandRank, number>;

const JACKS = lowestScore('pair', 11);

/** The payout of a final five-card hand, in basis points of the stake. */
export function payoutFor(hand: string[]): number {
  const { rank, score } = pokerHand(hand);
  if (rank === 'pair' && score < JACKS) return 0;
  return JACKS_OR_BETTER_PAYS[rank] * ONE_X;
}

function viewOf(state: VideoPokerState): VideoPokerView {
  return {
    hand: state.hand,
    held: state.held,
    result: state.stage === 'done' ? pokerHand(state.hand).rank : null,
    stage: state.stage,
  };
}

/** Deals a round from a deck in a known order: the first five cards are the hand, the rest replace discards. */
export function dealVideoPokerFrom(deck: string[]): RoundStep<VideoPokerState, VideoPokerView> {
  const state: VideoPokerState = { hand: deck.slice(0, 5), drawPile: deck.slice(5), held: [false, false, false, false, false], stage: 'deal' };
  return { state, view: viewOf(state), done: false, payout: 0, actions: ['draw'] };
}

/** Replaces the cards not held, ending the round. */
function draw(_rng: Rng, state: VideoPokerState, action: VideoPokerAction): RoundStep<VideoPokerState, VideoPokerView> {
  if (state.stage === 'done') throw new EngineError('round_over');
  if (action.hold.length !== 5) throw new EngineError('bad_action');
  const drawPile = [...state.drawPile];
  // Replacements come off the top of the deck dealt at the start, so the whole round
  // is fixed by the shuffle and can be replayed from the stored state.
  const hand = state.hand.map((card, i) => (action.hold[i] ? card : drawPile.shift()!));
  const done: VideoPokerState = { hand, drawPile, held: [...action.hold], stage: 'done' };
  return { state: done, view: viewOf(done), done: true, payout: payoutFor(hand), actions: [] };
}

/** An abandoned hand is paid as it was dealt: nothing held, nothing drawn. */
function abandon(state: VideoPokerState): RoundStep<VideoPokerState, VideoPokerView> {
  const done: VideoPokerState = { ...state, stage: 'done' };
  return { state: done, view: viewOf(done), done: true, payout: payoutFor(state.hand), actions: [] };
}

export const videoPoker: Engine<VideoPokerChoice, VideoPokerState, VideoPokerView, VideoPokerAction, CardGameConfig> = {
  id: 'video-poker',
  choice: videoPokerChoice,
  action: videoPokerAction,
  config: cardGameConfig,
  start: (rng) => dealVideoPokerFrom(shuffledDeck(rng)),
  act: draw,
  abandon,
  // The published return of 9/6 Jacks or Better under perfect strategy (99.54 %). The
  // unit test cannot afford to solve the optimal holds, so it simulates a simple
  // hold strategy instead and checks it lands a little below this figure.
  rtp: () => 0.9954,
};

export type { VideoPokerView };
