// Provably fair rounds (src/shared/fairness.ts): the documented mapping from seeds to
// numbers and cards, checked against HMAC computed here by hand, and every engine of the
// studio drawing its round from it: the same seeds always give the same round, and the
// outcome the round details state is the one the engine played.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/server/demo/games.ts';
import { isBingoGame } from '../../src/shared/bingo.ts';
import { isLiveTable } from '../../src/shared/live.ts';
import { ENGINE_IDS, engineOf } from '../../src/server/games/engines/index.ts';
import { SCRATCH_PRIZES, SCRATCH_TOTAL_WEIGHT } from '../../src/server/games/engines/scratch.ts';
import { SLOT_VARIANTS } from '../../src/server/games/engines/slot.ts';
import { CLASSIC_STRIPS, FEATURE_VARIANTS, featureModel, isFeatureVariant } from '../../src/shared/slot-models.ts';
import { fairVariantOf, nodeHmac, outcomeOf, roundRng } from '../../src/server/games/fairness.ts';
import { bingoDrawOrder } from '../../src/shared/bingo.ts';
import { dealFrom, FAIR_GAMES, type FairOutcome, type FairSeeds, fairOutcome, fairRng, isFairGame, ONE_DECK } from '../../src/shared/fairness.ts';
import { describeOutcome, tableUseOf } from '../../src/shared/fairness-show.ts';
import { crashFragment, fairnessFragment, readFragment, verifyRound } from '../../src/shared/fairness-verify.ts';
import { rouletteColor, roulettePocketLabel, scratchTier } from '../../src/shared/game-tables.ts';
import { JACKPOT_RANGE } from '../../src/shared/slot-models.ts';
import en from '../../locales/en.json';

const seeds = (nonce: number): FairSeeds => ({
  serverSeed: 'a3f1c0de5b7e4c2f9d8a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e',
  clientSeed: 'player-seed',
  nonce,
});

/** A choice every engine takes, by engine. */
const CHOICES: Record<string, unknown> = {
  dice: { target: 50, direction: 'under' },
  roulette: { bets: [{ kind: 'red', amount: 100 }] },
  keno: { picks: [3, 17, 42, 64, 80] },
  scratch: {},
  slot: {},
  blackjack: {},
  baccarat: { bet: 'player' },
  'video-poker': {},
  holdem: { aaBonus: true },
  hilo: {},
  mines: { mines: 3 },
  plinko: { rows: 12, risk: 'medium' },
  sicbo: { bets: [{ kind: 'big', amount: 100 }] },
  'andar-bahar': { side: 'andar' },
  'teen-patti': {},
};

