import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACCARAT_PAYOUTS, BACCARAT_RTP, type BaccaratBet, type BaccaratWinner, baccarat, playBaccaratFrom } from '../../src/server/games/engines/baccarat.ts';
import { blackjack, dealBlackjackFrom, handTotal } from '../../src/server/games/engines/blackjack.ts';
import {
  bestOfSeven,
  dealCards,
  HAND_RANKS,
  type HandRank,
  ONE_DECK,
  pokerHand,
  rankValue,
  SUITS,
  shuffledDeck,
} from '../../src/server/games/engines/cards.ts';
import { casinoHoldem, HOLDEM_ANTE_BONUS, HOLDEM_WIN_PAYS, playHoldemFrom } from '../../src/server/games/engines/holdem.ts';
import { EngineError, ONE_X, type Rng } from '../../src/server/games/engines/types.ts';
import { dealVideoPokerFrom, payoutFor, videoPoker } from '../../src/server/games/engines/video-poker.ts';

// mulberry32: small, fast and good enough to make simulations repeatable.
function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (n) => Math.floor(next() * n) };
}

// Stacked decks put chosen cards on top and the rest of one deck after them, so each
// card string below the top appears once and can be looked for in a view.
function stacked(top: string[]): string[] {
  return [...top, ...ONE_DECK.filter((card) => !top.includes(card))];
}

// Blackjack deals player, dealer, player, dealer, then draws in order.
function blackjackShoe(player: [string, string], dealer: [string, string], ...draws: string[]): string[] {
  return stacked([player[0], dealer[0], player[1], dealer[1], ...draws]);
}

const noRng: Rng = {
  int: () => {
    throw new Error('a stacked round must not draw randomness');
  },
};

// The simulations take a second or two alone, longer on a busy machine.
const SLOW = { timeout: 30_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cards', () => {
  it('shuffles one deck into 52 different cards and six decks into six of each', () => {
    const deck = shuffledDeck(seededRng(1));
    expect(new Set(deck).size).toBe(52);
    expect([...deck].sort()).toEqual([...ONE_DECK].sort());
    const shoe = shuffledDeck(seededRng(2), 6);
    expect(shoe).toHaveLength(312);
    for (const card of ONE_DECK) expect(shoe.filter((c) => c === card)).toHaveLength(6);
  });

  it('shuffles the same way for the same seed and differently for another', () => {
    expect(shuffledDeck(seededRng(9))).toEqual(shuffledDeck(seededRng(9)));
    expect(shuffledDeck(seededRng(9))).not.toEqual(shuffledDeck(seededRng(10)));
  });

  it('puts every card on top of the deck about equally often', () => {
    const rng = seededRng(3);
    const counts = new Map<string, number>();
    for (let i = 0; i < 52_000; i++) {
      const top = shuffledDeck(rng)[0]!;
      counts.set(top, (counts.get(top) ?? 0) + 1);
    }
    // 1000 expected each, standard deviation about 31: 150 is almost five of them.
    for (const card of ONE_DECK) expect(Math.abs((counts.get(card) ?? 0) - 1000)).toBeLessThan(150);
  });

  it('deals the top cards of a shoe without repeating a card beyond its copies', () => {
    const rng = seededRng(4);
    for (let i = 0; i < 200; i++) expect(new Set(dealCards(rng, 9)).size).toBe(9);
    const deal = dealCards(rng, 416, 8);
    for (const card of ONE_DECK) expect(deal.filter((c) => c === card)).toHaveLength(8);
    const last = new Map<string, number>();
    for (let i = 0; i < 13_000; i++) {
      const rank = dealCards(rng, 6, 8)[5]![0]!;
      last.set(rank, (last.get(rank) ?? 0) + 1);
    }
    for (const rank of '23456789TJQKA') expect(Math.abs((last.get(rank) ?? 0) - 1000)).toBeLessThan(150);
  });

  it('refuses strings that are not cards', () => {
    expect(rankValue('AS')).toBe(14);
    expect(rankValue('TD')).toBe(10);
    for (const bad of ['1S', 'AX', 'A', 'ASS', '']) expect(() => rankValue(bad)).toThrow();
  });
});

