// The instant games and the house dice and card games: hi-lo, mines, plinko, sic bo,
// andar bahar, teen patti and French roulette. Each game's rules on known cards and
// dice, and its return to player equal to the advertised figure to four decimal places,
// by exact enumeration or analysis.
import { describe, expect, it } from 'vitest';
import { andarBahar, andarBaharFrom, andarChance } from '../../src/server/games/engines/andar-bahar.ts';
import { hilo, hiloFrom, hiloMultiplier, hiloRank, hiloWinningRanks } from '../../src/server/games/engines/hilo.ts';
import { mines, minesFrom } from '../../src/server/games/engines/mines.ts';
import { plinko, plinkoRtp } from '../../src/server/games/engines/plinko.ts';
import { LA_PARTAGE_EVEN_MONEY_RTP, roulette } from '../../src/server/games/engines/roulette.ts';
import { sicbo, sicboOn } from '../../src/server/games/engines/sicbo.ts';
import {
  TEEN_PATTI_PLAY_FROM,
  TEEN_PATTI_QUALIFY,
  TEEN_PATTI_RTP,
  teenPatti,
  teenPattiFrom,
  teenPattiRank,
} from '../../src/server/games/engines/teen-patti.ts';
import { EngineError, ONE_X, type Rng } from '../../src/server/games/engines/types.ts';
import { ONE_DECK } from '../../src/shared/fairness.ts';
import {
  ANDAR_BAHAR_PAYS,
  ANDAR_BAHAR_RETURNS,
  CASHOUT_RTP_BP,
  MINES_CELLS,
  minesMultiplier,
  PLINKO_PAYTABLES,
  PLINKO_RISKS,
  PLINKO_ROWS,
  PLINKO_RTP,
  SICBO_RETURNS,
  SICBO_SPOTS,
  sicboReturn,
  sicboSpotKey,
  TEEN_PATTI_ANTE_BONUS,
} from '../../src/shared/house-tables.ts';

/** Equal to four decimal places, as the rules state a return. */
const toFour = (x: number) => x.toFixed(4);
const noDraws: Rng = {
  int() {
    throw new Error('a move draws nothing');
  },
};
const hiloConfig = hilo.config.parse({});
const minesConfig = mines.config.parse({});