describe('the fair stream', () => {
  it('reads HMAC-SHA256(server seed, "client:nonce:cursor") as big-endian 32-bit integers, eight a block', () => {
    const s = seeds(7);
    const block0 = createHmac('sha256', s.serverSeed).update('player-seed:7:0').digest();
    const block1 = createHmac('sha256', s.serverSeed).update('player-seed:7:1').digest();
    const words = [...Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)), ...Array.from({ length: 8 }, (_, i) => block1.readUInt32BE(i * 4))];
    // A range of 2^31 never rejects a word below 2^32: every draw is the word mod 2^31.
    const rng = fairRng(nodeHmac, s);
    expect(Array.from({ length: 16 }, () => rng.int(2 ** 31))).toEqual(words.map((w) => w % 2 ** 31));
  });

  it('throws away words at or above the largest multiple of the range, so every value is equally likely', () => {
    // Blocks of one repeated word: 0xFFFFFFFF is rejected for n = 10 (2^32 mod 10 = 6), 0x00000013 is kept.
    const blocks = [new Uint8Array(32).fill(0xff), Uint8Array.from({ length: 32 }, (_, i) => (i % 4 === 3 ? 0x13 : 0))];
    let cursor = 0;
    const rng = fairRng(() => blocks[cursor++] ?? new Uint8Array(32), seeds(0));
    expect(rng.int(10)).toBe(9); // 0x13 = 19 → 9, after eight rejected words
    expect(cursor).toBe(2);
    expect(rng.int(1)).toBe(0);
    expect(rng.draws).toBe(1);
  });

  it('shuffles the ordered shoe from the top by Fisher–Yates', () => {
    const s = seeds(3);
    const words = fairRng(nodeHmac, s);
    const expected = [...ONE_DECK];
    for (let i = 0; i < 5; i++) {
      const j = i + words.int(52 - i);
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    expect(dealFrom(fairRng(nodeHmac, s), 5)).toEqual(expected.slice(0, 5));
    expect(ONE_DECK.slice(0, 3)).toEqual(['2S', '3S', '4S']);
  });

  it('commits to the server seed by the SHA-256 of its text', () => {
    expect(createHash('sha256').update(seeds(0).serverSeed).digest('hex')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('every engine draws from the fair stream', () => {
  it('knows every engine of the studio, with the figures the engines use', () => {
    for (const id of ENGINE_IDS) expect(isFairGame(id), id).toBe(true);
    expect(FAIR_GAMES.slot.reels.classic).toEqual(SLOT_VARIANTS.classic.strips.map((s) => s.length));
    expect(FAIR_GAMES.slot.reels.volatile).toEqual(SLOT_VARIANTS.volatile.strips.map((s) => s.length));
    expect(FAIR_GAMES.scratch.range).toBe(SCRATCH_TOTAL_WEIGHT);
  });

  // Every table of the catalogue dealt by an engine (the crash schedule draws from its own hash chain: games-crash.test.ts;
  // the live tables and bingo from each round's committed seed: games-live.test.ts, games-bingo.test.ts).
  for (const game of GAMES.filter((g) => g.engine !== 'crash' && !isLiveTable(g.engine) && !isBingoGame(g.engine)).filter(
    (g, i, all) => all.findIndex((o) => o.engine === g.engine && JSON.stringify(o.config) === JSON.stringify(g.config)) === i,
  )) {
    it(`${game.engine} (${game.slug}): the same seeds give the same round, and the outcome is the one played`, () => {
      const engine = engineOf(game.engine);
      if (!engine || !isFairGame(game.engine)) throw new Error(`no engine ${game.engine}`);
      const config = engine.config.parse(game.config ?? {}) as Record<string, unknown>;
      const choice = engine.choice.parse(CHOICES[game.engine]);
      for (let nonce = 0; nonce < 50; nonce++) {
        const rng = roundRng(seeds(nonce));
        const step = engine.start(rng, choice, config);
        expect(engine.start(roundRng(seeds(nonce)), choice, config)).toEqual(step);
        const outcome = outcomeOf(game.engine, config, seeds(nonce)) as Record<string, unknown>;
        const view = step.view as Record<string, unknown>;
        switch (game.engine) {
          case 'dice':
            expect(view.roll).toBe(outcome.roll);
            break;
          case 'roulette':
            expect(view.number).toBe(outcome.number);
            break;
          case 'keno':
            expect(view.drawn).toEqual(outcome.drawn);
            break;
          case 'slot': {
            const variant = config.variant as string;
            const stops = outcome.stops as number[];
            const window = (strips: readonly (readonly string[])[], at: number[], heights?: number[]) =>
              strips.map((strip, r) => Array.from({ length: heights?.[r] ?? 3 }, (_, row) => strip[(at[r]! + row) % strip.length]));
            if (!isFeatureVariant(variant)) {
              const strips = SLOT_VARIANTS[variant as 'classic' | 'volatile'].strips;
              expect((view.reels as string[][]).map((reel) => reel[0])).toEqual(stops.map((stop, r) => strips[r]![stop]));
              break;
            }
            // A featured round shows exactly the windows its draws name, free spins included, and its jackpot draw.
            const model = featureModel(variant).model;
            if (model === 'classic') expect(view.reels).toEqual(window(CLASSIC_STRIPS, stops));
            else if (model.kind === 'ways') expect(view.reels).toEqual(window(model.strips, stops, outcome.heights as number[]));
            else {
              expect(view.reels).toEqual(window(model.base, stops));
              const free = (outcome.free as number[][] | undefined) ?? [];
              expect(((view.free as { reels: string[][] }[] | undefined) ?? []).map((spin) => spin.reels)).toEqual(free.map((at) => window(model.free, at)));
            }
            expect(view.jackpotDraw).toBe(outcome.jackpot);
            break;
          }
          case 'mines':
            expect((step.state as { order: number[] }).order).toEqual(outcome.order);
            break;
          case 'plinko':
            expect(view.path).toEqual((outcome.path as number[]).slice(0, view.rows as number));
            break;
          case 'sicbo':
            expect(view.dice).toEqual(outcome.dice);
            break;
          case 'hilo':
            expect((step.state as { deck: string[] }).deck).toEqual(outcome.cards);
            break;
          case 'scratch': {
            // The ticket names the prize tier by the table's weights; the cells are drawn after it.
            let ticket = outcome.ticket as number;
            let tier: (typeof SCRATCH_PRIZES)[number] | undefined;
            for (const t of SCRATCH_PRIZES) {
              if (ticket < t.weight) {
                tier = t;
                break;
              }
              ticket -= t.weight;
            }
            expect(view.prize).toBe(tier?.prize ?? 0);
            break;
          }
          default: {
            // Card games: every card on the table is one of the outcome's, and the engine drew exactly those.
            const cards = outcome.cards as string[];
            expect(cards).toHaveLength(FAIR_GAMES[game.engine as 'baccarat'].count);
            for (const card of JSON.stringify(view).match(/"[2-9TJQKA][SHDC]"/g) ?? []) expect(cards).toContain(JSON.parse(card));
          }
        }
        if (game.engine !== 'scratch') expect(rng.draws).toBe(fairRng(nodeHmac, seeds(nonce)).int(1) + countDraws(game.engine, config, nonce));
      }
      // Another nonce is another round.
      const rounds = new Set(Array.from({ length: 20 }, (_, n) => JSON.stringify(outcomeOf(game.engine, config, seeds(n)))));
      expect(rounds.size).toBeGreaterThan(game.engine === 'roulette' || game.engine === 'dice' ? 10 : 18);
    });
  }
});

function countDraws(engine: string, config: Record<string, unknown>, nonce: number): number {
  const rng = fairRng(nodeHmac, seeds(nonce));
  if (!isFairGame(engine)) return -1;
  fairOutcome(engine, rng, config.variant as string | undefined);
  return rng.draws;
}

describe('the browser verifier (Web Crypto)', () => {
  it('computes the same outcome as the server for every game, says verified, and names a difference', async () => {
    const { verifyRound, computeOutcome, fairnessFragment } = await import('../../src/shared/fairness-verify.ts');
    for (const engine of Object.keys(FAIR_GAMES) as (keyof typeof FAIR_GAMES)[]) {
      for (const nonce of [0, 1, 99]) {
        const variant = engine === 'slot' ? 'volatile' : undefined;
        const expected = outcomeOf(engine, { variant }, seeds(nonce));
        expect(await computeOutcome(engine, seeds(nonce), variant)).toEqual(expected);
      }
    }
    // The featured slots, and a bonus buy, whose draws depend on what the reels show.
    for (const variant of FEATURE_VARIANTS)
      for (const nonce of [0, 1, 99]) {
        expect(await computeOutcome('slot', seeds(nonce), variant)).toEqual(outcomeOf('slot', { variant }, seeds(nonce)));
        if (variant === 'freespins') {
          const bought = await computeOutcome('slot', seeds(nonce), 'freespins+buy');
          expect(bought).toEqual(outcomeOf('slot', { variant }, seeds(nonce), true));
          expect((bought as { free: number[][] }).free).toHaveLength(10);
        }
      }
    const s = seeds(5);
    const hash = createHash('sha256').update(s.serverSeed).digest('hex');
    const outcome = outcomeOf('roulette', {}, s) ?? undefined;
    expect(await verifyRound({ engine: 'roulette', ...s, serverSeedHash: hash, outcome })).toMatchObject({ verified: true });
    const wrong = { number: ((outcome as { number: number }).number + 1) % 37 };
    const verdict = await verifyRound({ engine: 'roulette', ...s, serverSeedHash: hash.replace(/^./, hash[0] === 'a' ? 'b' : 'a'), outcome: wrong });
    expect(verdict).toMatchObject({ verified: false, hash: { computed: hash }, differs: { stated: wrong, computed: outcome } });
    expect(new URLSearchParams(fairnessFragment({ engine: 'dice', ...s }).slice(1)).get('nonce')).toBe('5');
  });
});

describe('a round as its table showed it', () => {
  // The lines the /fairness page and the game's panel draw: never the mapping's data, always what the table showed.
  for (const game of GAMES.filter((g) => isFairGame(g.engine) && !isBingoGame(g.engine)).filter(
    (g, i, all) => all.findIndex((o) => o.engine === g.engine && JSON.stringify(o.config) === JSON.stringify(g.config)) === i,
  )) {
    it(`${game.engine} (${game.slug}): shows the reels, cards, numbers or dice the round put on the table`, () => {
      const engine = engineOf(game.engine);
      if (!engine || !isFairGame(game.engine)) throw new Error(`no engine ${game.engine}`);
      const config = engine.config.parse(game.config ?? {}) as Record<string, unknown>;
      const buys = config.variant === 'freespins' ? [false, true] : [false];
      for (const bought of buys)
        for (let nonce = 0; nonce < 20; nonce++) {
          const step = engine.start(roundRng(seeds(nonce)), engine.choice.parse(bought ? { buy: true } : CHOICES[game.engine]), config);
          const outcome = outcomeOf(game.engine, config, seeds(nonce), bought) as FairOutcome;
          const variant = fairVariantOf(game.engine, config, bought);
          const view = step.view as Record<string, unknown>;
          const lines = describeOutcome(game.engine, variant, outcome, tableUseOf(outcome, step.view));
          for (const line of lines) expect(en.fairness, line.key).toHaveProperty(line.key);
          const items = lines.flatMap((l) => (l.item ? [l.item] : []));
          switch (game.engine) {
            case 'slot': {
              const reels = items.filter((i) => i.kind === 'reels').map((i) => i.reels);
              const free = ((view.free as { reels: string[][] }[] | undefined) ?? []).map((spin) => spin.reels);
              expect(reels).toEqual([...(bought ? [] : [view.reels]), ...free]);
              if (bought) expect(lines[0]?.key).toBe('shown_bought');
              if (view.jackpotDraw !== undefined) expect(lines.at(-1)).toEqual({ key: 'shown_jackpot_draw', args: [view.jackpotDraw, JACKPOT_RANGE] });
              break;
            }
            case 'dice':
              expect(lines).toEqual([{ key: 'shown_roll', args: [view.roll] }]);
              break;
            case 'roulette':
              expect(items).toEqual([
                { kind: 'pockets', pockets: [{ label: roulettePocketLabel(view.number as number), color: rouletteColor(view.number as number) }] },
              ]);
              break;
            case 'keno':
              expect(items).toEqual([{ kind: 'numbers', numbers: view.drawn }]);
              break;
            case 'sicbo':
              expect(items).toEqual([{ kind: 'dice', dice: view.dice }]);
              break;
            case 'plinko':
              expect(items).toEqual([{ kind: 'path', path: view.path }]);
              break;
            case 'mines': {
              const mines = (step.state as { order: number[] }).order.slice(0, view.mines as number);
              expect(items).toEqual([{ kind: 'board', mines: Array.from({ length: 25 }, (_, cell) => mines.includes(cell)) }]);
              break;
            }
            case 'scratch':
              expect(scratchTier((outcome as { ticket: number }).ticket)?.prize ?? 0).toBe(view.prize);
              expect(lines[0]?.key).toBe(view.prize ? 'shown_ticket_prize' : 'shown_ticket_none');
              break;
            default: {
              // The top of the shoe, holding every card on the table; the rest of the shoe is only counted.
              const shown = items.flatMap((i) => (i.kind === 'cards' ? i.cards : []));
              expect(shown).toEqual((outcome as { cards: string[] }).cards.slice(0, shown.length));
              for (const card of JSON.stringify(view).match(/"[2-9TJQKA][SHDC]"/g) ?? []) expect(shown).toContain(JSON.parse(card));
              const rest = lines.find((l) => l.key === 'shown_cards_rest');
              expect(shown.length + ((rest?.args[0] as number | undefined) ?? 0)).toBe((outcome as { cards: string[] }).cards.length);
            }
          }
        }
    });
  }

  it('shows a bingo game’s balls as its room called them, the drum being the one the room draws', () => {
    for (const game of ['bingo-90', 'bingo-75'] as const) {
      const balls = (fairOutcome(game, fairRng(nodeHmac, seeds(3))) as { balls: number[] }).balls;
      expect(balls).toEqual(bingoDrawOrder(game, fairRng(nodeHmac, seeds(3))));
      expect(describeOutcome(game, undefined, { balls }, { dealt: 40 })).toEqual([
        { key: 'shown_balls', args: [], item: { kind: 'numbers', numbers: balls.slice(0, 40) } },
        { key: 'shown_balls_rest', args: [balls.length - 40] },
      ]);
    }
  });
});

describe('links to /fairness', () => {
  it('carry a round in the fragment and read back as the same round, a crash round as well', () => {
    const round = {
      engine: 'slot' as const,
      variant: 'classic-jackpot',
      ...seeds(4),
      serverSeedHash: createHash('sha256').update(seeds(4).serverSeed).digest('hex'),
      outcome: outcomeOf('slot', { variant: 'classic-jackpot' }, seeds(4)) as FairOutcome,
      jackpot: { pool: 'Eagle Mega Jackpot', currency: 'EUR', stake: 1, contribution: 0.01, won: null },
      use: { dealt: 5 },
    };
    expect(readFragment(fairnessFragment(round))).toEqual({ kind: 'seeds', round });
    const crash = { seed: 'ab'.repeat(32), number: 17, chainEnd: 'cd'.repeat(32), crashPoint: 234 };
    expect(readFragment(crashFragment(crash))).toEqual({ kind: 'crash', round: crash });
    expect(readFragment('#engine=poker&server=x')).toBeNull();
    expect(readFragment('')).toBeNull();
  });

  it('compare only what the seeds draw: a jackpot pool’s figures beside a round change nothing, its draw does', async () => {
    const s = seeds(8);
    const outcome = outcomeOf('slot', { variant: 'megaways-jackpot' }, s) as FairOutcome & { jackpot: number };
    const round = { engine: 'slot' as const, variant: 'megaways-jackpot', ...s, outcome };
    expect(await verifyRound({ ...round, outcome: { ...outcome, pool: 123_456 } as unknown as FairOutcome })).toMatchObject({ verified: true });
    expect(await verifyRound({ ...round, outcome: { ...outcome, jackpot: outcome.jackpot + 1 } })).toMatchObject({ verified: false });
    // The same round read on the classic reels is not the round: its variant names its draws.
    expect(await verifyRound({ ...round, variant: 'classic' })).toMatchObject({ verified: false });
  });
});