describe('poker hands', () => {
  const examples: Record<HandRank, string[]> = {
    high_card: ['2S', '5H', '9D', 'JC', 'KS'],
    pair: ['2S', '2H', '9D', 'JC', 'KS'],
    two_pair: ['2S', '2H', '9D', '9C', 'KS'],
    three_of_a_kind: ['2S', '2H', '2D', '9C', 'KS'],
    straight: ['5S', '6H', '7D', '8C', '9S'],
    flush: ['2H', '5H', '9H', 'JH', 'KH'],
    full_house: ['2S', '2H', '2D', '9C', '9S'],
    four_of_a_kind: ['2S', '2H', '2D', '2C', '9S'],
    straight_flush: ['5H', '6H', '7H', '8H', '9H'],
    royal_flush: ['TS', 'JS', 'QS', 'KS', 'AS'],
  };
  const score = (cards: string[]) => pokerHand(cards).score;

  it('names every category and ranks each above the one before', () => {
    let previous = -1;
    for (const rank of HAND_RANKS) {
      expect(pokerHand(examples[rank]).rank).toBe(rank);
      expect(score(examples[rank])).toBeGreaterThan(previous);
      previous = score(examples[rank]);
    }
  });

  it('counts the wheel A-2-3-4-5 as the lowest straight and straight flush', () => {
    expect(pokerHand(['AS', '2H', '3D', '4C', '5S']).rank).toBe('straight');
    expect(score(['AS', '2H', '3D', '4C', '5S'])).toBeLessThan(score(['2S', '3H', '4D', '5C', '6S']));
    expect(score(['AS', '2H', '3D', '4C', '5S'])).toBeGreaterThan(score(['AS', 'AH', 'AD', 'KC', 'QS']));
    expect(pokerHand(['AH', '2H', '3H', '4H', '5H']).rank).toBe('straight_flush');
    expect(score(['AH', '2H', '3H', '4H', '5H'])).toBeLessThan(score(['2H', '3H', '4H', '5H', '6H']));
  });

  it('does not let a straight wrap round the ace', () => {
    expect(pokerHand(['QS', 'KH', 'AD', '2C', '3S']).rank).toBe('high_card');
  });

  it('ties hands of the same ranks in different suits', () => {
    expect(score(['AS', 'KS', '9D', '9C', '4H'])).toBe(score(['AH', 'KD', '9S', '9H', '4C']));
    expect(score(['AS', '2H', '3D', '4C', '5S'])).toBe(score(['AH', '2D', '3C', '4S', '5D']));
    expect(score(['2H', '5H', '9H', 'JH', 'KH'])).toBe(score(['2C', '5C', '9C', 'JC', 'KC']));
  });

  it('breaks ties on the cards that make the hand, then on the kickers', () => {
    expect(score(['KS', 'KH', 'AD', '7C', '2S'])).toBeGreaterThan(score(['KD', 'KC', 'QD', 'JC', 'TS']));
    expect(score(['KS', 'KH', '9D', '7C', '3S'])).toBeGreaterThan(score(['KD', 'KC', '9S', '7H', '2S']));
    expect(score(['AS', 'AH', '2D', '2C', '3S'])).toBeGreaterThan(score(['KS', 'KH', 'QD', 'QC', 'AS']));
    expect(score(['JS', 'JH', '4D', '4C', '9S'])).toBeGreaterThan(score(['JD', 'JC', '4S', '4H', '8S']));
    expect(score(['4S', '4H', '4D', '2C', '2S'])).toBeGreaterThan(score(['3S', '3H', '3D', 'AC', 'AS']));
    expect(score(['AH', 'QH', '9H', '5H', '3H'])).toBeGreaterThan(score(['AD', 'QD', '9D', '5D', '2D']));
    expect(score(['6S', '7H', '8D', '9C', 'TS'])).toBeGreaterThan(score(['5S', '6H', '7D', '8C', '9S']));
    expect(score(['9S', '9H', '9D', '9C', '3S'])).toBeGreaterThan(score(['8S', '8H', '8D', '8C', 'AS']));
  });

  it('finds the best five of seven cards', () => {
    expect(bestOfSeven(['4H', '5H', '6S', '7D', '8H', 'KH', '2H']).rank).toBe('flush');
    expect(bestOfSeven(['4S', '5H', '6S', '7D', '8H', '9C', 'TC']).score).toBe(pokerHand(['6S', '7D', '8H', '9C', 'TC']).score);
    expect(bestOfSeven(['KS', 'KH', 'KD', '7C', '7S', '7H', '2D']).score).toBe(pokerHand(['KS', 'KH', 'KD', '7C', '7S']).score);
    expect(bestOfSeven(['KS', 'KH', '7D', '7C', '3S', '3H', '2D']).score).toBe(pokerHand(['KS', 'KH', '7D', '7C', '3S']).score);
    expect(bestOfSeven(['9H', 'TH', 'JH', 'QH', 'KH', 'AH', '2C']).rank).toBe('royal_flush');
    expect(bestOfSeven(['AS', '2D', '3H', '4C', '5S', 'KH', 'KD']).rank).toBe('straight');
  });

  it('agrees with trying all 21 five-card hands of seven', () => {
    const rng = seededRng(5);
    for (let deal = 0; deal < 2000; deal++) {
      const seven = dealCards(rng, 7);
      let best = -1;
      for (let skipA = 0; skipA < 7; skipA++) {
        for (let skipB = skipA + 1; skipB < 7; skipB++) best = Math.max(best, score(seven.filter((_, i) => i !== skipA && i !== skipB)));
      }
      expect(bestOfSeven(seven).score).toBe(best);
    }
  });

  it('refuses hands of the wrong size or with a card twice', () => {
    expect(() => pokerHand(['AS', 'KS', 'QS', 'JS'])).toThrow();
    expect(() => pokerHand(['AS', 'AS', 'QS', 'JS', 'TS'])).toThrow();
    expect(() => bestOfSeven(['AS', 'KS', 'QS', 'JS', 'TS'])).toThrow();
  });
});

