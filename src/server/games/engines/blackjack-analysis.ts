// The return of a blackjack table by combinatorial analysis of the six-deck shoe, and
// the play it assumes. Not used while dealing: the unit test runs it to prove the
// figures in BLACKJACK_RTP, and plays the engine with `blackjackAdvisor` to show that
// the engine pays what the analysis says.
//
// The play is the best for the cards in hand ("composition-dependent"): at each
// decision the move with the highest expected value given the player's cards, the
// dealer's up card and the cards that left the shoe with them. How it is computed:
//
// - The dealer's final total is a recursion over the cards left: each draw takes a
//   card of each rank with its remaining count over the cards remaining, until 17
//   (or a soft 17 when the dealer hits it). With an ace or a ten showing the dealer
//   has already checked for blackjack, so the hole card is drawn from the cards that
//   do not make one, and the player's own draws are weighted by how each changes the
//   chance of such a hole card (exact for the cards of one hand).
// - A player's hand is valued move by move: stand from the dealer's distribution,
//   hit and double over every next card, surrender at -1/2.
// - A split is valued as the sum over its hands of one hand that starts with the pair
//   card, with both pair cards out of the shoe; a hand that draws the pair card again
//   splits again while the table allows more hands. That takes the cards of the other
//   split hands as still unseen: the usual simplification of a blackjack analysis,
//   which moves the return by far less than its last stated place. Split aces take
//   one card each.
// - Insurance is never bought: at most 96 of the 309 unseen cards are tens, so it
//   pays 2 to 1 on a chance below one in three.
import { type BlackjackMove, type BlackjackRules, type BlackjackState, HOUSE_RULES } from './blackjack.ts';

// Ranks by index: 0 is the ace, 1…8 the two to the nine, 9 every ten-valued card.
const RANK_COUNT = 10;
const ACE = 0;
const TEN = 9;
const VALUE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
/** Cards of each rank in six decks. */
const SHOE = [24, 24, 24, 24, 24, 24, 24, 24, 24, 96];
const SHOE_SIZE = 312;

/** A multiset of ranks as one number: count of rank r times 23^r (no hand holds 23 of a rank). */
const BASE = 23;
const WEIGHT = Array.from({ length: RANK_COUNT }, (_, r) => BASE ** r);

export function rankIndex(card: string): number {
  const rank = card[0] ?? '';
  if (rank === 'A') return ACE;
  if ('TJQK'.includes(rank)) return TEN;
  return Number(rank) - 1;
}

