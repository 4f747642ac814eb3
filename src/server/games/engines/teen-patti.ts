// Teen patti against the house: the player puts up an ante and is dealt three cards,
// the dealer three face down, from one deck. The player plays (a second stake equal to
// the ante) or folds (the ante is lost). Hands rank, best first: trail (three of a
// rank), pure sequence (a run in one suit), sequence, color (one suit), pair, high card;
// among runs A-K-Q is the highest and A-2-3 the next, then K-Q-J down to 4-3-2.
//
// A played hand: the dealer qualifies with a queen high or better. Not qualified: the
// ante pays even money and the play is returned. Qualified: the better hand wins both
// even money (the dealer's takes both), equal hands return both. Whatever the dealer
// holds, a played trail, pure sequence or sequence earns the ante bonus (5, 4 or 1 to 1).
// The six cards are dealt when the round starts.
import { z } from 'zod';
import type { TeenPattiView } from '../../../shared/game-views.ts';
import { TEEN_PATTI_ANTE_BONUS, TEEN_PATTI_HANDS, type TeenPattiHand } from '../../../shared/house-tables.ts';
import { type CardGameConfig, cardGameConfig, dealCards, rankValue } from './cards.ts';
import { type Engine, EngineError, ONE_X, type Rng, type RoundStep } from './types.ts';

export const teenPattiChoice = z.object({});
export type TeenPattiChoice = z.infer<typeof teenPattiChoice>;

export const teenPattiAction = z.object({ move: z.enum(['play', 'fold']) });
export type TeenPattiAction = z.infer<typeof teenPattiAction>;

export interface TeenPattiState {
  player: string[];
  dealer: string[];
  stage: 'decide' | 'played' | 'folded';
  /** The round's stakes in basis points of the ante: the ante, then the play. */
  stakes: number[];
}

/** A ranked three-card hand: `score` orders any two (higher wins, equal ties). */
export interface TeenPattiRanked {
  hand: TeenPattiHand;
  score: number;
}

// A run's strength: A-K-Q 15, A-2-3 14, then K-Q-J 13 down to 4-3-2 4; 0 when the ranks are no run.
function runOf(values: number[]): number {
  const [a, b, c] = values;
  if (a === 14 && b === 13 && c === 12) return 15;
  if (a === 14 && b === 3 && c === 2) return 14;
  return a! - b! === 1 && b! - c! === 1 ? a! : 0;
}

/** Ranks three cards by the rules of teen patti. */
export function teenPattiRank(cards: readonly string[]): TeenPattiRanked {
  if (cards.length !== 3 || new Set(cards).size !== 3) throw new Error('a teen patti hand is three different cards');
  const values = cards.map(rankValue).sort((x, y) => y - x);
  const flush = cards[0]![1] === cards[1]![1] && cards[1]![1] === cards[2]![1];
  const run = runOf(values);
  const scored = (hand: TeenPattiHand, ...ties: number[]): TeenPattiRanked => ({
    hand,
    score: TEEN_PATTI_HANDS.indexOf(hand) * 16 ** 3 + ((ties[0] ?? 0) * 16 + (ties[1] ?? 0)) * 16 + (ties[2] ?? 0),
  });
  const [a, b, c] = values as [number, number, number];
  if (a === c) return scored('trail', a);
  if (run && flush) return scored('pure_sequence', run);
  if (run) return scored('sequence', run);
  if (flush) return scored('color', a, b, c);
  if (a === b) return scored('pair', a, c);
  if (b === c) return scored('pair', b, a);
  return scored('high_card', a, b, c);
}

/** The dealer qualifies with this score or better: a queen high (Q-3-2). */
export const TEEN_PATTI_QUALIFY = teenPattiRank(['QS', '3H', '2D']).score;