// Good enough to show the paytable returns what it should, far simpler than the
// optimal strategy behind the published 99.54 %.
function simpleHolds(hand: string[]): boolean[] {
  const { rank } = pokerHand(hand);
  if (['straight', 'flush', 'full_house', 'four_of_a_kind', 'straight_flush', 'royal_flush'].includes(rank)) return hand.map(() => true);
  const values = hand.map(rankValue);
  const copies = (value: number) => values.filter((v) => v === value).length;
  if (rank === 'three_of_a_kind' || rank === 'two_pair') return values.map((v) => copies(v) >= 2);

  let fourToStraightFlush: boolean[] | undefined;
  let fourToFlush: boolean[] | undefined;
  for (const suit of SUITS) {
    const suited = hand.map((card) => card[1] === suit);
    if (suited.filter(Boolean).length !== 4) continue;
    const suitedValues = values.filter((_, i) => suited[i]);
    if (suitedValues.every((v) => v >= 10)) return suited;
    const aceLow = suitedValues.map((v) => (v === 14 ? 1 : v));
    if (Math.max(...suitedValues) - Math.min(...suitedValues) <= 4 || Math.max(...aceLow) - Math.min(...aceLow) <= 4) fourToStraightFlush = suited;
    fourToFlush = suited;
  }
  if (fourToStraightFlush) return fourToStraightFlush;
  const pair = values.find((v) => copies(v) === 2);
  if (pair !== undefined && pair >= 11) return values.map((v) => v === pair);
  if (fourToFlush) return fourToFlush;
  if (pair !== undefined) return values.map((v) => v === pair);

  const sorted = [...values].sort((a, b) => a - b);
  for (let i = 0; i + 3 < 5; i++) {
    const low = sorted[i]!;
    if (sorted[i + 3]! - low === 3 && sorted[i + 3]! <= 13) return values.map((v) => v >= low && v <= low + 3);
  }
  const high = sorted.filter((v) => v >= 11).slice(0, 2);
  return values.map((v) => high.includes(v));
}

