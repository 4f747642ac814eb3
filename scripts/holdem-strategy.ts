// Fits the weak-hand models of src/server/games/engines/holdem-strategy.ts to exact
// values of calling in Casino Hold'em.
//
//   node scripts/holdem-strategy.ts sample <seed> <count> <file.jsonl>   (≈ 0.35 s a hand; appends)
//   node scripts/holdem-strategy.ts fit <file.jsonl>…                      (prints the models and their loss)
//
// `sample` deals random hole cards and flops and, for the weak ones (and one in twenty
// of the others, to check they are calls), enumerates every turn, river and pair of
// dealer cards — 1 070 190 endings — for the exact expected result of calling, in antes.
// `fit` solves one least-squares model per kind of flop and reports, by five-fold cross
// validation, how much of the ante the advisor gives up against the exact best decision.
import { appendFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dealCards } from '../src/server/games/engines/cards.ts';
import { type FlopKind, weakHand } from '../src/server/games/engines/holdem-strategy.ts';

// A seven-card evaluator on card indexes (rank 0…12 = two…ace, + 13 × suit), returning a
// number that orders hands as cards.ts does; lookups keep it a few hundred times faster.
const STRAIGHT_TOP = new Int8Array(8192).fill(-1);
for (let m = 0; m < 8192; m++) {
  for (let top = 12; top >= 3; top--) {
    const run = top === 3 ? 0b1000000001111 : 0b11111 << (top - 4);
    if ((m & run) === run) {
      STRAIGHT_TOP[m] = top;
      break;
    }
  }
}
const BITS = new Uint8Array(8192);
for (let m = 1; m < 8192; m++) BITS[m] = BITS[m >> 1]! + (m & 1);
const CATEGORY = 1_048_576;

function topRanks(mask: number, n: number): number {
  let value = 0;
  let k = 0;
  for (let r = 12; r >= 0 && k < n; r--) {
    if (mask & (1 << r)) {
      value = value * 16 + r;
      k++;
    }
  }
  for (; k < n; k++) value *= 16;
  return value;
}

function evaluate(cards: number[]): number {
  const suits = [0, 0, 0, 0];
  const counts = new Uint8Array(13);
  let ranks = 0;
  for (const card of cards) {
    const r = card % 13;
    suits[(card / 13) | 0]! |= 1 << r;
    counts[r]!++;
    ranks |= 1 << r;
  }
  for (const mask of suits) {
    if (BITS[mask]! < 5) continue;
    const top = STRAIGHT_TOP[mask]!;
    return top >= 0 ? 8 * CATEGORY + top : 5 * CATEGORY + topRanks(mask, 5);
  }
  let quad = -1;
  let trip = -1;
  let trip2 = -1;
  let pair = -1;
  let pair2 = -1;
  for (let r = 12; r >= 0; r--) {
    const n = counts[r]!;
    if (n === 4) quad = r;
    else if (n === 3) {
      if (trip < 0) trip = r;
      else if (trip2 < 0) trip2 = r;
    } else if (n === 2) {
      if (pair < 0) pair = r;
      else if (pair2 < 0) pair2 = r;
    }
  }
  if (quad >= 0) return 7 * CATEGORY + quad * 16 + topRanks(ranks & ~(1 << quad), 1) / 65_536;
  if (trip >= 0 && (trip2 >= 0 || pair >= 0)) return 6 * CATEGORY + trip * 16 + Math.max(trip2, pair);
  const straight = STRAIGHT_TOP[ranks]!;
  if (straight >= 0) return 4 * CATEGORY + straight;
  if (trip >= 0) return 3 * CATEGORY + trip * 65_536 + topRanks(ranks & ~(1 << trip), 2) / 256;
  if (pair2 >= 0) return 2 * CATEGORY + pair * 65_536 + pair2 * 4096 + topRanks(ranks & ~(1 << pair) & ~(1 << pair2), 1) / 65_536;
  if (pair >= 0) return CATEGORY + pair * 65_536 + topRanks(ranks & ~(1 << pair), 3) / 16;
  return topRanks(ranks, 5);
}

const PAIR_OF_FOURS = CATEGORY + 2 * 65_536;
/** What a winning ante returns, stake included, by the player's score (the table of holdem.ts). */
function antePays(score: number): number {
  const category = Math.floor(score / CATEGORY);
  if (category === 8) return score % CATEGORY === 12 ? 101 : 21;
  return category === 7 ? 11 : category === 6 ? 4 : category === 5 ? 3 : 2;
}

const cardIndex = (card: string) => '23456789TJQKA'.indexOf(card[0]!) + 13 * 'SHDC'.indexOf(card[1]!);

