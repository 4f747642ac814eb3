// Blackjack from a six-deck shoe shuffled for every round, with the moves a player
// expects: hit, stand, double down, split, insurance and late surrender. The table's
// rules are catalogue data (`blackjackConfig`): whether the dealer stands on soft 17,
// doubling after a split, surrender, how many hands a pair may split into. The dealer
// offers insurance when showing an ace, then peeks for blackjack before anyone plays.
//
// Every move that puts more money on the table (double, split, insurance) is a stake
// of its own: `stakeFor` says how much before the move is played, the studio takes it
// through the wallet, and only then does `act` play the move. A round ends with what
// each stake returns (`payouts`), so a doubled hand that wins and an insurance that
// loses are paid, and counted for a bonus, each the way its own stake was paid.
import { z } from 'zod';
import { dealCards } from './cards.ts';
import { type Engine, EngineError, ONE_X, type Rng, type RoundStep } from './types.ts';
import {
  BLACKJACK_MOVES,
  type BlackjackHandView,
  type BlackjackInsurance,
  type BlackjackMove,
  type BlackjackRules,
  type BlackjackView,
  type HandOutcome,
} from '../../../shared/game-views.ts';

export const blackjackChoice = z.object({});
export type BlackjackChoice = z.infer<typeof blackjackChoice>;

export const blackjackAction = z.object({ move: z.enum(BLACKJACK_MOVES) });
export type BlackjackAction = z.infer<typeof blackjackAction>;

/**
 * A table's rules. Fixed for every table: six decks, blackjack pays 3 to 2, the dealer
 * peeks with an ace or a ten showing, doubling on any first two cards, pairs are two
 * cards of the same value, split aces take one card each and a two-card 21 after a
 * split pays even money. Insurance, when offered, costs half the stake and pays 2 to 1.
 */
export const blackjackConfig = z.object({
  theme: z.string().optional(),
  /** Whether the dealer stands or draws on a soft 17 (an ace counted eleven, e.g. A-6). */
  soft17: z.enum(['stand', 'hit']).default('stand'),
  /** Doubling a two-card hand that came from a split. */
  doubleAfterSplit: z.boolean().default(true),
  /** Hands a pair may be split into, resplits included: 4 is "resplit up to three times". Aces are never resplit. */
  maxHands: z.number().int().min(2).max(4).default(4),
  /** Late surrender: half the stake back as the first move, once the dealer has checked for blackjack. */
  surrender: z.enum(['late', 'none']).default('late'),
  /** Insurance when the dealer shows an ace, before the dealer checks for blackjack. */
  insurance: z.boolean().default(true),
});
export type BlackjackConfig = z.infer<typeof blackjackConfig>;

/** The house rules, as a catalogue entry with only a theme gets them. */
export const HOUSE_RULES: BlackjackRules = blackjackConfig.parse({});

export interface BlackjackHand {
  cards: string[];
  /** Which of the round's stakes are on this hand: its own, then the double's. */
  stakes: number[];
  fromSplit: boolean;
  doubled: boolean;
  /** No more moves: stood, doubled, busted, reached 21, surrendered, or a split ace dealt its card. */
  done: boolean;
  outcome: HandOutcome | null;
}

export interface BlackjackState {
  hands: BlackjackHand[];
  /** The hand being played; -1 while insurance is asked and once the round is over. */
  active: number;
  /** The dealer's cards; the second one is the hole card, hidden until the round ends. */
  dealer: string[];
  /** The cards still to come off the shoe, in dealing order. */
  shoe: string[];
  /** The round's stakes in basis points of the chosen stake, in the order they were taken. */
  stakes: number[];
  insurance: BlackjackInsurance;
  /** Which of the round's stakes is the insurance, once taken. */
  insuranceStake: number | null;
  over: boolean;
  /** A hand dealt by the release before doubling and splitting: its short shoe was cut for hit and stand only. */
  legacy?: boolean;
}

/** What a hand's stakes return by its outcome, in basis points of each stake. */
export const BLACKJACK_PAYOUTS: Record<HandOutcome, number> = {
  blackjack: 25_000,
  win: 2 * ONE_X,
  push: ONE_X,
  lose: 0,
  bust: 0,
  surrender: ONE_X / 2,
};
/** Insurance costs half the stake and pays 2 to 1: three times itself back when the dealer has blackjack. */
export const INSURANCE_STAKE = ONE_X / 2;
export const INSURANCE_PAYS = 3 * ONE_X;

const SHOE_DECKS = 6;