describe('video poker', () => {
  const none = [false, false, false, false, false];

  it('deals five cards and keeps the rest of the deck out of the view', () => {
    const deck = shuffledDeck(seededRng(6));
    const step = videoPoker.start(seededRng(6), {}, {});
    expect(step.done).toBe(false);
    expect(step.actions).toEqual(['draw']);
    expect(step.view).toEqual({ hand: deck.slice(0, 5), held: none, result: null, stage: 'deal' });
    const shown = JSON.stringify(step.view);
    for (const card of deck.slice(5)) expect(shown).not.toContain(card);
  });

  it('replaces the cards not held from the top of the deck, in order', () => {
    const deal = dealVideoPokerFrom(stacked(['AS', '7D', 'AH', '2C', '9S', 'KD', 'AC', '3H']));
    const done = videoPoker.act!(noRng, deal.state, { hold: [true, false, true, false, false] }, {});
    expect(done.view).toEqual({ hand: ['AS', 'KD', 'AH', 'AC', '3H'], held: [true, false, true, false, false], result: 'three_of_a_kind', stage: 'done' });
    expect(done.done).toBe(true);
    expect(done.actions).toEqual([]);
    expect(done.payout).toBe(3 * ONE_X);
  });

  it('pays the full-pay 9/6 Jacks or Better table', () => {
    expect(payoutFor(['TS', 'JS', 'QS', 'KS', 'AS'])).toBe(800 * ONE_X);
    expect(payoutFor(['5H', '6H', '7H', '8H', '9H'])).toBe(50 * ONE_X);
    expect(payoutFor(['2S', '2H', '2D', '2C', '9S'])).toBe(25 * ONE_X);
    expect(payoutFor(['2S', '2H', '2D', '9C', '9S'])).toBe(9 * ONE_X);
    expect(payoutFor(['2H', '5H', '9H', 'JH', 'KH'])).toBe(6 * ONE_X);
    expect(payoutFor(['AS', '2H', '3D', '4C', '5S'])).toBe(4 * ONE_X);
    expect(payoutFor(['7S', '7H', '7D', '9C', 'KS'])).toBe(3 * ONE_X);
    expect(payoutFor(['2S', '2H', '9D', '9C', 'KS'])).toBe(2 * ONE_X);
    expect(payoutFor(['JS', 'JH', '9D', '4C', '2S'])).toBe(ONE_X);
    expect(payoutFor(['AS', 'AH', '9D', '4C', '2S'])).toBe(ONE_X);
  });

  it('pays nothing for a pair of tens or lower, or no pair', () => {
    expect(payoutFor(['TS', 'TH', 'AD', 'KC', '2S'])).toBe(0);
    expect(payoutFor(['AS', 'KH', 'QD', 'JC', '9S'])).toBe(0);
  });

  it('refuses a second draw and a hold that is not five booleans', () => {
    const done = videoPoker.act!(noRng, dealVideoPokerFrom(stacked([])).state, { hold: none }, {});
    expect(() => videoPoker.act!(noRng, done.state, { hold: none }, {})).toThrow(new EngineError('round_over'));
    expect(videoPoker.action!.safeParse({ hold: [true, false, true, false] }).success).toBe(false);
    expect(videoPoker.action!.safeParse({ hold: [1, 0, 1, 0, 1] }).success).toBe(false);
    expect(videoPoker.action!.safeParse({}).success).toBe(false);
    expect(videoPoker.action!.safeParse({ hold: none }).success).toBe(true);
  });

  it('returns between 93 % and 100 % over 100 000 hands of a simple hold strategy', SLOW, () => {
    // A royal is 800 × the stake, so one more or less in 100 000 hands moves the
    // figure by 0.008; the seed is fixed so the run is repeatable.
    const rng = seededRng(7);
    let returned = 0;
    const hands = 100_000;
    for (let i = 0; i < hands; i++) {
      const deal = videoPoker.start(rng, {}, {});
      returned += videoPoker.act!(rng, deal.state, { hold: simpleHolds(deal.view.hand) }, {}).payout;
    }
    const rtp = returned / hands / ONE_X;
    expect(rtp).toBeGreaterThan(0.93);
    expect(rtp).toBeLessThan(1);
  });
});

// Hit/stand basic strategy for six decks, dealer standing on soft 17, without doubling or splitting.
function basicMove(player: string[], dealerUp: string): 'hit' | 'stand' {
  const { total, soft } = handTotal(player);
  const up = handTotal([dealerUp]).total;
  if (soft) return total <= 17 || (total === 18 && up >= 9) ? 'hit' : 'stand';
  if (total <= 11) return 'hit';
  if (total === 12) return up >= 4 && up <= 6 ? 'stand' : 'hit';
  if (total <= 16) return up <= 6 ? 'stand' : 'hit';
  return 'stand';
}