describe('hi-lo', () => {
  it('counts the ace low and lets the same rank win both ways', () => {
    expect(hiloRank('AS')).toBe(1);
    expect(hiloRank('KD')).toBe(13);
    expect(hiloWinningRanks(1, 'higher')).toBe(13);
    expect(hiloWinningRanks(1, 'lower')).toBe(1);
    expect(hiloWinningRanks(7, 'higher') + hiloWinningRanks(7, 'lower')).toBe(14);
  });

  it('pays 99 % of 13 / (winning ranks) for a right guess, and loses the stake on a wrong one', () => {
    const deck = ['5H', '9C', '9D', '2S', ...ONE_DECK.slice(0, 48)];
    const first = hiloFrom(deck, hiloConfig);
    expect(first.actions).toEqual(['higher', 'lower', 'skip']);
    const up = hilo.act!(noDraws, first.state, { move: 'higher' }, hiloConfig);
    expect(up.done).toBe(false);
    // Higher on a five wins on 5 … K: nine ranks of 13.
    expect(up.view.multiplier).toBe(Math.round(9_900 * (13 / 9)));
    expect(up.actions).toContain('cashout');
    // Nine then nine: the same rank wins "higher" too.
    const same = hilo.act!(noDraws, up.state, { move: 'higher' }, hiloConfig);
    expect(same.view.multiplier).toBe(Math.round(9_900 * (13 / 9) * (13 / 5)));
    const wrong = hilo.act!(noDraws, same.state, { move: 'higher' }, hiloConfig);
    expect(wrong.done).toBe(true);
    expect(wrong.payout).toBe(0);
    expect(wrong.view.end).toBe('lost');
    const cashed = hilo.act!(noDraws, same.state, { move: 'cashout' }, hiloConfig);
    expect(cashed).toMatchObject({ done: true, payout: same.view.multiplier });
  });

  it('refuses a cash-out before any guess and a guess past the largest win', () => {
    const first = hiloFrom(['KS', ...ONE_DECK.slice(0, 51)], hilo.config.parse({ maxMultiple: 25 }));
    expect(() => hilo.act!(noDraws, first.state, { move: 'cashout' }, hiloConfig)).toThrow(EngineError);
    // Higher on a king is 1 rank of 13: 12.87× is allowed under 25×; twice would be 167×.
    let step = first;
    const config = hilo.config.parse({ maxMultiple: 25 });
    step = hilo.act!(noDraws, step.state, { move: 'skip' }, config);
    expect(step.view.cards).toHaveLength(2);
    expect(step.view.moves).toEqual(['skip']);
    const king = hiloFrom(['KS', 'KH', 'KD', ...ONE_DECK.slice(0, 49)], config);
    const once = hilo.act!(noDraws, king.state, { move: 'higher' }, config);
    expect(once.view.multiplier).toBe(128_700);
    expect(once.view.options.find((o) => o.guess === 'higher')?.allowed).toBe(false);
    expect(() => hilo.act!(noDraws, once.state, { move: 'higher' }, config)).toThrow(EngineError);
  });

  it('returns 99.00 % whatever the player guesses and whenever they cash out (exact over every card sequence)', () => {
    // Strategies: the likelier side, the less likely side, always higher; cash out after 1 … 4 right guesses.
    const strategies: ((rank: number) => 'higher' | 'lower')[] = [
      (r) => (14 - r >= r ? 'higher' : 'lower'),
      (r) => (14 - r >= r ? 'lower' : 'higher'),
      () => 'higher',
    ];
    for (const pick of strategies) {
      for (let stopAfter = 1; stopAfter <= 4; stopAfter++) {
        // Expected return from a card of rank r with `left` guesses to go and the fair product so far.
        const value = (rank: number, left: number, fair: number): number => {
          if (left === 0) return hiloMultiplier(fair) / ONE_X;
          const guess = pick(rank);
          let sum = 0;
          for (let next = 1; next <= 13; next++) {
            const right = guess === 'higher' ? next >= rank : next <= rank;
            if (right) sum += value(next, left - 1, (fair * 13) / hiloWinningRanks(rank, guess));
          }
          return sum / 13;
        };
        let rtp = 0;
        for (let first = 1; first <= 13; first++) rtp += value(first, stopAfter, 1) / 13;
        expect(toFour(rtp), `strategy ${strategies.indexOf(pick)}, ${stopAfter} guesses`).toBe(toFour(hilo.rtp(hiloConfig)));
      }
    }
    expect(hilo.rtp(hiloConfig)).toBe(0.99);
  });

  it('cashes out an abandoned round as it stands', () => {
    const first = hiloFrom(['5H', '9C', ...ONE_DECK.slice(0, 50)], hiloConfig);
    expect(hilo.abandon!(first.state, hiloConfig)).toMatchObject({ done: true, payout: CASHOUT_RTP_BP });
    const up = hilo.act!(noDraws, first.state, { move: 'higher' }, hiloConfig);
    expect(hilo.abandon!(up.state, hiloConfig).payout).toBe(up.view.multiplier);
  });
});

describe('mines', () => {
  const order = Array.from({ length: MINES_CELLS }, (_, i) => i);

  it('hides the first cells of the order as mines and loses the stake on one', () => {
    const start = minesFrom(order, 3, minesConfig);
    expect(start.view.field).toBeNull();
    expect(start.actions).toEqual(['reveal']);
    const safe = mines.act!(noDraws, start.state, { move: 'reveal', cell: 10 }, minesConfig);
    expect(safe.done).toBe(false);
    expect(safe.view.multiplier).toBe(minesMultiplier(3, 1));
    expect(safe.view.multiplier).toBe(Math.round(9_900 * (25 / 22)));
    expect(() => mines.act!(noDraws, safe.state, { move: 'reveal', cell: 10 }, minesConfig)).toThrow(EngineError);
    const boom = mines.act!(noDraws, safe.state, { move: 'reveal', cell: 1 }, minesConfig);
    expect(boom).toMatchObject({ done: true, payout: 0 });
    expect(boom.view).toMatchObject({ hit: 1, end: 'lost', field: [0, 1, 2] });
    const cashed = mines.act!(noDraws, safe.state, { move: 'cashout' }, minesConfig);
    expect(cashed).toMatchObject({ done: true, payout: minesMultiplier(3, 1) });
    expect(() => mines.act!(noDraws, start.state, { move: 'cashout' }, minesConfig)).toThrow(EngineError);
  });

  it('cashes out by itself when the safe cells are all open or one more would pass the largest win', () => {
    let step = minesFrom(order, 23, minesConfig);
    step = mines.act!(noDraws, step.state, { move: 'reveal', cell: 23 }, minesConfig);
    expect(step.done).toBe(false);
    step = mines.act!(noDraws, step.state, { move: 'reveal', cell: 24 }, minesConfig);
    expect(step).toMatchObject({ done: true, payout: minesMultiplier(23, 2) });
    const capped = mines.config.parse({ maxMultiple: 25 });
    const one = mines.act!(noDraws, minesFrom(order, 20, capped).state, { move: 'reveal', cell: 24 }, capped);
    // 5 × 0.99 = 4.95×; a second cell would make 29.7×, past 25×.
    expect(one).toMatchObject({ done: true, payout: 49_500 });
  });

  it('returns 99.00 % for every number of mines and every number of cells opened (exact)', () => {
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= MINES_CELLS - m; k++) {
        let survive = 1;
        for (let i = 0; i < k; i++) survive *= (MINES_CELLS - m - i) / (MINES_CELLS - i);
        expect(toFour((survive * minesMultiplier(m, k)) / ONE_X), `${m} mines, ${k} cells`).toBe('0.9900');
      }
    }
    expect(mines.rtp(minesConfig)).toBe(0.99);
  });
});