function bestTotal(hard: number, aces: number): { total: number; soft: boolean } {
  const soft = aces > 0 && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

interface Valued {
  /** Expected net result in units of the chosen stake. */
  ev: number;
  /** Expected money staked on the hand, in units of the chosen stake. */
  staked: number;
}

/** The dealer's final total: [17, 18, 19, 20, 21, bust]. */
type DealerOutcome = Float64Array;

/** The result of a whole table under the best play. */
export interface BlackjackAnalysis {
  /** Returned per unit of the chosen stake: 1 + expected net result. The figure players are quoted. */
  rtp: number;
  /** Returned per unit of all money staked (doubles and splits included). */
  rtpPerWagered: number;
  /** Expected money staked per round, in units of the chosen stake. */
  averageStake: number;
}

/** The analysis of one table's rules; decisions and values are worked out when first asked for and kept. */
function createAnalysis(rules: BlackjackRules) {
  // Per up card: the player's hand values by (removed-by-split pair card, hand, how the hand may move).
  const handMemo = new Map<string, Valued>();
  const dealerMemo = new Map<number, DealerOutcome>();

  /** The rank the hole card cannot be once the dealer checked for blackjack, or -1. */
  const excluded = (up: number) => (up === ACE ? TEN : up === TEN ? ACE : -1);

  /** Cards left after the up card and `removed` (a multiset key) came out. */
  function remaining(up: number, removed: number[]): { n: number[]; total: number } {
    const n = [...SHOE];
    n[up]!--;
    let total = SHOE_SIZE - 1;
    for (let r = 0; r < RANK_COUNT; r++) {
      n[r]! -= removed[r]!;
      total -= removed[r]!;
    }
    return { n, total };
  }

  /** Chance that a hole card drawn from `n` does not give the dealer blackjack. */
  function noBlackjack(up: number, n: number[], total: number): number {
    const x = excluded(up);
    return x < 0 ? 1 : (total - n[x]!) / total;
  }

  /** Chance of each next card for the player, given that the hole card does not make blackjack. */
  function nextCard(up: number, n: number[], total: number): Float64Array {
    const p = new Float64Array(RANK_COUNT);
    const before = noBlackjack(up, n, total);
    for (let r = 0; r < RANK_COUNT; r++) {
      if (n[r] === 0) continue;
      n[r]!--;
      p[r] = ((n[r]! + 1) / total) * (noBlackjack(up, n, total - 1) / before);
      n[r]!++;
    }
    return p;
  }

  /**
   * The dealer's finished hands from one up card: which cards were drawn, how many
   * orders of them the dealer draws (always, and without the hole card that makes
   * blackjack first) and the result. Every order of the same cards is equally likely
   * from any shoe, so a shoe's outcome is a sum of products over this list.
   */
  interface Finished {
    /** Per finished hand, in one flat list: its cards, result and number of orders, then (rank, count) pairs. */
    cards: Int32Array;
    result: Int32Array;
    orders: Float64Array;
    ordersWithoutNatural: Float64Array;
    /** Where each hand's (rank, count) pairs start in `pairs`; one more entry closes the last. */
    start: Int32Array;
    pairs: Int32Array;
  }
  const finishedMemo = new Map<number, Finished>();

  function finishedHands(up: number): Finished {
    const known = finishedMemo.get(up);
    if (known) return known;
    const byKey = new Map<number, { counts: number[]; cards: number; orders: number; ordersWithoutNatural: number; result: number }>();
    const x = excluded(up);
    const drawn = new Array<number>(RANK_COUNT).fill(0);
    const walk = (hard: number, aces: number, key: number, cards: number, first: number) => {
      const { total, soft } = bestTotal(hard, aces);
      const stands = hard > 21 || total > 17 || (total === 17 && !(soft && rules.soft17 === 'hit'));
      if (stands) {
        let hand = byKey.get(key);
        if (!hand) {
          hand = { counts: [...drawn], cards, orders: 0, ordersWithoutNatural: 0, result: hard > 21 ? 5 : total - 17 };
          byKey.set(key, hand);
        }
        hand.orders++;
        if (first !== x) hand.ordersWithoutNatural++;
        return;
      }
      for (let r = 0; r < RANK_COUNT; r++) {
        drawn[r]!++;
        walk(hard + VALUE[r]!, aces + (r === ACE ? 1 : 0), key + WEIGHT[r]!, cards + 1, cards === 0 ? r : first);
        drawn[r]!--;
      }
    };
    walk(VALUE[up]!, up === ACE ? 1 : 0, 0, 0, -1);
    const hands = [...byKey.values()];
    const pairs: number[] = [];
    const start: number[] = [];
    for (const hand of hands) {
      start.push(pairs.length);
      hand.counts.forEach((c, r) => {
        if (c > 0) pairs.push(r, c);
      });
    }
    start.push(pairs.length);
    const list: Finished = {
      cards: Int32Array.from(hands, (h) => h.cards),
      result: Int32Array.from(hands, (h) => h.result),
      orders: Float64Array.from(hands, (h) => h.orders),
      ordersWithoutNatural: Float64Array.from(hands, (h) => h.ordersWithoutNatural),
      start: Int32Array.from(start),
      pairs: Int32Array.from(pairs),
    };
    finishedMemo.set(up, list);
    return list;
  }

  function dealerOutcome(up: number, removed: number[]): DealerOutcome {
    let key = up;
    for (let r = 0; r < RANK_COUNT; r++) key += removed[r]! * WEIGHT[r]! * RANK_COUNT;
    const known = dealerMemo.get(key);
    if (known) return known;
    const { n, total } = remaining(up, removed);
    const x = excluded(up);
    // Chance of one given order of k cards: the falling products of each rank's count
    // over the falling product of the cards left (the hole card from the non-blackjack ones).
    const below = new Float64Array(32);
    below[0] = 1;
    for (let k = 1; k < below.length; k++) below[k] = (k === 1 && x >= 0 ? total - n[x]! : total - k + 1) * below[k - 1]!;
    const hands = finishedHands(up);
    const orders = x >= 0 ? hands.ordersWithoutNatural : hands.orders;
    const { start, pairs, cards, result } = hands;
    const outcome = new Float64Array(6);
    for (let h = 0; h < cards.length; h++) {
      let p = orders[h]!;
      if (p === 0) continue;
      for (let i = start[h]!; i < start[h + 1]! && p > 0; i += 2) {
        const left = n[pairs[i]!]!;
        const count = pairs[i + 1]!;
        for (let j = 0; j < count; j++) p *= left - j;
      }
      if (p > 0) outcome[result[h]!]! += p / below[cards[h]!]!;
    }
    dealerMemo.set(key, outcome);
    return outcome;
  }

  function standEv(up: number, removed: number[], playerTotal: number): number {
    if (playerTotal > 21) return -1;
    const d = dealerOutcome(up, removed);
    let ev = d[5]!;
    for (let t = 17; t <= 21; t++) ev += t < playerTotal ? d[t - 17]! : t > playerTotal ? -d[t - 17]! : 0;
    return ev;
  }

  /** A hand's cards as counts, with what else left the shoe (the other card of a split pair). */
  interface Hand {
    counts: number[];
    hard: number;
    aces: number;
    /** The pair card of a split hand, else -1. */
    pair: number;
  }

  const removedBy = (hand: Hand) => {
    const removed = [...hand.counts];
    if (hand.pair >= 0) removed[hand.pair]!++;
    return removed;
  };

  function handKey(up: number, hand: Hand, mode: string): string {
    let key = 0;
    for (let r = 0; r < RANK_COUNT; r++) key += hand.counts[r]! * WEIGHT[r]!;
    return `${up}:${hand.pair}:${mode}:${key}`;
  }

  function withCard(hand: Hand, r: number): Hand {
    const counts = [...hand.counts];
    counts[r]!++;
    return { counts, hard: hand.hard + VALUE[r]!, aces: hand.aces + (r === ACE ? 1 : 0), pair: hand.pair };
  }

  /** Values of the moves open to a hand: 'later' (hit or stand), 'first' (an unsplit two-card hand), 'split' (a two-card split hand). */
  function moves(up: number, hand: Hand, mode: 'later' | 'first' | 'split'): Partial<Record<BlackjackMove, Valued>> {
    const removed = removedBy(hand);
    const { total } = bestTotal(hand.hard, hand.aces);
    const out: Partial<Record<BlackjackMove, Valued>> = { stand: { ev: standEv(up, removed, total), staked: 1 } };
    if (total >= 21) return out;
    const { n, total: left } = remaining(up, removed);
    const p = nextCard(up, n, left);
    let hit = 0;
    let hitStaked = 0;
    let double = 0;
    for (let r = 0; r < RANK_COUNT; r++) {
      if (p[r] === 0) continue;
      const next = withCard(hand, r);
      const after = best(up, next, 'later');
      hit += p[r]! * after.ev;
      hitStaked += p[r]! * after.staked;
      if (mode !== 'later') double += p[r]! * 2 * standEv(up, removedBy(next), bestTotal(next.hard, next.aces).total);
    }
    out.hit = { ev: hit, staked: hitStaked };
    if (mode === 'first' || (mode === 'split' && rules.doubleAfterSplit)) out.double = { ev: double, staked: 2 };
    if (mode === 'first' && rules.surrender === 'late') out.surrender = { ev: -0.5, staked: 1 };
    return out;
  }

  function argmax(options: Partial<Record<BlackjackMove, Valued>>): { move: BlackjackMove; value: Valued } {
    let pick: { move: BlackjackMove; value: Valued } | undefined;
    for (const [move, value] of Object.entries(options) as [BlackjackMove, Valued][]) if (!pick || value.ev > pick.value.ev) pick = { move, value };
    return pick as { move: BlackjackMove; value: Valued };
  }

  function best(up: number, hand: Hand, mode: 'later' | 'first' | 'split'): Valued {
    if (hand.hard > 21) return { ev: -1, staked: 1 };
    const key = handKey(up, hand, mode);
    const known = handMemo.get(key);
    if (known) return known;
    const value = argmax(moves(up, hand, mode)).value;
    handMemo.set(key, value);
    return value;
  }

  function handOf(...ranks: number[]): Hand {
    const counts = new Array<number>(RANK_COUNT).fill(0);
    let hard = 0;
    let aces = 0;
    for (const r of ranks) {
      counts[r]!++;
      hard += VALUE[r]!;
      if (r === ACE) aces++;
    }
    return { counts, hard, aces, pair: -1 };
  }

  /**
   * A split of a pair of `pair` against `up`: the sum over the hands it makes. Each hand
   * starts with one pair card; drawing the pair card again splits once more while the
   * table allows another hand (never for aces), so with the chance q of that card and
   * W the value of a hand that drew anything else, k hands waiting with h on the table
   * are worth F(k, h) = W + (1 - q) F(k - 1, h) + q F(k + 1, h + 1).
   */
  function split(up: number, pair: number): Valued {
    const key = `${up}:split:${pair}`;
    const known = handMemo.get(key);
    if (known) return known;
    const start: Hand = { ...handOf(pair), pair };
    const { n, total } = remaining(up, removedBy(start));
    const p = nextCard(up, n, total);
    const resplit = pair !== ACE;
    const twoCard = (r: number): Valued => {
      const hand = withCard(start, r);
      if (pair === ACE) return { ev: standEv(up, removedBy(hand), bestTotal(hand.hard, hand.aces).total), staked: 1 };
      return best(up, hand, 'split');
    };
    let other = { ev: 0, staked: 0 };
    for (let r = 0; r < RANK_COUNT; r++) {
      if (p[r] === 0 || (resplit && r === pair)) continue;
      const v = twoCard(r);
      other = { ev: other.ev + p[r]! * v.ev, staked: other.staked + p[r]! * v.staked };
    }
    const q = resplit ? p[pair]! : 0;
    const capped = resplit ? twoCard(pair) : { ev: 0, staked: 0 };
    const whole = { ev: other.ev + q * capped.ev, staked: other.staked + q * capped.staked };
    const memo = new Map<string, Valued>();
    const f = (k: number, h: number): Valued => {
      if (k === 0) return { ev: 0, staked: 0 };
      if (h >= rules.maxHands) return { ev: k * whole.ev, staked: k * whole.staked };
      const id = `${k}/${h}`;
      const seen = memo.get(id);
      if (seen) return seen;
      const done = f(k - 1, h);
      const again = f(k + 1, h + 1);
      const value = { ev: other.ev + (1 - q) * done.ev + q * again.ev, staked: other.staked + (1 - q) * done.staked + q * again.staked };
      memo.set(id, value);
      return value;
    };
    const value = f(2, 2);
    handMemo.set(key, value);
    return value;
  }

  /** The moves open to the first two cards (once the dealer has checked), with their values. */
  function firstMoves(up: number, a: number, b: number): Partial<Record<BlackjackMove, Valued>> {
    const options = moves(up, handOf(a, b), 'first');
    if (VALUE[a] === VALUE[b]) options.split = split(up, a);
    return options;
  }

  function whole(): BlackjackAnalysis {
    let net = 0;
    let staked = 0;
    for (let up = 0; up < RANK_COUNT; up++) {
      for (let a = 0; a < RANK_COUNT; a++) {
        for (let b = 0; b < RANK_COUNT; b++) {
          // Dealt player, dealer, player: the chance of this first card, up card and second card.
          const n = [...SHOE];
          let p = n[a]! / SHOE_SIZE;
          n[a]!--;
          p *= n[up]! / (SHOE_SIZE - 1);
          n[up]!--;
          p *= n[b]! / (SHOE_SIZE - 2);
          n[b]!--;
          if (p === 0) continue;
          const x = excluded(up);
          const dealerNatural = x >= 0 ? n[x]! / (SHOE_SIZE - 3) : 0;
          const natural = VALUE[a]! + VALUE[b]! === 11 && (a === ACE || b === ACE);
          const played = natural ? { ev: 1.5, staked: 1 } : argmax(firstMoves(up, a, b)).value;
          net += p * (dealerNatural * (natural ? 0 : -1) + (1 - dealerNatural) * played.ev);
          staked += p * (dealerNatural + (1 - dealerNatural) * played.staked);
        }
      }
    }
    return { rtp: 1 + net, rtpPerWagered: 1 + net / staked, averageStake: staked };
  }

  const decisions = new Map<string, BlackjackMove>();

  /** The best move in an engine state (never insurance). */
  function advise(state: BlackjackState): BlackjackMove {
    if (state.insurance === 'offered') return 'no_insurance';
    const hand = state.hands[state.active];
    if (!hand) throw new Error('no hand to play');
    const up = rankIndex(state.dealer[0]!);
    const ranks = hand.cards.map(rankIndex);
    const first = !hand.fromSplit && hand.cards.length === 2 && state.hands.length === 1;
    const pair = hand.fromSplit ? ranks[0]! : -1;
    const mode = first ? 'first' : hand.fromSplit && hand.cards.length === 2 ? 'split' : 'later';
    // The analysis splits a pair card drawn to a split hand whenever the table allows.
    if (mode === 'split' && VALUE[ranks[1]!] === VALUE[pair] && state.hands.length < rules.maxHands && pair !== ACE) return 'split';
    const own = { ...handOf(...ranks), pair };
    const key = handKey(up, own, mode);
    let move = decisions.get(key);
    if (!move) {
      move = argmax(mode === 'first' ? firstMoves(up, ranks[0]!, ranks[1]!) : moves(up, own, mode)).move;
      decisions.set(key, move);
    }
    return move;
  }

  return { whole, advise };
}

const analyses = new Map<string, ReturnType<typeof createAnalysis>>();

function analysisOf(rules: BlackjackRules) {
  const key = JSON.stringify([rules.soft17, rules.doubleAfterSplit, rules.maxHands, rules.surrender, rules.insurance]);
  let analysis = analyses.get(key);
  if (!analysis) {
    analysis = createAnalysis(rules);
    analyses.set(key, analysis);
  }
  return analysis;
}

/** The return of a table's rules under the best play for the cards in hand. */
export function analyseBlackjack(rules: BlackjackRules = HOUSE_RULES): BlackjackAnalysis {
  return analysisOf(rules).whole();
}

/** The move the analysis plays in a state: what a simulation of the engine plays to check the analysis. */
export function blackjackAdvisor(rules: BlackjackRules = HOUSE_RULES): (state: BlackjackState) => BlackjackMove {
  return analysisOf(rules).advise;
}