describe('blackjack', () => {
  it('counts aces as eleven while that does not bust the hand', () => {
    expect(handTotal(['AS', '6H'])).toEqual({ total: 17, soft: true });
    expect(handTotal(['AS', 'AH', '9D'])).toEqual({ total: 21, soft: true });
    expect(handTotal(['KS', 'QH', 'AD'])).toEqual({ total: 21, soft: false });
    expect(handTotal(['AS', '6H', '9D'])).toEqual({ total: 16, soft: false });
    expect(handTotal(['JS', 'QH', '5D'])).toEqual({ total: 25, soft: false });
  });

  it('hides the hole card and the shoe while the round is open', () => {
    const step = dealBlackjackFrom(blackjackShoe(['TS', '7C'], ['9H', '5D'], '8S'));
    expect(step.done).toBe(false);
    expect(step.actions).toEqual(['hit', 'stand']);
    expect(step.view).toEqual({ player: ['TS', '7C'], dealer: ['9H', null], playerTotal: 17, dealerTotal: 9, soft: false, outcome: null });
    const shown = JSON.stringify(step.view);
    for (const card of step.state.shoe) expect(shown).not.toContain(card);
    expect(shown).not.toContain('5D');
  });

  it('pays three to two on a natural blackjack', () => {
    const step = dealBlackjackFrom(blackjackShoe(['AS', 'KD'], ['9H', '7C']));
    expect(step.done).toBe(true);
    expect(step.payout).toBe(25_000);
    expect(step.view.outcome).toBe('blackjack');
    expect(step.view.dealer).toEqual(['9H', '7C']);
    expect(step.actions).toEqual([]);
  });

  it('ends the round at once when the dealer peeks a blackjack', () => {
    const lost = dealBlackjackFrom(blackjackShoe(['TS', '9C'], ['AH', 'KD']));
    expect([lost.done, lost.payout, lost.view.outcome]).toEqual([true, 0, 'lose']);
    expect(lost.view.dealer).toEqual(['AH', 'KD']);
    const both = dealBlackjackFrom(blackjackShoe(['AS', 'QC'], ['KH', 'AD']));
    expect([both.done, both.payout, both.view.outcome]).toEqual([true, ONE_X, 'push']);
  });

  it('busts the player over 21 and shows the hole card', () => {
    const open = dealBlackjackFrom(blackjackShoe(['TS', '6C'], ['9H', '8D'], 'KS'));
    const bust = blackjack.act!(noRng, open.state, { move: 'hit' }, {});
    expect(bust.view).toEqual({ player: ['TS', '6C', 'KS'], dealer: ['9H', '8D'], playerTotal: 26, dealerTotal: 17, soft: false, outcome: 'bust' });
    expect([bust.done, bust.payout]).toEqual([true, 0]);
  });

  it('lets the player hit until standing, then plays the dealer out', () => {
    const open = dealBlackjackFrom(blackjackShoe(['2S', '3C'], ['TH', '6D'], '4S', '5H', '5C'));
    const hit = blackjack.act!(noRng, open.state, { move: 'hit' }, {});
    expect([hit.done, hit.view.playerTotal]).toEqual([false, 9]);
    const again = blackjack.act!(noRng, hit.state, { move: 'hit' }, {});
    const stood = blackjack.act!(noRng, again.state, { move: 'stand' }, {});
    // The dealer's 16 draws the five and makes 21 against the player's 14.
    expect(stood.view).toEqual({
      player: ['2S', '3C', '4S', '5H'],
      dealer: ['TH', '6D', '5C'],
      playerTotal: 14,
      dealerTotal: 21,
      soft: false,
      outcome: 'lose',
    });
    expect(stood.payout).toBe(0);
  });

  it('stands the dealer on soft 17', () => {
    const open = dealBlackjackFrom(blackjackShoe(['TS', '8C'], ['AH', '6D'], '9S'));
    const stood = blackjack.act!(noRng, open.state, { move: 'stand' }, {});
    expect(stood.view.dealer).toEqual(['AH', '6D']);
    expect([stood.view.outcome, stood.payout]).toEqual(['win', 2 * ONE_X]);
  });

  it('pays even money when the dealer busts and returns the stake on equal totals', () => {
    const bust = blackjack.act!(noRng, dealBlackjackFrom(blackjackShoe(['TS', '2C'], ['TH', '6D'], 'QS')).state, { move: 'stand' }, {});
    expect([bust.view.dealerTotal, bust.view.outcome, bust.payout]).toEqual([26, 'win', 2 * ONE_X]);
    const push = blackjack.act!(noRng, dealBlackjackFrom(blackjackShoe(['TS', '8C'], ['TH', '8D'])).state, { move: 'stand' }, {});
    expect([push.view.outcome, push.payout]).toEqual(['push', ONE_X]);
  });

  it('stands for the player on reaching 21 by hitting', () => {
    const open = dealBlackjackFrom(blackjackShoe(['5S', '6C'], ['TH', '7D'], 'KS'));
    const made = blackjack.act!(noRng, open.state, { move: 'hit' }, {});
    expect(made.done).toBe(true);
    expect([made.view.playerTotal, made.view.outcome, made.payout]).toEqual([21, 'win', 2 * ONE_X]);
  });

  it('refuses moves after the round is over and moves it does not know', () => {
    const done = dealBlackjackFrom(blackjackShoe(['AS', 'KD'], ['9H', '7C']));
    expect(() => blackjack.act!(noRng, done.state, { move: 'hit' }, {})).toThrow(new EngineError('round_over'));
    for (const bad of [{ move: 'double' }, { move: 'split' }, {}]) expect(blackjack.action!.safeParse(bad).success).toBe(false);
  });

  it('returns between 96 % and 100 % over 200 000 rounds of hit/stand basic strategy', SLOW, () => {
    const rng = seededRng(8);
    let returned = 0;
    const rounds = 200_000;
    for (let i = 0; i < rounds; i++) {
      let step = blackjack.start(rng, {}, {});
      while (!step.done) step = blackjack.act!(rng, step.state, { move: basicMove(step.state.player, step.state.dealer[0]!) }, {});
      returned += step.payout;
    }
    const rtp = returned / rounds / ONE_X;
    expect(rtp).toBeGreaterThan(0.96);
    expect(rtp).toBeLessThan(1);
    // One standard error of 200 000 rounds is about 0.0022.
    expect(Math.abs(rtp - blackjack.rtp({}))).toBeLessThan(0.01);
  });
});

