// What the game pages see of a round, engine by engine: the view each engine answers
// with (src/server/games/engines) and the names its screen (src/studio/screens) shows.
// Types and the lists they come from only, so that a game page imports no server code.
import type { RouletteColor, SlotSymbol } from './game-tables.ts';

/** A blackjack table's rules, as its config sends them to the page (the engine's config without the theme). */
export interface BlackjackRules {
  soft17: 'stand' | 'hit';
  doubleAfterSplit: boolean;
  maxHands: number;
  surrender: 'late' | 'none';
  insurance: boolean;
}

/** Where insurance stands in a blackjack round. */
export type BlackjackInsurance = 'offered' | 'taken' | 'declined' | null;

export const BACCARAT_BETS = ['player', 'banker', 'tie'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];

/** One roulette bet as the page sends it: the amount in cents. */
export type RouletteBet =
  | { kind: 'straight'; value: number; amount: number }
  | { kind: 'split' | 'street' | 'corner' | 'line' | 'five'; numbers: number[]; amount: number }
  | { kind: 'dozen' | 'column'; value: number; amount: number }
  | { kind: 'red' | 'black' | 'even' | 'odd' | 'low' | 'high'; amount: number };

export type BaccaratWinner = 'player' | 'banker' | 'tie';

export type HandOutcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust' | 'surrender';

export type HoldemWinner = 'player' | 'dealer' | 'push';

export type HoldemStage = 'decide' | 'called' | 'folded';

/** One winning payline. */
export interface SlotLineWin {
  /** Index into SLOT_LINES (0 to 9). */
  line: number;
  /** The symbol paid: the line's own symbol, or 'wild' when the wilds alone pay more. */
  symbol: SlotSymbol;
  /** How many reels from the left make the win (3 to 5), wilds included. */
  count: number;
  /** The win in basis points of the whole stake. */
  pays: number;
}

export const BLACKJACK_MOVES = ['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'no_insurance'] as const;
export type BlackjackMove = (typeof BLACKJACK_MOVES)[number];

/** Poker hand categories from worst to best: the index is the category's strength. */
export const HAND_RANKS = [
  'high_card',
  'pair',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
  'royal_flush',
] as const;
export type HandRank = (typeof HAND_RANKS)[number];

/** What the player sees after the roll. */
export interface DiceView {
  /** The roll with two decimals, 0 to 99.99. */
  roll: number;
  target: number;
  direction: 'over' | 'under';
  won: boolean;
}

/** What the player sees after the draw. */
export interface KenoView {
  /** The 20 numbers drawn, in the order they came out (for the animation). */
  drawn: number[];
  /** The picks that were drawn, ascending. */
  hits: number[];
  /** The player's picks, as chosen. */
  picks: number[];
}

/** What the player sees: the whole card, to be scratched off on screen. */
export interface ScratchView {
  /** Nine symbol ids, row by row (cells 0–2 top row). */
  cells: string[];
  /** Payout in basis points of the stake; 0 when the card loses. */
  prize: number;
  /** The symbol shown three times, or null when the card loses. */
  symbol: string | null;
}

/** What the player sees after the spin. */
export interface SlotView {
  /** The reels, each with its visible symbols from top to bottom (three, or 2 to 7 in megaways). */
  reels: SlotSymbol[][];
  /** The paylines that won, in line order. */
  lines: SlotLineWin[];
  /** Megaways: what each paying symbol won, by ways. */
  ways?: SlotWaysWin[];
  /** Scatters shown anywhere, when three or more paid (basis points of the whole stake). */
  scatter?: { count: number; pays: number };
  /** Free spins won (or bought), each with its reels and line wins, pays already multiplied. */
  free?: { reels: SlotSymbol[][]; lines: SlotLineWin[] }[];
  /** Each free spin's wins are multiplied by this. */
  multiplier?: number;
  /** A bonus buy: no base spin, the free spins at once. */
  bought?: boolean;
  /** A jackpot game's draw: the round wins the pool when it is below the stake in minor units. */
  jackpotDraw?: number;
  /** Set once the studio paid the pool to this round: the amount won (two-decimal). */
  jackpotWon?: number;
}

export interface SlotWaysWin {
  symbol: SlotSymbol;
  /** Adjacent reels from the left (3 to 6). */
  count: number;
  ways: number;
  /** Basis points of the whole stake. */
  pays: number;
}

export interface HoldemView {
  player: string[];
  /** The flop while the player decides, the whole board after. */
  board: string[];
  /** Face down (null) until the player has decided. */
  dealer: (string | null)[];
  stage: HoldemStage;
  /** The player's best hand of the cards shown. */
  playerHand: HandRank;
  /** Whether the AA Bonus was placed, and once the flop is out, what it pays (basis points of its stake, 0 when it loses). */
  bonus: { hand: HandRank; pays: number } | null;
  /** Filled once the player has decided. */
  dealerHand: HandRank | null;
  /** Whether the dealer holds a pair of fours or better. */
  dealerQualifies: boolean | null;
  winner: HoldemWinner | null;
  /** What the ante and the call returned, in basis points of the ante (stake included); null until the end. */
  anteReturned: number | null;
  callReturned: number | null;
}

export interface VideoPokerView {
  hand: string[];
  held: boolean[];
  /** The final hand's category once the draw is done, null before it. */
  result: HandRank | null;
  stage: 'deal' | 'done';
}

export interface BaccaratView {
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
}

/** What the player sees after the spin. */
export interface RouletteView {
  /** The pocket the ball landed in, 0 to 36 (37: an American wheel's 00). */
  number: number;
  color: RouletteColor;
  /** Indexes into the chosen `bets` of the bets that won. */
  winningBets: number[];
}

export interface BlackjackHandView {
  cards: string[];
  total: number;
  /** Whether the total counts an ace as eleven. */
  soft: boolean;
  /** The stake on this hand in basis points of the chosen stake: ONE_X, twice that once doubled. */
  stake: number;
  doubled: boolean;
  fromSplit: boolean;
  outcome: HandOutcome | null;
  /** What the hand returned in basis points of the chosen stake (stake included), once the round is over. */
  returned: number | null;
}

export interface BlackjackView {
  hands: BlackjackHandView[];
  /** The hand whose move it is, or null. */
  active: number | null;
  /** The dealer's cards, with null for the hole card while the round is open. */
  dealer: (string | null)[];
  /** The total of the dealer's visible cards. */
  dealerTotal: number;
  insurance: BlackjackInsurance;
  /** Once the dealer has checked: whether the insurance taken won (the dealer had blackjack). */
  insuranceWon: boolean | null;
  /** Once the round is over: whether the dealer had blackjack. */
  dealerBlackjack: boolean | null;
  over: boolean;
}

/** Hi-lo: a guess on the next card against the one showing. */
export const HILO_GUESSES = ['higher', 'lower'] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];

