// `npm run bench rtp`: a seeded simulation of each single-round engine drawn from the
// provably fair stream (src/shared/fairness.ts) against its exact return to player, and
// chi-square tests of dice and roulette outcomes, 10^6 rounds each (RTP_ROUNDS).
// A round returns X times its stake; the mean of N rounds must lie within 2.576 standard
// errors (99 %) of the exact figure. The chi-square statistic of the outcomes' counts
// must stay under the critical value at α = 0.01. tests/unit/rtp.test.ts runs a short version.
import { andarChance } from '../src/server/games/engines/andar-bahar.ts';
import { BACCARAT_RTP } from '../src/server/games/engines/baccarat.ts';
import { engineOf } from '../src/server/games/engines/index.ts';
import { kenoRtp } from '../src/server/games/engines/keno.ts';
import { TEEN_PATTI_PLAY_FROM, TEEN_PATTI_RTP, teenPattiRank } from '../src/server/games/engines/teen-patti.ts';
import { type Engine, ONE_X, type Rng, type RoundStep, stakesOf } from '../src/server/games/engines/types.ts';
import { ANDAR_BAHAR_PAYS, minesMultiplier, PLINKO_RTP } from '../src/shared/house-tables.ts';
import { freeSpinsRtp, megawaysRtp } from '../src/server/games/engines/slot.ts';
import { roundRng } from '../src/server/games/fairness.ts';
import { crashPointOf } from '../src/shared/crash.ts';
import { table } from './lib.ts';

const Z99 = 2.5758;

export interface RtpCase {
  name: string;
  engine: string;
  config: Record<string, unknown>;
  choice: unknown;
  /** The exact return to player of this choice (and of `play`). */
  rtp: number;
  /** For a game of several moves: the player's strategy, move by move, from the dealt step to the end. */
  play?: (engine: Engine, step: RoundStep<unknown, unknown>, config: unknown) => RoundStep<unknown, unknown>;
}

const noDraws: Rng = {
  int() {
    throw new Error('a move draws nothing');
  },
};

/** Plays `move(step)` until the round ends. */
function playOut(engine: Engine, first: RoundStep<unknown, unknown>, config: unknown, move: (step: RoundStep<unknown, unknown>) => unknown) {
  let step = first;
  while (!step.done) step = engine.act!(noDraws, step.state, move(step), config);
  return step;
}

// Mines: open the cells in order and cash out after five safe ones; 3 mines. Exact: C(22,5)/C(25,5) × the multiplier.
const minesFive = (() => {
  let survive = 1;
  for (let i = 0; i < 5; i++) survive *= (22 - i) / (25 - i);
  return (survive * minesMultiplier(3, 5)) / ONE_X;
})();

