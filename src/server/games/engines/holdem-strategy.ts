// A near-optimal call-or-fold decision for Casino Hold'em, for the unit test's
// simulation (and any hint a page may one day give). Not used while dealing.
//
// Calling is worth more than folding (which loses the ante) for every hand with a
// pair or better made with a hole card, four to a flush or an open-ended straight draw.
// For the rest ("weak" hands, about 57 % of deals) the decision is close, and the best
// one depends on the cards: the advisor predicts the expected result of calling with a
// linear model, one per kind of flop (unpaired; paired below fours; paired fours or
// better, where the dealer always qualifies), and calls when the prediction beats -1.
// The models are least-squares fits to the exact value of calling — every turn, river
// and pair of dealer cards enumerated — of 4 439 sampled weak hands; the script
// scripts/holdem-strategy.ts samples, fits and prints them. By cross-validation against
// those exact values the advisor gives up 0.0022 antes per weak hand, about 0.13 % of
// the ante over all hands, to the best decision; none of 176 sampled other hands was
// better folded.
import { rankValue } from './cards.ts';

export type HoldemDecision = 'call' | 'fold';

/** A weak hand's kind of flop, which picks its model. */
export type FlopKind = 'unpaired' | 'paired_low' | 'paired';

/** What the models read of two hole cards and a flop. */
export interface WeakHand {
  kind: FlopKind;
  /** The model's inputs, in the order of the coefficients. */
  inputs: number[];
}

function ranksOf(cards: readonly string[]): number[] {
  return cards.map(rankValue);
}

/** Ranks (2…14, the ace also 1 for the wheel) that complete a straight using a hole card, and whether two ends are open. */
function straightDraws(hole: readonly number[], all: readonly number[]): { outs: number; openEnded: boolean } {
  const withLowAce = (ranks: Iterable<number>) => {
    const set = new Set(ranks);
    if (set.has(14)) set.add(1);
    return set;
  };
  const have = withLowAce(all);
  const holes = withLowAce(hole);
  const completes = (r: number) => {
    const next = withLowAce([...have, r]);
    for (let low = 1; low <= 10; low++) {
      const run = [low, low + 1, low + 2, low + 3, low + 4];
      if (run.every((x) => next.has(x)) && run.some((x) => holes.has(x))) return true;
    }
    return false;
  };
  let outs = 0;
  for (let r = 2; r <= 14; r++) if (!have.has(r) && completes(r)) outs++;
  // Four in a row with room at both ends: eight cards make the straight.
  let openEnded = false;
  for (let low = 2; low <= 10; low++) {
    const four = [low, low + 1, low + 2, low + 3];
    if (four.every((x) => have.has(x)) && four.some((x) => holes.has(x)) && !have.has(low - 1) && !have.has(low + 4) && low + 4 <= 14) openEnded = true;
  }
  return { outs, openEnded };
}

/**
 * The hand's model inputs, or null when calling is clearly right: a pair or better made
 * with a hole card (or trips on the flop), four to a flush with a hole card, or an
 * open-ended straight draw with a hole card.
 */
export function weakHand(player: readonly string[], flop: readonly string[]): WeakHand | null {
  const hole = ranksOf(player);
  const board = ranksOf(flop);
  const all = [...hole, ...board];
  const count = (r: number) => all.filter((x) => x === r).length;
  const boardPair = board.find((r, i) => board.indexOf(r) !== i) ?? 0;
  const boardTrips = boardPair > 0 && board.every((r) => r === boardPair);
  const pairedWithHole = hole[0] === hole[1] || hole.some((r) => count(r) >= 2);
  if (pairedWithHole || boardTrips) return null;
  const cards = [...player, ...flop];
  const suitCount = (s: string) => cards.filter((c) => c[1] === s).length;
  if (player.some((c) => suitCount(c[1]!) >= 4)) return null;
  const { outs, openEnded } = straightDraws(hole, all);
  if (openEnded) return null;

  const [high, low] = [...hole].sort((a, b) => b - a) as [number, number];
  const above = (r: number) => board.filter((x) => x > r).length;
  const top = Math.max(...board);
  const backdoorFlush = player.some((c) => suitCount(c[1]!) === 3) ? 1 : 0;
  const monotone = flop.every((c) => c[1] === flop[0]![1]) && !player.some((c) => c[1] === flop[0]![1]) ? 1 : 0;
  const distinct = [...new Set(board)].sort((a, b) => a - b);
  const connected = distinct.length === 3 && distinct[2]! - distinct[0]! <= 4 ? 1 : 0;
  const kicker = boardPair ? high - Math.max(0, ...board.filter((r) => r !== boardPair)) : 0;
  const oneOf = (value: number, from: number, to: number) => Array.from({ length: to - from }, (_, i) => (value === from + 1 + i ? 1 : 0));
  return {
    kind: boardPair >= 4 ? 'paired' : boardPair > 0 ? 'paired_low' : 'unpaired',
    inputs: [
      1,
      // The high hole card, one input per rank from four up (three is the base).
      ...oneOf(high, 3, 14),
      low,
      // How many flop cards are above the high hole card: one input each for 1, 2, 3.
      ...oneOf(above(high), 0, 3),
      above(low),
      backdoorFlush,
      outs,
      board.filter((r) => r < 4).length,
      top,
      monotone,
      connected,
      boardPair,
      kicker,
      low >= 10 ? 1 : 0,
      Math.max(0, high - top),
    ],
  };
}

/** Coefficients of each kind of flop's model, fitted by scripts/holdem-strategy.ts. */
export const WEAK_HAND_MODELS: Record<FlopKind, readonly number[]> = {
  unpaired: [
    -1.6566, 0.092, 0.1245, 0.1618, 0.239, 0.3242, 0.4266, 0.5531, 0.6696, 0.8061, 0.9617, 1.1482, 0.0294, 0.0344, 0.0865, 0.0353, -0.0489, 0.1724, 0.448,
    0.0808, -0.0001, -0.3505, -0.1052, 0, 0, -0.0115, -0.0357,
  ],
  paired_low: [
    -0.7748, -0.4197, -0.3164, -0.2947, -0.3078, -0.2431, -0.1612, -0.0839, 0.0259, 0.1626, 0.3326, 0.5311, 0.0086, -0.0385, 0, 0, -0.038, 0.147, 0.4205,
    0.0239, -0.0049, 0, 0, 0.0169, -0.0171, 0.0616, 0.0064,
  ],
  paired: [
    -2.1621, 0.0201, 0.1166, 0.2091, 0.3247, 0.5003, 0.7314, 0.9765, 1.271, 1.6396, 2.0198, 2.4545, 0.0419, 0.147, 0.2913, 0.282, -0.0032, 0.1932, 0.5807,
    0.0538, -0.0147, 0, 0, 0.0106, -0.0062, 0.0171, -0.0281,
  ],
};

/** The predicted value of calling a weak hand, in antes (folding is -1). */
export function callValue(hand: WeakHand, models: Record<FlopKind, readonly number[]> = WEAK_HAND_MODELS): number {
  const weights = models[hand.kind];
  return hand.inputs.reduce((sum, x, i) => sum + x * (weights[i] ?? 0), 0);
}

/** Call or fold, given the player's two cards and the flop. */
export function holdemAdvisor(player: readonly string[], flop: readonly string[]): HoldemDecision {
  const weak = weakHand(player, flop);
  return weak === null || callValue(weak) > -1 ? 'call' : 'fold';
}