/** One choice the player has on the card showing: its chance, the multiplier a right guess makes, and whether it is allowed. */
export interface HiloOption {
  guess: HiloGuess;
  /** How many of the 13 ranks win it (the same rank wins both ways). */
  ranks: number;
  /** The cash-out multiplier after a right guess, in basis points of the stake. */
  multiplier: number;
  /** False when a right guess would pass the game's largest win. */
  allowed: boolean;
}

export interface HiloView {
  /** The cards turned so far, the one showing last. */
  cards: string[];
  /** What was done on each card before the next one turned: a guess or a skip. */
  moves: (HiloGuess | 'skip')[];
  /** The cash-out multiplier now, in basis points of the stake (99 % of 1× before any right guess, when no cash-out is offered yet). */
  multiplier: number;
  /** The choices on the card showing; empty once the round is over. */
  options: HiloOption[];
  /** 'lost' after a wrong guess, 'cashed' after a cash-out, null while playing. */
  end: 'lost' | 'cashed' | null;
}

export interface MinesView {
  mines: number;
  /** The safe cells opened, in the order opened. */
  revealed: number[];
  /** The cash-out multiplier now (99 % of 1× before the first safe cell) and after one more safe cell (null when none is left or it would pass the largest win), in basis points. */
  multiplier: number;
  next: number | null;
  /** Every mine's cell, shown once the round is over (null before). */
  field: number[] | null;
  /** The mine stepped on, if the round ended on one. */
  hit: number | null;
  end: 'lost' | 'cashed' | null;
}

export interface PlinkoView {
  rows: number;
  risk: string;
  /** Each peg's bounce, top to bottom: 0 left, 1 right. */
  path: number[];
  /** The pocket the ball fell into, 0 (far left) to rows. */
  pocket: number;
  /** What that pocket pays, in basis points of the stake. */
  multiplier: number;
}

export interface SicboView {
  dice: number[];
  total: number;
  /** Indexes into the chosen bets of the bets that won. */
  winningBets: number[];
}

export interface AndarBaharView {
  joker: string;
  andar: string[];
  bahar: string[];
  winner: 'andar' | 'bahar';
  side: 'andar' | 'bahar';
}

export interface TeenPattiView {
  player: string[];
  /** Face down (null) until the player has decided. */
  dealer: (string | null)[];
  playerHand: string;
  dealerHand: string | null;
  stage: 'decide' | 'played' | 'folded';
  dealerQualifies: boolean | null;
  winner: 'player' | 'dealer' | 'push' | null;
  /** What the ante and the play returned, in basis points of the ante (stake included); null until the end. */
  anteReturned: number | null;
  playReturned: number | null;
}