export const RTP_CASES: RtpCase[] = [
  {
    name: 'dice under 50',
    engine: 'dice',
    config: {},
    choice: { target: 50, direction: 'under' },
    rtp: (5000 * Math.floor((ONE_X * 99 * 10_000) / (100 * 5000))) / 10_000 / ONE_X,
  },
  { name: 'roulette red', engine: 'roulette', config: {}, choice: { bets: [{ kind: 'red', amount: 100 }] }, rtp: 36 / 37 },
  { name: 'roulette straight 17', engine: 'roulette', config: {}, choice: { bets: [{ kind: 'straight', value: 17, amount: 100 }] }, rtp: 36 / 37 },
  { name: 'keno 4 picks', engine: 'keno', config: {}, choice: { picks: [5, 23, 41, 77] }, rtp: kenoRtp(4) },
  { name: 'scratch', engine: 'scratch', config: {}, choice: {}, rtp: engineOf('scratch')?.rtp({}) ?? 0 },
  { name: 'slot classic', engine: 'slot', config: { variant: 'classic' }, choice: {}, rtp: engineOf('slot')?.rtp({ variant: 'classic' }) ?? 0 },
  { name: 'slot volatile', engine: 'slot', config: { variant: 'volatile' }, choice: {}, rtp: engineOf('slot')?.rtp({ variant: 'volatile' }) ?? 0 },
  // The featured slots: free spins won by scatters, the bonus buy, megaways and the jackpot model's reels.
  { name: 'slot free spins', engine: 'slot', config: { variant: 'freespins' }, choice: {}, rtp: freeSpinsRtp().base },
  { name: 'slot bonus buy', engine: 'slot', config: { variant: 'freespins' }, choice: { buy: true }, rtp: freeSpinsRtp().buy },
  { name: 'slot megaways', engine: 'slot', config: { variant: 'megaways' }, choice: {}, rtp: megawaysRtp() },
  {
    name: 'slot classic jackpot (reels)',
    engine: 'slot',
    config: { variant: 'classic-jackpot', jackpot: 'eagle-mega' },
    choice: {},
    rtp: engineOf('slot')?.rtp({ variant: 'classic-jackpot' }) ?? 0,
  },
  { name: 'baccarat banker', engine: 'baccarat', config: {}, choice: { bet: 'banker' }, rtp: BACCARAT_RTP.banker },
  { name: 'baccarat player', engine: 'baccarat', config: {}, choice: { bet: 'player' }, rtp: BACCARAT_RTP.player },
  {
    name: 'french roulette red (la partage)',
    engine: 'roulette',
    config: { rule: 'la_partage' },
    choice: { bets: [{ kind: 'red', amount: 100 }] },
    rtp: 36.5 / 37,
  },
  {
    name: 'american roulette red',
    engine: 'roulette',
    config: { wheel: 'american' },
    choice: { bets: [{ kind: 'red', amount: 100 }] },
    rtp: 36 / 38,
  },
  {
    name: 'american roulette straight 00',
    engine: 'roulette',
    config: { wheel: 'american' },
    choice: { bets: [{ kind: 'straight', value: 37, amount: 100 }] },
    rtp: 36 / 38,
  },
  {
    name: 'american roulette five-number bet',
    engine: 'roulette',
    config: { wheel: 'american' },
    choice: { bets: [{ kind: 'five', numbers: [0, 37, 1, 2, 3], amount: 100 }] },
    rtp: 35 / 38,
  },
  { name: 'plinko 8 rows low', engine: 'plinko', config: {}, choice: { rows: 8, risk: 'low' }, rtp: PLINKO_RTP },
  { name: 'plinko 16 rows high', engine: 'plinko', config: {}, choice: { rows: 16, risk: 'high' }, rtp: PLINKO_RTP },
  { name: 'sic bo small', engine: 'sicbo', config: {}, choice: { bets: [{ kind: 'small', amount: 100 }] }, rtp: 35 / 36 },
  { name: 'sic bo total 9', engine: 'sicbo', config: {}, choice: { bets: [{ kind: 'total', value: 9, amount: 100 }] }, rtp: (25 * 7) / 216 },
  { name: 'andar bahar andar', engine: 'andar-bahar', config: {}, choice: { side: 'andar' }, rtp: (andarChance() * ANDAR_BAHAR_PAYS.andar) / ONE_X },
  {
    name: 'andar bahar bahar',
    engine: 'andar-bahar',
    config: {},
    choice: { side: 'bahar' },
    rtp: ((1 - andarChance()) * ANDAR_BAHAR_PAYS.bahar) / ONE_X,
  },
  {
    name: 'hi-lo likelier side, cash out after 2',
    engine: 'hilo',
    config: {},
    choice: {},
    rtp: 0.99,
    play: (engine, first, config) =>
      playOut(engine, first, config, (step) => {
        const view = step.view as { options: { guess: string; ranks: number }[]; moves: string[] };
        if (view.moves.length >= 2) return { move: 'cashout' };
        const [higher, lower] = view.options;
        return { move: (higher?.ranks ?? 0) >= (lower?.ranks ?? 0) ? 'higher' : 'lower' };
      }),
  },
  {
    name: 'mines 3, five cells',
    engine: 'mines',
    config: {},
    choice: { mines: 3 },
    rtp: minesFive,
    play: (engine, first, config) =>
      playOut(engine, first, config, (step) => {
        const opened = (step.view as { revealed: number[] }).revealed.length;
        return opened >= 5 ? { move: 'cashout' } : { move: 'reveal', cell: opened };
      }),
  },
  {
    name: 'teen patti, play Q-6-4 or better',
    engine: 'teen-patti',
    config: {},
    choice: {},
    rtp: TEEN_PATTI_RTP,
    play: (engine, first, config) =>
      playOut(engine, first, config, (step) => ({
        move: teenPattiRank((step.view as { player: string[] }).player).score >= TEEN_PATTI_PLAY_FROM ? 'play' : 'fold',
      })),
  },
];

const seedsOf = (name: string, nonce: number) => ({ serverSeed: `rtp-bench-${name}`, clientSeed: 'bench', nonce });

export interface RtpResult {
  name: string;
  rounds: number;
  rtp: number;
  mean: number;
  halfWidth: number;
  ok: boolean;
}

/** N rounds of a case from the fair stream: the mean return and its 99 % interval. */
export function simulateRtp(c: RtpCase, rounds: number): RtpResult {
  const engine = engineOf(c.engine);
  if (!engine) throw new Error(`no engine ${c.engine}`);
  const config = engine.config.parse(c.config);
  const choice = engine.choice.parse(c.choice);
  const stake = engine.stakeOf ? engine.stakeOf(choice, config) : 100;
  let sum = 0;
  let squares = 0;
  for (let n = 0; n < rounds; n++) {
    const dealt = engine.start(roundRng(seedsOf(c.name, n)), choice, config);
    const step = c.play ? c.play(engine, dealt, config) : dealt;
    // A round of several stakes (teen patti's play) is measured per first stake: what came back less the extra stakes.
    const extra = stakesOf(step).reduce((sum, bp) => sum + bp, 0) / ONE_X - 1;
    const x = step.win !== undefined ? step.win / stake : step.payout / ONE_X - extra;
    sum += x;
    squares += x * x;
  }
  const mean = sum / rounds;
  const sd = Math.sqrt(Math.max(0, squares / rounds - mean * mean));
  const halfWidth = (Z99 * sd) / Math.sqrt(rounds);
  return { name: c.name, rounds, rtp: c.rtp, mean, halfWidth, ok: Math.abs(mean - c.rtp) <= halfWidth };
}