// How many cards a round can use, so only that many are dealt and stored. Before its
// last card a player's hand totals at most 20 counting aces as one (a hand stops at
// 21), and the dealer's at most 16; so at most 4 × 20 + 16 = 96 points of cards come
// before the last card of each hand. Six decks hold 24 aces and 24 twos (72 points in
// 48 cards) and then threes, so 96 points is at most 48 + 8 = 56 cards; with the last
// card of the four hands and of the dealer, a round uses at most 61 cards.
const MOST_CARDS_A_ROUND_USES = 61;

/** The best total of a blackjack hand, and whether an ace in it still counts eleven. */
export function handTotal(cards: readonly string[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const rank = card[0];
    if (rank === 'A') aces++;
    total += rank === 'A' ? 1 : 'TJQK'.includes(rank ?? '') ? 10 : Number(rank);
  }
  // At most one ace can count eleven without busting, so one upgrade is enough.
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

/** A card's blackjack value: ace 1, court cards 10. */
export function cardValue(card: string): number {
  const rank = card[0] ?? '';
  return rank === 'A' ? 1 : 'TJQK'.includes(rank) ? 10 : Number(rank);
}

function isNatural(hand: BlackjackHand): boolean {
  return !hand.fromSplit && hand.cards.length === 2 && handTotal(hand.cards).total === 21;
}

function dealerBlackjack(state: BlackjackState): boolean {
  return state.dealer.length === 2 && handTotal(state.dealer).total === 21;
}

/** The moves the active hand may make under `rules`. */
export function allowedMoves(state: BlackjackState, rules: BlackjackRules): BlackjackMove[] {
  if (state.over) return [];
  if (state.insurance === 'offered') return ['insurance', 'no_insurance'];
  const hand = state.hands[state.active];
  if (!hand || hand.done) return [];
  const moves: BlackjackMove[] = ['hit', 'stand'];
  if (state.legacy || hand.cards.length !== 2) return moves;
  if (!hand.fromSplit || rules.doubleAfterSplit) moves.push('double');
  const [a, b] = hand.cards as [string, string];
  const splitAces = hand.fromSplit && a[0] === 'A';
  if (cardValue(a) === cardValue(b) && state.hands.length < rules.maxHands && !splitAces) moves.push('split');
  if (rules.surrender === 'late' && state.hands.length === 1 && !hand.fromSplit) moves.push('surrender');
  return moves;
}

function draw(state: BlackjackState): string {
  const card = state.shoe[0];
  if (!card) throw new Error('the shoe ran out of cards');
  state.shoe = state.shoe.slice(1);
  return card;
}

function copy(state: BlackjackState): BlackjackState {
  return {
    ...state,
    hands: state.hands.map((h) => ({ ...h, cards: [...h.cards], stakes: [...h.stakes] })),
    dealer: [...state.dealer],
    stakes: [...state.stakes],
  };
}

// Moves play to the next hand that still has moves, dealing the second card of a split
// hand when its turn comes; split aces and 21s have none. With no hand left, the dealer plays.
function advance(state: BlackjackState, rules: BlackjackRules): BlackjackState {
  for (let i = Math.max(state.active, 0); i < state.hands.length; i++) {
    const hand = state.hands[i]!;
    if (hand.done) continue;
    if (hand.cards.length === 1) {
      hand.cards.push(draw(state));
      if (hand.cards[0]![0] === 'A' || handTotal(hand.cards).total === 21) hand.done = true;
      if (hand.done) continue;
    }
    state.active = i;
    return state;
  }
  return finish(state, rules);
}

// The dealer draws to 17 (and on a soft 17 when the table says so), unless no hand is
// left to beat; then every hand is compared with the dealer's.
function finish(state: BlackjackState, rules: BlackjackRules): BlackjackState {
  state.active = -1;
  state.over = true;
  const live = state.hands.some((h) => h.outcome === null && handTotal(h.cards).total <= 21);
  if (live) {
    for (;;) {
      const { total, soft } = handTotal(state.dealer);
      if (total > 17 || (total === 17 && !(soft && rules.soft17 === 'hit'))) break;
      state.dealer.push(draw(state));
    }
  }
  const dealer = handTotal(state.dealer).total;
  for (const hand of state.hands) {
    if (hand.outcome !== null) continue;
    const mine = handTotal(hand.cards).total;
    hand.outcome = mine > 21 ? 'bust' : dealer > 21 || mine > dealer ? 'win' : mine === dealer ? 'push' : 'lose';
  }
  return state;
}

// After the insurance question (or straight after the deal): the dealer peeks with an
// ace or a ten showing and a blackjack ends the round; a player's blackjack is paid at once.
function afterInsurance(state: BlackjackState, rules: BlackjackRules): BlackjackState {
  const hand = state.hands[0]!;
  const natural = isNatural(hand);
  if (dealerBlackjack(state)) {
    hand.outcome = natural ? 'push' : 'lose';
    hand.done = true;
    state.over = true;
    state.active = -1;
    return state;
  }
  if (natural) {
    hand.outcome = 'blackjack';
    hand.done = true;
    state.over = true;
    state.active = -1;
    return state;
  }
  state.active = 0;
  return advance(state, rules);
}

function handView(state: BlackjackState, hand: BlackjackHand): BlackjackHandView {
  const { total, soft } = handTotal(hand.cards);
  const stake = hand.stakes.reduce((sum, i) => sum + (state.stakes[i] ?? 0), 0);
  return {
    cards: hand.cards,
    total,
    soft,
    stake,
    doubled: hand.doubled,
    fromSplit: hand.fromSplit,
    outcome: hand.outcome,
    returned: state.over && hand.outcome ? (stake * BLACKJACK_PAYOUTS[hand.outcome]) / ONE_X : null,
  };
}

/** What each of the round's stakes returns, once it is over. */
function payoutsOf(state: BlackjackState): number[] {
  const payouts = state.stakes.map(() => 0);
  for (const hand of state.hands) for (const i of hand.stakes) payouts[i] = BLACKJACK_PAYOUTS[hand.outcome ?? 'lose'];
  if (state.insuranceStake !== null) payouts[state.insuranceStake] = dealerBlackjack(state) ? INSURANCE_PAYS : 0;
  return payouts;
}

function stepOf(state: BlackjackState, rules: BlackjackRules): RoundStep<BlackjackState, BlackjackView> {
  const over = state.over;
  const shownDealer = over ? state.dealer : state.dealer.slice(0, 1);
  const peeked = over || state.active >= 0;
  const view: BlackjackView = {
    hands: state.hands.map((h) => handView(state, h)),
    active: state.active >= 0 ? state.active : null,
    dealer: over ? state.dealer : [state.dealer[0]!, null],
    dealerTotal: handTotal(shownDealer).total,
    insurance: state.insurance,
    insuranceWon: state.insurance === 'taken' && peeked ? dealerBlackjack(state) : null,
    dealerBlackjack: over ? dealerBlackjack(state) : null,
    over,
  };
  if (!over) return { state, view, done: false, payout: 0, actions: allowedMoves(state, rules), stakes: state.stakes };
  const payouts = payoutsOf(state);
  const payout = state.stakes.reduce((sum, stake, i) => sum + (stake * payouts[i]!) / ONE_X, 0);
  return { state, view, done: true, payout, actions: [], stakes: state.stakes, payouts };
}

/** Deals a round from a shoe in a known order: player, dealer, player, dealer (the hole card), then draws. */
export function dealBlackjackFrom(shoe: string[], config: Partial<BlackjackConfig> = {}): RoundStep<BlackjackState, BlackjackView> {
  const rules = blackjackConfig.parse(config);
  const state: BlackjackState = {
    hands: [{ cards: [shoe[0]!, shoe[2]!], stakes: [0], fromSplit: false, doubled: false, done: false, outcome: null }],
    active: -1,
    dealer: [shoe[1]!, shoe[3]!],
    shoe: shoe.slice(4),
    stakes: [ONE_X],
    insurance: null,
    insuranceStake: null,
    over: false,
  };
  if (rules.insurance && state.dealer[0]![0] === 'A') {
    state.insurance = 'offered';
    return stepOf(state, rules);
  }
  return stepOf(afterInsurance(state, rules), rules);
}

function legal(state: BlackjackState, action: BlackjackAction, rules: BlackjackRules): void {
  if (state.over) throw new EngineError('round_over');
  if (!allowedMoves(state, rules).includes(action.move)) throw new EngineError('move_not_allowed');
}

/** The extra stake a move takes, in basis points of the chosen stake: double and split one stake more, insurance half. */
function stakeFor(state: BlackjackState, action: BlackjackAction, config: BlackjackConfig): number {
  legal(state, action, config);
  if (action.move === 'double' || action.move === 'split') return ONE_X;
  return action.move === 'insurance' ? INSURANCE_STAKE : 0;
}

/** Plays a move of the active hand (or answers the insurance question). */
function move(_rng: Rng, current: BlackjackState, action: BlackjackAction, config: BlackjackConfig): RoundStep<BlackjackState, BlackjackView> {
  legal(current, action, config);
  const state = copy(current);
  if (action.move === 'insurance' || action.move === 'no_insurance') {
    if (action.move === 'insurance') {
      state.stakes.push(INSURANCE_STAKE);
      state.insuranceStake = state.stakes.length - 1;
    }
    state.insurance = action.move === 'insurance' ? 'taken' : 'declined';
    return stepOf(afterInsurance(state, config), config);
  }
  const hand = state.hands[state.active]!;
  switch (action.move) {
    case 'hit': {
      hand.cards.push(draw(state));
      // No card improves on 21, so reaching it stands, and over it the hand is lost.
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      if (!hand.done) return stepOf(state, config);
      break;
    }
    case 'stand':
      hand.done = true;
      break;
    case 'double':
      state.stakes.push(ONE_X);
      hand.stakes.push(state.stakes.length - 1);
      hand.doubled = true;
      hand.cards.push(draw(state));
      hand.done = true;
      break;
    case 'split': {
      state.stakes.push(ONE_X);
      const second: BlackjackHand = { cards: [hand.cards[1]!], stakes: [state.stakes.length - 1], fromSplit: true, doubled: false, done: false, outcome: null };
      hand.cards = [hand.cards[0]!];
      hand.fromSplit = true;
      state.hands.splice(state.active + 1, 0, second);
      break;
    }
    case 'surrender':
      hand.outcome = 'surrender';
      hand.done = true;
      break;
  }
  return stepOf(advance(state, config), config);
}

/** An abandoned hand stands: no insurance is bought, every hand left stands as it is, and the dealer plays out. */
function abandon(current: BlackjackState, config: BlackjackConfig): RoundStep<BlackjackState, BlackjackView> {
  if (current.over) return stepOf(current, config);
  let state = copy(current);
  if (state.insurance === 'offered') {
    state.insurance = 'declined';
    state = afterInsurance(state, config);
    if (state.over) return stepOf(state, config);
  }
  // Split hands still waiting for their second card get it, as they would on their turn.
  for (;;) {
    const hand = state.hands[state.active];
    if (!hand || state.over) break;
    hand.done = true;
    state = advance(state, config);
  }
  return stepOf(state.over ? state : finish(state, config), config);
}

export const blackjack: Engine<BlackjackChoice, BlackjackState, BlackjackView, BlackjackAction, BlackjackConfig> = {
  id: 'blackjack',
  choice: blackjackChoice,
  action: blackjackAction,
  config: blackjackConfig,
  start: (rng, _choice, config) => dealBlackjackFrom(dealCards(rng, MOST_CARDS_A_ROUND_USES, SHOE_DECKS), config),
  act: move,
  stakeFor,
  abandon,
  rtp: (config) => blackjackRtp(config),
};

/**
 * The return of each table's rules with the best play for the cards in hand, per unit
 * of the chosen stake (what players are quoted: 1 minus the house edge): what the
 * combinatorial analysis in blackjack-analysis.ts computes for the six-deck shoe, to
 * four places. The unit test recomputes every entry, plays the engine against the
 * house rules' figure, and checks that every catalogue table has its entry here.
 * Keyed by `rulesKey`.
 */
export const BLACKJACK_RTP: Record<string, number> = {
  // The house rules: stands on soft 17, double after split, four hands, late surrender (0.996690).
  'stand17/das/4h/late': 0.9967,
  // The same with the dealer drawing to soft 17 (0.994721).
  'hit17/das/4h/late': 0.9947,
  // Drawing to soft 17 and no surrender (0.993838).
  'hit17/das/4h/none': 0.9938,
  // Standing on soft 17, no double after a split, two hands at most (0.994938).
  'stand17/nodas/2h/late': 0.9949,
};

/** The key of a table's rules in BLACKJACK_RTP. */
export function rulesKey(rules: BlackjackRules): string {
  return `${rules.soft17}17/${rules.doubleAfterSplit ? 'das' : 'nodas'}/${rules.maxHands}h/${rules.surrender}`;
}

function blackjackRtp(config: BlackjackConfig): number {
  const rtp = BLACKJACK_RTP[rulesKey(config)];
  // A table whose rules have no proven figure is a catalogue mistake the unit test catches.
  if (rtp === undefined) throw new Error(`no proven return for the blackjack rules ${rulesKey(config)}`);
  return rtp;
}

export { BLACKJACK_MOVES, type BlackjackHandView, type BlackjackMove, type BlackjackRules, type BlackjackView, type HandOutcome };