/** What the ante returns on a played hand with its bonus, and what the play returns, in basis points of each. */
export function teenPattiReturns(
  player: readonly string[],
  dealer: readonly string[],
): { ante: number; play: number; winner: 'player' | 'dealer' | 'push'; qualifies: boolean } {
  const mine = teenPattiRank(player);
  const theirs = teenPattiRank(dealer);
  const qualifies = theirs.score >= TEEN_PATTI_QUALIFY;
  const winner = mine.score > theirs.score ? 'player' : mine.score < theirs.score ? 'dealer' : 'push';
  const bonus = (TEEN_PATTI_ANTE_BONUS[mine.hand] ?? 0) * ONE_X;
  if (!qualifies) return { ante: 2 * ONE_X + bonus, play: ONE_X, winner, qualifies };
  if (winner === 'player') return { ante: 2 * ONE_X + bonus, play: 2 * ONE_X, winner, qualifies };
  if (winner === 'push') return { ante: ONE_X + bonus, play: ONE_X, winner, qualifies };
  return { ante: bonus, play: 0, winner, qualifies };
}

function stepOf(state: TeenPattiState): RoundStep<TeenPattiState, TeenPattiView> {
  const decided = state.stage !== 'decide';
  const view: TeenPattiView = {
    player: state.player,
    dealer: decided ? state.dealer : [null, null, null],
    playerHand: teenPattiRank(state.player).hand,
    dealerHand: decided ? teenPattiRank(state.dealer).hand : null,
    stage: state.stage,
    dealerQualifies: null,
    winner: null,
    anteReturned: null,
    playReturned: null,
  };
  if (!decided) return { state, view, done: false, payout: 0, actions: ['play', 'fold'], stakes: state.stakes };
  if (state.stage === 'folded') {
    view.anteReturned = 0;
    return { state, view, done: true, payout: 0, actions: [], stakes: state.stakes, payouts: [0] };
  }
  const r = teenPattiReturns(state.player, state.dealer);
  Object.assign(view, { dealerQualifies: r.qualifies, winner: r.winner, anteReturned: r.ante, playReturned: r.play });
  return { state, view, done: true, payout: r.ante + r.play, actions: [], stakes: state.stakes, payouts: [r.ante, r.play] };
}

/** Deals a round from six cards in a known order: the player's three, then the dealer's. */
export function teenPattiFrom(cards: string[]): RoundStep<TeenPattiState, TeenPattiView> {
  return stepOf({ player: cards.slice(0, 3), dealer: cards.slice(3, 6), stage: 'decide', stakes: [ONE_X] });
}

function legal(state: TeenPattiState): void {
  if (state.stage !== 'decide') throw new EngineError('round_over');
}

function decide(_rng: Rng, state: TeenPattiState, { move }: TeenPattiAction): RoundStep<TeenPattiState, TeenPattiView> {
  legal(state);
  return stepOf(move === 'fold' ? { ...state, stage: 'folded' } : { ...state, stage: 'played', stakes: [ONE_X, ONE_X] });
}

/**
 * The return per ante of the published strategy (play a queen-six-four or better, fold the rest),
 * exact over every deal of six cards; the unit test counts it.
 */
export const TEEN_PATTI_RTP = 0.9665;
/** The strategy the stated return assumes: play this score or better. */
export const TEEN_PATTI_PLAY_FROM = teenPattiRank(['QS', '6H', '4D']).score;

export const teenPatti: Engine<TeenPattiChoice, TeenPattiState, TeenPattiView, TeenPattiAction, CardGameConfig> = {
  id: 'teen-patti',
  choice: teenPattiChoice,
  action: teenPattiAction,
  config: cardGameConfig,
  start: (rng) => teenPattiFrom(dealCards(rng, 6)),
  act: decide,
  stakeFor(state, { move }) {
    legal(state);
    return move === 'play' ? ONE_X : 0;
  },
  // A hand left for good folds: the play is a stake nobody agreed to.
  abandon: (state) => stepOf(state.stage === 'decide' ? { ...state, stage: 'folded' } : state),
  rtp: () => TEEN_PATTI_RTP,
};

export type { TeenPattiView };