/** The crash game at an auto cash-out of `target` (hundredths) over `rounds` random seeds: 99 % whatever the target. */
export function simulateCrash(target: number, rounds: number): RtpResult {
  let sum = 0;
  let squares = 0;
  for (let n = 0; n < rounds; n++) {
    const seed = roundRng(seedsOf(`crash-${target}`, n));
    // A uniformly random 64-hex seed, as a chain's hashes are.
    const hex = Array.from({ length: 8 }, () =>
      seed
        .int(2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    const x = crashPointOf(hex) >= target ? target / 100 : 0;
    sum += x;
    squares += x * x;
  }
  const mean = sum / rounds;
  const sd = Math.sqrt(Math.max(0, squares / rounds - mean * mean));
  const halfWidth = (Z99 * sd) / Math.sqrt(rounds);
  return { name: `crash auto ${(target / 100).toFixed(2)}×`, rounds, rtp: 0.99, mean, halfWidth, ok: Math.abs(mean - 0.99) <= halfWidth };
}

/** Critical values of chi-square at α = 0.01 (Wilson–Hilferty approximation, within 0.1 % here). */
export function chiSquareCritical(df: number): number {
  const z = 2.3263; // the 99th percentile of the standard normal
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

export interface ChiResult {
  name: string;
  draws: number;
  statistic: number;
  critical: number;
  ok: boolean;
}

/** Counts `draws` outcomes of [0, bins) drawn by `draw` from the fair stream and tests them for uniformity. */
export function chiSquare(name: string, bins: number, draws: number, draw: (nonce: number) => number, fold = 1): ChiResult {
  const cells = bins / fold;
  const counts = new Array<number>(cells).fill(0);
  for (let n = 0; n < draws; n++) counts[Math.floor(draw(n) / fold)]!++;
  const expected = draws / cells;
  const statistic = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  const critical = chiSquareCritical(cells - 1);
  return { name, draws, statistic, critical, ok: statistic < critical };
}

export function chiSquares(draws: number): ChiResult[] {
  const dice = engineOf('dice');
  const roulette = engineOf('roulette');
  if (!dice || !roulette) throw new Error('no dice or roulette engine');
  const diceChoice = dice.choice.parse({ target: 50, direction: 'under' });
  const rouletteChoice = roulette.choice.parse({ bets: [{ kind: 'red', amount: 100 }] });
  const americanWheel = roulette.config.parse({ wheel: 'american' });
  return [
    // Rolls 0.00–99.99 in 100 cells of one point each.
    chiSquare(
      'dice rolls (100 cells)',
      10_000,
      draws,
      (n) => Math.round((dice.start(roundRng(seedsOf('chi-dice', n)), diceChoice, {}).view as { roll: number }).roll * 100),
      100,
    ),
    chiSquare(
      'roulette pockets (37)',
      37,
      draws,
      (n) => (roulette.start(roundRng(seedsOf('chi-roulette', n)), rouletteChoice, {}).view as { number: number }).number,
    ),
    // The American wheel: 0–36 and 00 (drawn as 37).
    chiSquare(
      'american roulette pockets (38)',
      38,
      draws,
      (n) => (roulette.start(roundRng(seedsOf('chi-american', n)), rouletteChoice, americanWheel).view as { number: number }).number,
    ),
  ];
}

export async function benchRtp(): Promise<Record<string, unknown>> {
  const rounds = Number(process.env.RTP_ROUNDS ?? 1_000_000);
  const results = [...RTP_CASES.map((c) => simulateRtp(c, rounds)), simulateCrash(200, rounds), simulateCrash(1000, rounds)];
  console.log(
    table([
      ['case', 'rounds', 'exact RTP', 'simulated', '99 % interval', 'within'],
      ...results.map((r) => [r.name, r.rounds, r.rtp.toFixed(6), r.mean.toFixed(6), `± ${r.halfWidth.toFixed(6)}`, r.ok ? 'yes' : 'NO']),
    ]),
  );
  const chis = chiSquares(rounds);
  console.log(
    table([
      ['chi-square', 'draws', 'statistic', 'critical (α = 0.01)', 'passes'],
      ...chis.map((c) => [c.name, c.draws, c.statistic.toFixed(2), c.critical.toFixed(2), c.ok ? 'yes' : 'NO']),
    ]),
  );
  if (![...results, ...chis].every((r) => r.ok)) process.exitCode = 1;
  return { rounds, rtp: results, chiSquare: chis };
}
