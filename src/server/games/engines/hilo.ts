// Hi-lo: a card shows; the player guesses whether the next is higher or lower (the same
// rank wins both ways, the ace is low), skips it, or cashes out. Each right guess
// multiplies the win by the inverse of its chance; a wrong guess loses the stake.
//
// The cards come from an endless deck (each card drawn on its own, every one of the 52
// equally likely), so the chance of a guess depends on the card showing alone: "higher"
// on rank r (1 = ace … 13 = king) wins on 14 − r ranks of 13, "lower" on r. A cash-out
// pays 99 % of the product of 13 / (winning ranks) over the right guesses, so whatever
// the player guesses, skips or cashes out, the round returns 99 % of the stake (the
// multiplier is a fair bet at every step; the 1 % is taken once). A guess whose win
// would pass the game's largest win is refused, and so is a cash-out before any guess
// (it would only hand back 99 %). All the round's cards are drawn when it starts.
import { z } from 'zod';
import { CASHOUT_MAX_MULTIPLE, CASHOUT_RTP_BP, HILO_CARDS, HILO_RANKS } from '../../../shared/house-tables.ts';
import { ONE_DECK } from '../../../shared/fairness.ts';
import type { HiloGuess, HiloOption, HiloView } from '../../../shared/game-views.ts';
import { type Engine, EngineError, ONE_X, type Rng, type RoundStep } from './types.ts';

export const hiloChoice = z.object({});
export type HiloChoice = z.infer<typeof hiloChoice>;

export const hiloAction = z.object({ move: z.enum(['higher', 'lower', 'skip', 'cashout']) });
export type HiloAction = z.infer<typeof hiloAction>;

/** The largest win, in multiples of the stake: catalogue data, never more than the studio's cap. */
export const hiloConfig = z.object({
  theme: z.string().optional(),
  maxMultiple: z.int().min(25).max(CASHOUT_MAX_MULTIPLE).default(CASHOUT_MAX_MULTIPLE),
});
export type HiloConfig = z.infer<typeof hiloConfig>;

export interface HiloState {
  /** Every card the round can turn, drawn at the start; never shown beyond the one showing. */
  deck: string[];
  /** Index of the card showing. */
  at: number;
  moves: (HiloGuess | 'skip')[];
  /** The product of 13 / (winning ranks) over the right guesses so far (1 before any). */
  fair: number;
  guesses: number;
  end: 'lost' | 'cashed' | null;
}

/** The rank of a card, ace low: 1 … 13. */
export function hiloRank(card: string): number {
  const rank = HILO_RANKS.indexOf(card.charAt(0));
  if (rank < 0) throw new Error(`not a card: ${card}`);
  return rank + 1;
}

/** How many of the 13 ranks win a guess on a card of rank `rank` (the same rank wins both ways). */
export function hiloWinningRanks(rank: number, guess: HiloGuess): number {
  return guess === 'higher' ? 14 - rank : rank;
}

/** A cash-out multiplier in basis points from the fair product: 99 % of it, to the nearest basis point. */
export function hiloMultiplier(fair: number): number {
  return Math.round(CASHOUT_RTP_BP * fair);
}

/** Draws the round's cards: each one of the 52 on its own (an endless deck). */
export function hiloDeal(rng: Rng): string[] {
  return Array.from({ length: HILO_CARDS }, () => ONE_DECK[rng.int(ONE_DECK.length)]!);
}

function optionsOf(state: HiloState, config: HiloConfig): HiloOption[] {
  if (state.end || state.at >= state.deck.length - 1) return [];
  const rank = hiloRank(state.deck[state.at]!);
  return (['higher', 'lower'] as const).map((guess) => {
    const ranks = hiloWinningRanks(rank, guess);
    const multiplier = hiloMultiplier((state.fair * 13) / ranks);
    return { guess, ranks, multiplier, allowed: multiplier <= config.maxMultiple * ONE_X };
  });
}

function stepOf(state: HiloState, config: HiloConfig): RoundStep<HiloState, HiloView> {
  const multiplier = hiloMultiplier(state.fair);
  const options = optionsOf(state, config);
  const view: HiloView = { cards: state.deck.slice(0, state.at + 1), moves: state.moves, multiplier, options, end: state.end };
  if (state.end) return { state, view, done: true, payout: state.end === 'cashed' ? multiplier : 0, actions: [] };
  const actions = [...options.filter((o) => o.allowed).map((o) => o.guess), ...(state.at < state.deck.length - 2 ? ['skip'] : [])];
  if (state.guesses > 0) actions.push('cashout');
  return { state, view, done: false, payout: 0, actions };
}

/** Starts a round on the first of `deck`'s cards. */
export function hiloFrom(deck: string[], config: HiloConfig): RoundStep<HiloState, HiloView> {
  return stepOf({ deck, at: 0, moves: [], fair: 1, guesses: 0, end: null }, config);
}

function play(_rng: Rng, state: HiloState, { move }: HiloAction, config: HiloConfig): RoundStep<HiloState, HiloView> {
  const now = stepOf(state, config);
  if (now.done) throw new EngineError('round_over');
  if (!now.actions.includes(move)) throw new EngineError(move === 'cashout' ? 'hilo_guess_first' : move === 'skip' ? 'round_over' : 'hilo_above_max');
  if (move === 'cashout') return stepOf({ ...state, end: 'cashed' }, config);
  const at = state.at + 1;
  if (move === 'skip') return stepOf({ ...state, at, moves: [...state.moves, 'skip'] }, config);
  const rank = hiloRank(state.deck[state.at]!);
  const next = hiloRank(state.deck[at]!);
  const right = move === 'higher' ? next >= rank : next <= rank;
  const moves = [...state.moves, move];
  if (!right) return stepOf({ ...state, at, moves, end: 'lost' }, config);
  const guessed: HiloState = { ...state, at, moves, fair: (state.fair * 13) / hiloWinningRanks(rank, move), guesses: state.guesses + 1 };
  // The last card dealt cannot be guessed on: the round cashes out on it.
  return stepOf(at >= state.deck.length - 1 ? { ...guessed, end: 'cashed' } : guessed, config);
}

/** A round left for good is cashed out as it stands: 99 % of its fair product (0.99× before any guess). */
function abandon(state: HiloState, config: HiloConfig): RoundStep<HiloState, HiloView> {
  return stepOf(state.end ? state : { ...state, end: 'cashed' }, config);
}

export const hilo: Engine<HiloChoice, HiloState, HiloView, HiloAction, HiloConfig> = {
  id: 'hilo',
  choice: hiloChoice,
  action: hiloAction,
  config: hiloConfig,
  start: (rng, _choice, config) => hiloFrom(hiloDeal(rng), config),
  act: play,
  abandon,
  // 99 % whatever the player does: each multiplier is 99 % of a fair product (the unit test enumerates it).
  rtp: () => CASHOUT_RTP_BP / ONE_X,
};

export type { HiloView };