describe('plinko', () => {
  it('drops the ball into the pocket its right bounces count, and pays that pocket', () => {
    const bits = [1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    let i = 0;
    const rng: Rng = { int: () => bits[i++]! };
    const step = plinko.start(rng, { rows: 8, risk: 'high' }, {});
    expect(step.view).toMatchObject({ path: bits.slice(0, 8), pocket: 5, multiplier: PLINKO_PAYTABLES[8].high[5] });
    expect(step.payout).toBe(PLINKO_PAYTABLES[8].high[5]);
  });

  it('returns 99.00 % on every board and risk (exact over the pockets)', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const table = PLINKO_PAYTABLES[rows][risk];
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual(table);
        // Enumerate every one of the 2^rows paths.
        let sum = 0;
        for (let path = 0; path < 2 ** rows; path++) {
          let pocket = 0;
          for (let b = 0; b < rows; b++) pocket += (path >> b) & 1;
          sum += table[pocket]!;
        }
        expect(toFour(sum / 2 ** rows / ONE_X), `${rows} ${risk}`).toBe(toFour(PLINKO_RTP));
        expect(toFour(plinkoRtp(rows, risk))).toBe('0.9900');
      }
    }
  });
});

describe('sic bo', () => {
  it('pays each spot by the table on known dice, triples losing the even-money bets', () => {
    const bets = [
      { kind: 'small' as const, amount: 100 },
      { kind: 'total' as const, value: 9, amount: 100 },
      { kind: 'single' as const, value: 3, amount: 100 },
      { kind: 'combination' as const, values: [3, 5] as [number, number], amount: 100 },
      { kind: 'double' as const, value: 3, amount: 100 },
    ];
    const round = sicboOn([3, 3, 3], bets);
    expect(round.view.total).toBe(9);
    // Small loses on a triple; total 9 pays 6 to 1; three threes pay 3 to 1; no 5 for the pair; the double pays 10 to 1.
    expect(round.view.winningBets).toEqual([1, 2, 4]);
    expect(round.win).toBe(700 + 400 + 1_100);
    expect(sicboOn([1, 4, 5], bets).win).toBe(200 + 0 + 0 + 0 + 0);
    expect(sicboOn([3, 5, 6], bets).win).toBe(200 + 600);
  });

  it('states each bet\u2019s return exactly (over the 216 throws)', () => {
    const throws: number[][] = [];
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) throws.push([a, b, c]);
    for (const spot of SICBO_SPOTS) {
      const rtp = throws.reduce((sum, dice) => sum + sicboReturn(spot, dice), 0) / throws.length;
      const key = sicboSpotKey(spot);
      const total = spot.kind === 'total' && 'value' in spot ? (spot.value > 10 ? `total:${21 - spot.value}` : key) : null;
      const stated = SICBO_RETURNS[total ?? spot.kind];
      expect(stated, key).toBeDefined();
      expect(toFour(rtp), key).toBe(toFour(stated!));
    }
    expect(sicbo.rtp(sicbo.config.parse({}))).toBe(0.8102);
  });

  it('refuses a spot twice, a pair of one number, and chips past the table limits', () => {
    expect(sicbo.choice.safeParse({ bets: [] }).success).toBe(false);
    expect(
      sicbo.choice.safeParse({
        bets: [
          { kind: 'big', amount: 10 },
          { kind: 'big', amount: 10 },
        ],
      }).success,
    ).toBe(false);
    expect(sicbo.choice.safeParse({ bets: [{ kind: 'combination', values: [2, 2], amount: 10 }] }).success).toBe(false);
    const config = sicbo.config.parse({ limits: { spotMax: 1_000, tableMax: 5_000 } });
    expect(() => sicbo.stakeOf!({ bets: [{ kind: 'big', amount: 2_000 }] }, config)).toThrow('spot_above_max');
    expect(
      sicbo.stakeOf!(
        {
          bets: [
            { kind: 'big', amount: 1_000 },
            { kind: 'total', value: 10, amount: 500 },
          ],
        },
        config,
      ),
    ).toBe(1_500);
  });
});