describe('baccarat', () => {
  // Cards by baccarat points: a ten for 0, an ace for 1, then two to nine.
  const POINTS = ['TS', 'AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S'];
  const totalOf = (points: number): [string, string] => [POINTS[points]!, 'KC'];
  const BETS = ['player', 'banker', 'tie'] as const;
  const coupWonBy: Record<BaccaratWinner, string[]> = { player: ['9S', 'TH', 'KD', '7C'], banker: ['TS', '9H', '7D', 'KC'], tie: ['8S', '8H', 'KD', 'KC'] };
  const payoutWhen = (bet: BaccaratBet, winner: BaccaratWinner) => playBaccaratFrom(coupWonBy[winner], bet).payout;

  it('stands both hands on a natural eight or nine', () => {
    const coup = playBaccaratFrom(['4S', '2H', '4D', '3C', '9S', '9H'], 'player');
    expect(coup.view).toEqual({ player: ['4S', '4D'], banker: ['2H', '3C'], playerTotal: 8, bankerTotal: 5, winner: 'player' });
    const bankerNine = playBaccaratFrom(['TS', '4H', '2D', '5C', '9S', '9H'], 'banker');
    expect([bankerNine.view.player, bankerNine.view.banker, bankerNine.view.winner]).toEqual([['TS', '2D'], ['4H', '5C'], 'banker']);
  });

  it('draws a third player card on 0 to 5 and stands on 6 or 7', () => {
    for (let player = 0; player <= 7; player++) {
      const [p1, p2] = totalOf(player);
      const coup = playBaccaratFrom([p1, '7H', p2, 'KD', '2C', '2D'], 'player');
      expect(coup.view.player).toHaveLength(player <= 5 ? 3 : 2);
    }
  });

  it('draws the banker on 0 to 5 and stands on 6 or 7 when the player stood', () => {
    for (let banker = 0; banker <= 7; banker++) {
      const [b1, b2] = totalOf(banker);
      const coup = playBaccaratFrom(['6S', b1, 'KH', b2, '2C', '2D'], 'banker');
      expect(coup.view.player).toHaveLength(2);
      expect(coup.view.banker).toHaveLength(banker <= 5 ? 3 : 2);
    }
  });

  it("follows the banker's tableau against the player's third card", () => {
    // For each banker total, the points of a player third card that make the banker draw.
    const draws: Record<number, number[]> = {
      0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      1: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      2: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
      4: [2, 3, 4, 5, 6, 7],
      5: [4, 5, 6, 7],
      6: [6, 7],
      7: [],
    };
    for (let banker = 0; banker <= 7; banker++) {
      for (let third = 0; third <= 9; third++) {
        const [b1, b2] = totalOf(banker);
        const coup = playBaccaratFrom(['TS', b1, '4H', b2, POINTS[third]!, '2D'], 'banker');
        expect(coup.view.player).toHaveLength(3);
        expect(coup.view.banker.length === 3, `banker ${banker} against a third card of ${third}`).toBe(draws[banker]!.includes(third));
      }
    }
  });

  it('pays player 2×, banker 1.95× and tie 9×, and gives player and banker bets their stake back on a tie', () => {
    for (const winner of BETS) expect(playBaccaratFrom(coupWonBy[winner], 'player').view.winner).toBe(winner);
    expect(BETS.map((bet) => payoutWhen(bet, 'player'))).toEqual([20_000, 0, 0]);
    expect(BETS.map((bet) => payoutWhen(bet, 'banker'))).toEqual([0, 19_500, 0]);
    expect(BETS.map((bet) => payoutWhen(bet, 'tie'))).toEqual([ONE_X, ONE_X, 90_000]);
    expect(BACCARAT_PAYOUTS).toEqual({ player: 20_000, banker: 19_500, tie: 90_000 });
  });

  it('settles at the start and shows only the hands', () => {
    const step = baccarat.start(seededRng(11), { bet: 'tie' }, {});
    expect([step.done, step.actions]).toEqual([true, []]);
    expect(Object.keys(step.view).sort()).toEqual(['banker', 'bankerTotal', 'player', 'playerTotal', 'winner']);
    expect(baccarat.choice.safeParse({ bet: 'dragon' }).success).toBe(false);
  });

  it('returns exactly the published figures, enumerating every deal of an eight-deck shoe', SLOW, () => {
    // Every sequence of six card points, weighted by the shoe's composition with each
    // dealt card removed; the engine decides who wins each coup. Cards a coup does
    // not use only split its weight, so the sums stay exact.
    const left = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
    const chance: Record<BaccaratWinner, number> = { player: 0, banker: 0, tie: 0 };
    const dealt: string[] = [];
    const visit = (probability: number) => {
      if (dealt.length === 6) {
        chance[playBaccaratFrom(dealt, 'player').view.winner] += probability;
        return;
      }
      for (let points = 0; points < 10; points++) {
        const p = left[points]! / (416 - dealt.length);
        left[points]!--;
        dealt.push(POINTS[points]!);
        visit(probability * p);
        dealt.pop();
        left[points]!++;
      }
    };
    visit(1);
    expect(chance.player + chance.banker + chance.tie).toBeCloseTo(1, 9);
    for (const bet of BETS) {
      let rtp = 0;
      for (const winner of BETS) rtp += (chance[winner] * payoutWhen(bet, winner)) / ONE_X;
      expect(Math.abs(rtp - BACCARAT_RTP[bet]), bet).toBeLessThan(0.000005);
    }
    expect(baccarat.rtp({})).toBe(BACCARAT_RTP.banker);
  });

  it('lands within a point of each figure over 300 000 simulated coups', SLOW, () => {
    const rng = seededRng(12);
    const returned: Record<BaccaratBet, number> = { player: 0, banker: 0, tie: 0 };
    const coups = 300_000;
    for (let i = 0; i < coups; i++) {
      // The bet does not change the cards, so each coup settles all three bets.
      const { view } = baccarat.start(rng, { bet: 'player' }, {});
      for (const bet of BETS) returned[bet] += payoutWhen(bet, view.winner);
    }
    for (const bet of BETS) expect(Math.abs(returned[bet] / coups / ONE_X - BACCARAT_RTP[bet]), bet).toBeLessThan(0.01);
  });
});

