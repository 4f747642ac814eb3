// Andar bahar: one card is turned face up, the joker; then cards are dealt one at a
// time to andar (first) and bahar in turn until one of the joker's rank falls, and its
// side wins. Andar, dealt first, is the likelier (51.5 %), so it pays 0.9 to 1 and
// bahar even money. One deck, shuffled by Fisher–Yates from the round's stream.
import { z } from 'zod';
import { dealFrom } from '../../../shared/fairness.ts';
import type { AndarBaharView } from '../../../shared/game-views.ts';
import { ANDAR_BAHAR_PAYS, ANDAR_BAHAR_RETURNS } from '../../../shared/house-tables.ts';
import { type CardGameConfig, cardGameConfig } from './cards.ts';
import type { Engine } from './types.ts';

export const andarBaharChoice = z.object({ side: z.enum(['andar', 'bahar']) });
export type AndarBaharChoice = z.infer<typeof andarBaharChoice>;

/** Deals a round from a deck in a known order: the joker, then andar, bahar, andar … until the joker's rank. */
export function andarBaharFrom(deck: string[], side: 'andar' | 'bahar'): AndarBaharView {
  const joker = deck[0]!;
  const andar: string[] = [];
  const bahar: string[] = [];
  for (let i = 1; i < deck.length; i++) {
    const card = deck[i]!;
    (i % 2 === 1 ? andar : bahar).push(card);
    if (card[0] === joker[0]) return { joker, andar, bahar, winner: i % 2 === 1 ? 'andar' : 'bahar', side };
  }
  // A deck holds three more cards of the joker's rank: the loop always ends on one.
  throw new Error('no card of the joker rank in the deck');
}

/** The exact chance that andar wins: the first of the three cards of the joker's rank lies at an even place among the other 51. */
export function andarChance(): number {
  const choose = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 ? 1 : (n * choose(n - 1, k - 1)) / k);
  let chance = 0;
  for (let i = 0; i <= 48; i += 2) chance += choose(50 - i, 2) / choose(51, 3);
  return chance;
}

export const andarBahar: Engine<AndarBaharChoice, AndarBaharView, AndarBaharView, never, CardGameConfig> = {
  id: 'andar-bahar',
  choice: andarBaharChoice,
  config: cardGameConfig,
  start(rng, { side }) {
    const view = andarBaharFrom(dealFrom(rng, 52, 1), side);
    return { state: view, view, done: true, payout: view.winner === side ? ANDAR_BAHAR_PAYS[side] : 0, actions: [] };
  },
  // The lower of the two sides' returns, as every game states the lowest over the player's choices.
  rtp: () => Math.min(ANDAR_BAHAR_RETURNS.andar, ANDAR_BAHAR_RETURNS.bahar),
};

export type { AndarBaharView };