describe('andar bahar', () => {
  it('deals to andar first until a card of the joker\u2019s rank falls', () => {
    const deck = ['7H', '2C', '9D', 'KS', '7S', ...ONE_DECK.filter((c) => !['7H', '2C', '9D', 'KS', '7S'].includes(c))];
    const view = andarBaharFrom(deck, 'bahar');
    expect(view).toMatchObject({ joker: '7H', andar: ['2C', 'KS'], bahar: ['9D', '7S'], winner: 'bahar' });
    const step = andarBahar.start({ int: () => 0 }, { side: 'andar' }, {});
    expect(step.payout).toBe(step.view.winner === 'andar' ? ANDAR_BAHAR_PAYS.andar : 0);
  });

  it('states each side\u2019s return exactly (every place of the three cards of the joker\u2019s rank)', () => {
    // The 51 cards after the joker hold three of its rank: count the placings whose first lies at an even place (andar).
    let andar = 0;
    let all = 0;
    for (let a = 0; a < 51; a++)
      for (let b = a + 1; b < 51; b++)
        for (let c = b + 1; c < 51; c++) {
          all++;
          if (a % 2 === 0) andar++;
        }
    expect(andarChance()).toBeCloseTo(andar / all, 12);
    expect(toFour(((andar / all) * ANDAR_BAHAR_PAYS.andar) / ONE_X)).toBe(toFour(ANDAR_BAHAR_RETURNS.andar));
    expect(toFour(((1 - andar / all) * ANDAR_BAHAR_PAYS.bahar) / ONE_X)).toBe(toFour(ANDAR_BAHAR_RETURNS.bahar));
  });
});