describe("casino hold'em", () => {
  it('pays the ante at least even money when the dealer does not qualify', () => {
    // The dealer's king high beats the player's queen high, but a dealer without a pair of fours does not play.
    const step = playHoldemFrom(['QS', '3H', 'KD', '2C', '9S', '7H', '5D', 'JC', '4S']);
    expect(step.view).toEqual({
      player: ['QS', '3H'],
      dealer: ['KD', '2C'],
      board: ['9S', '7H', '5D', 'JC', '4S'],
      playerHand: 'high_card',
      dealerHand: 'high_card',
      dealerQualifies: false,
      winner: 'player',
    });
    expect(step.payout).toBe(2 * ONE_X);
    const lowPair = playHoldemFrom(['QS', '5H', '3D', 'KC', '3S', '9H', '8D', 'JC', '2S']);
    expect([lowPair.view.dealerHand, lowPair.view.dealerQualifies, lowPair.view.winner, lowPair.payout]).toEqual(['pair', false, 'player', 2 * ONE_X]);
  });

  it('qualifies the dealer from a pair of fours up', () => {
    expect(playHoldemFrom(['2S', '3H', '4D', 'KC', '4S', '9H', '8D', 'JC', '6S']).view.dealerQualifies).toBe(true);
    expect(playHoldemFrom(['2S', '5H', '3D', 'KC', '3S', '9H', '8D', 'JC', '6S']).view.dealerQualifies).toBe(false);
  });

  it('pays the win table when the player beats a qualifying dealer', () => {
    const twoPair = playHoldemFrom(['9C', 'JD', 'AS', '2H', '9S', 'JH', '4D', '4C', '7S']);
    expect([twoPair.view.dealerQualifies, twoPair.view.playerHand, twoPair.view.winner, twoPair.payout]).toEqual([true, 'two_pair', 'player', 14_000]);
    const fullHouse = playHoldemFrom(['9C', '9D', 'AS', '2H', '9S', 'JH', 'JD', '4C', '7S']);
    expect([fullHouse.view.playerHand, fullHouse.payout]).toEqual(['full_house', 2 * ONE_X]);
  });

  it('returns the stake when the board plays for both and nothing when the dealer wins', () => {
    const push = playHoldemFrom(['2C', '3D', '2H', '3S', 'AS', 'KD', 'QH', 'JC', 'TS']);
    expect([push.view.playerHand, push.view.winner, push.payout]).toEqual(['straight', 'push', ONE_X]);
    const lost = playHoldemFrom(['2C', '3D', 'KS', 'KH', 'AS', '9D', '7H', '6C', '4S']);
    expect([lost.view.dealerQualifies, lost.view.winner, lost.payout]).toEqual([true, 'dealer', 0]);
  });

  it('never pays less when the dealer does not qualify than when the player beats one who does', () => {
    for (const rank of HAND_RANKS) {
      expect(HOLDEM_ANTE_BONUS[rank]).toBeGreaterThanOrEqual(Math.max(2 * ONE_X, HOLDEM_WIN_PAYS[rank]));
    }
  });

  it('returns between 95 % and 98 % over 200 000 rounds', SLOW, () => {
    const rng = seededRng(13);
    let returned = 0;
    const rounds = 200_000;
    for (let i = 0; i < rounds; i++) returned += casinoHoldem.start(rng, {}, {}).payout;
    const rtp = returned / rounds / ONE_X;
    expect(rtp).toBeGreaterThan(0.95);
    expect(rtp).toBeLessThan(0.98);
    // One standard error of 200 000 rounds is about 0.0021.
    expect(Math.abs(rtp - casinoHoldem.rtp({}))).toBeLessThan(0.01);
  });
});

describe('all card engines', () => {
  const engines = [videoPoker, blackjack, baccarat, casinoHoldem];

  it('never use Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const rng = seededRng(14);
    for (let i = 0; i < 50; i++) {
      const poker = videoPoker.start(rng, {}, {});
      videoPoker.act!(rng, poker.state, { hold: simpleHolds(poker.view.hand) }, {});
      let hand = blackjack.start(rng, {}, {});
      while (!hand.done) hand = blackjack.act!(rng, hand.state, { move: basicMove(hand.state.player, hand.state.dealer[0]!) }, {});
      baccarat.start(rng, { bet: 'banker' }, {});
      casinoHoldem.start(rng, {}, {});
    }
    expect(random).not.toHaveBeenCalled();
  });

  it('accept only a theme as configuration and publish a return below 100 %', () => {
    for (const engine of engines) {
      expect(engine.config.safeParse({ theme: 'noir' }).success).toBe(true);
      expect(engine.config.safeParse({}).success).toBe(true);
      expect(engine.config.safeParse({ theme: 3 }).success).toBe(false);
      expect(engine.rtp({})).toBeGreaterThan(0.8);
      expect(engine.rtp({})).toBeLessThan(1);
    }
  });
});