/** The exact expected result of calling, in antes, with two hole cards and a flop known. */
export function callValue(player: string[], flop: string[]): number {
  const known = [...player, ...flop].map(cardIndex);
  const rest = Array.from({ length: 52 }, (_, i) => i).filter((i) => !known.includes(i));
  const mine = [...known, 0, 0];
  const theirs = [0, 0, known[2]!, known[3]!, known[4]!, 0, 0];
  let total = 0;
  let boards = 0;
  for (let a = 0; a < rest.length; a++) {
    for (let b = a + 1; b < rest.length; b++) {
      mine[5] = theirs[5] = rest[a]!;
      mine[6] = theirs[6] = rest[b]!;
      const score = evaluate(mine);
      const pays = antePays(score);
      let sum = 0;
      let hands = 0;
      for (let x = 0; x < rest.length; x++) {
        if (x === a || x === b) continue;
        theirs[0] = rest[x]!;
        for (let y = x + 1; y < rest.length; y++) {
          if (y === a || y === b) continue;
          theirs[1] = rest[y]!;
          const dealer = evaluate(theirs);
          // Net of ante and call: no qualifier pays the ante and returns the call; else the better hand takes both.
          sum += dealer < PAIR_OF_FOURS ? pays - 1 : score > dealer ? pays + 1 : score === dealer ? 0 : -3;
          hands++;
        }
      }
      total += sum / hands;
      boards++;
    }
  }
  return total / boards;
}

function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { int: (n: number) => Math.floor(next() * n) };
}

function sample(seed: number, count: number, file: string): void {
  const rng = seeded(seed);
  for (let done = 0; done < count; ) {
    const [a, b, c, d, e] = dealCards(rng, 5) as [string, string, string, string, string];
    const weak = weakHand([a, b], [c, d, e]) !== null;
    if (!weak && rng.int(20) !== 0) continue;
    appendFileSync(file, `${JSON.stringify({ player: [a, b], flop: [c, d, e], weak, ev: callValue([a, b], [c, d, e]) })}\n`);
    done++;
  }
}

function leastSquares(rows: number[][], values: number[]): number[] {
  const k = rows[0]!.length;
  const m = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  rows.forEach((x, i) => {
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < k; b++) m[a]![b]! += x[a]! * x[b]!;
      m[a]![k]! += x[a]! * values[i]!;
    }
  });
  // A touch of ridge keeps inputs that a small group never varies from making the system singular.
  for (let a = 0; a < k; a++) m[a]![a]! += 1e-3;
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= k; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  return m.map((row, i) => row[k]! / row[i]!);
}

function fitModels(files: string[]): void {
  const lines = [...new Set(files.flatMap((f) => readFileSync(f, 'utf8').trim().split('\n')))];
  const samples = lines.map((l) => JSON.parse(l) as { player: string[]; flop: string[]; ev: number });
  const rows = samples.flatMap((s) => {
    const weak = weakHand(s.player, s.flop);
    return weak ? [{ ...weak, ev: s.ev }] : [];
  });
  const strong = samples.filter((s) => weakHand(s.player, s.flop) === null);
  const kinds: FlopKind[] = ['unpaired', 'paired_low', 'paired'];
  const fitted = (subset: typeof rows) =>
    Object.fromEntries(
      kinds.map((kind) => {
        const of = subset.filter((r) => r.kind === kind);
        return [
          kind,
          leastSquares(
            of.map((r) => r.inputs),
            of.map((r) => r.ev),
          ),
        ];
      }),
    ) as Record<FlopKind, number[]>;
  const value = (models: Record<FlopKind, number[]>, r: (typeof rows)[number]) => r.inputs.reduce((s, x, i) => s + x * models[r.kind][i]!, 0);
  let loss = 0;
  for (let fold = 0; fold < 5; fold++) {
    const models = fitted(rows.filter((_, i) => i % 5 !== fold));
    rows.forEach((r, i) => {
      if (i % 5 === fold) loss += Math.max(r.ev, -1) - (value(models, r) > -1 ? r.ev : -1);
    });
  }
  const models = fitted(rows);
  console.log(`${rows.length} weak hands, ${strong.length} others (${strong.filter((s) => s.ev < -1).length} of them better folded)`);
  console.log(`cross-validated loss: ${(loss / rows.length).toFixed(5)} antes per weak hand`);
  const round = (xs: number[]) => xs.map((x) => Number(x.toFixed(4)));
  console.log(`export const WEAK_HAND_MODELS = ${JSON.stringify(Object.fromEntries(kinds.map((k) => [k, round(models[k])])), null, 2)};`);
}

const [command, ...args] = process.argv.slice(2);
if (process.argv[1] !== fileURLToPath(import.meta.url)) {
  // Imported (by a test or a look at the values): nothing to run.
} else if (command === 'sample') sample(Number(args[0]), Number(args[1]), args[2]!);
else if (command === 'fit') fitModels(args);
else console.error('usage: node scripts/holdem-strategy.ts sample <seed> <count> <file> | fit <file>…');