describe('teen patti', () => {
  it('ranks trail over pure sequence over sequence over color over pair, A-K-Q then A-2-3 the best runs', () => {
    const order = [
      ['2S', '2H', '2D'],
      ['AS', 'KS', 'QS'],
      ['AH', '2H', '3H'],
      ['4C', '3C', '2C'],
      ['AS', 'KH', 'QD'],
      ['AS', '2H', '3D'],
      ['KS', 'QH', 'JD'],
      ['AS', '9S', '4S'],
      ['AS', 'AH', 'KD'],
      ['2S', '2H', '3D'],
      ['AS', 'KH', 'JD'],
      ['5S', '3H', '2D'],
    ];
    const scores = order.map((h) => teenPattiRank(h).score);
    for (let i = 1; i < scores.length; i++) expect(scores[i - 1]!, order[i]!.join()).toBeGreaterThan(scores[i]!);
    expect(teenPattiRank(['AS', 'AH', 'AD']).hand).toBe('trail');
  });

  it('pays the ante and the play by the dealer\u2019s queen-high rule and the ante bonus', () => {
    // Player A-K-Q of spades (pure sequence), dealer J high: not qualified.
    const step = teenPattiFrom(['AS', 'KS', 'QS', 'JH', '9C', '4D']);
    expect(step.view.dealer).toEqual([null, null, null]);
    const played = teenPatti.act!(noDraws, step.state, { move: 'play' }, {});
    expect(played.stakes).toEqual([ONE_X, ONE_X]);
    expect(played.payouts).toEqual([2 * ONE_X + 4 * ONE_X, ONE_X]);
    expect(played.view.dealerQualifies).toBe(false);
    // Dealer with a pair beats a queen high: both lost.
    const lost = teenPatti.act!(noDraws, teenPattiFrom(['QS', '7H', '4C', '5D', '5C', '9H']).state, { move: 'play' }, {});
    expect(lost.payouts).toEqual([0, 0]);
    const folded = teenPatti.act!(noDraws, step.state, { move: 'fold' }, {});
    expect(folded).toMatchObject({ done: true, payout: 0, stakes: [ONE_X] });
    expect(teenPatti.stakeFor!(step.state, { move: 'play' }, {})).toBe(ONE_X);
    expect(teenPatti.abandon!(step.state, {}).view.stage).toBe('folded');
  });

  it('returns 96.65 % of the ante playing a queen-six-four or better (exact over every deal)', () => {
    // For each of the player's 22,100 hands, the dealer's 18,424 hands from the other 49 cards are
    // counted by score with inclusion–exclusion over the player's cards (sorted score lists).
    const hands: number[][] = [];
    for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++) hands.push([a, b, c]);
    const score = hands.map((h) => teenPattiRank(h.map((i) => ONE_DECK[i]!)).score);
    const byCard: number[][] = Array.from({ length: 52 }, () => []);
    const byPair = new Map<number, number[]>();
    hands.forEach((h, i) => {
      for (const c of h) byCard[c]!.push(score[i]!);
      for (const [p, q] of [
        [h[0]!, h[1]!],
        [h[0]!, h[2]!],
        [h[1]!, h[2]!],
      ] as const) {
        const list = byPair.get(p * 52 + q) ?? [];
        list.push(score[i]!);
        byPair.set(p * 52 + q, list);
      }
    });
    const sorted = (l: number[]) => l.sort((x, y) => x - y);
    const all = sorted([...score]);
    for (const l of byCard) sorted(l);
    for (const l of byPair.values()) sorted(l);
    const below = (list: number[], x: number) => {
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const DEALS = 18_424;
    let net = 0;
    hands.forEach((h, i) => {
      const s = score[i]!;
      if (s < TEEN_PATTI_PLAY_FROM) {
        net -= 1;
        return;
      }
      const countBelow = (x: number) => {
        let n = below(all, x);
        for (const c of h) n -= below(byCard[c]!, x);
        n += below(byPair.get(h[0]! * 52 + h[1]!)!, x) + below(byPair.get(h[0]! * 52 + h[2]!)!, x) + below(byPair.get(h[1]! * 52 + h[2]!)!, x);
        return s < x ? n - 1 : n;
      };
      const notQualified = countBelow(TEEN_PATTI_QUALIFY);
      const lower = countBelow(s) - notQualified;
      const equal = countBelow(s + 1) - countBelow(s);
      const higher = DEALS - notQualified - lower - equal;
      const bonus = TEEN_PATTI_ANTE_BONUS[teenPattiRank(h.map((c) => ONE_DECK[c]!)).hand] ?? 0;
      // Net per ante (ante and play staked): not qualified +1, win +2, tie 0, lose −2; the bonus on top.
      net += (notQualified * 1 + lower * 2 + higher * -2) / DEALS + bonus;
    });
    expect(toFour(1 + net / hands.length)).toBe(toFour(TEEN_PATTI_RTP));
    expect(teenPatti.rtp({})).toBe(TEEN_PATTI_RTP);
  });
});

describe('French roulette', () => {
  it('gives half of an even-money bet back on zero under la partage, and returns 36.5/37 on it', () => {
    const config = roulette.config.parse({ rule: 'la_partage' });
    const choice = roulette.choice.parse({
      bets: [
        { kind: 'red', amount: 100 },
        { kind: 'straight', value: 5, amount: 100 },
      ],
    });
    let sum = 0;
    for (let pocket = 0; pocket < 37; pocket++) {
      const step = roulette.start({ int: () => pocket }, choice, config);
      if (pocket === 0) expect(step.win).toBe(50);
      sum += step.win!;
    }
    // Red: 18 × 200 + 50; the straight 36 × 100.
    expect(sum).toBe(18 * 200 + 50 + 3_600);
    expect(toFour((18 * 2 + 0.5) / 37)).toBe(toFour(LA_PARTAGE_EVEN_MONEY_RTP));
    expect(roulette.start({ int: () => 0 }, choice, roulette.config.parse({})).win).toBe(0);
  });
});
