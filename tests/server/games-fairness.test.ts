// Provably fair rounds through the studio and the wallet: each player's seeds committed
// by SHA-256 before play, a nonce per round that never repeats, a client seed the player
// changes, rotation revealing the old server seed (never while a hand of it is in play),
// the round details from the game and the bet list, a round of every game and variant of
// the catalogue verified by the code the /fairness page runs, and 10,000 rounds re-derived
// from revealed seeds matching what the wallet paid.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/server/db/client.ts';
import { fairSeeds, gameRounds, games } from '../../src/server/db/schema/index.ts';
import { GAMES } from '../../src/server/demo/games.ts';
import { engineOf } from '../../src/server/games/engines/index.ts';
import { poolDef } from '../../src/server/games/jackpot.ts';
import { outcomeOf, roundRng } from '../../src/server/games/fairness.ts';
import { studioOf, winOf } from '../../src/server/games/studio.ts';
import { isBingoGame } from '../../src/shared/bingo.ts';
import { FAIR_VARIANTS, isFairGame } from '../../src/shared/fairness.ts';
import { readFragment, verifyLink, verifyRound } from '../../src/shared/fairness-verify.ts';
import type { FairnessReply, RotateSeedReply, RoundDetails, StudioRound } from '../../src/shared/schemas/games.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { proofLength } from '../helpers/proofs.ts';
import { launchGame, newRoundId } from '../helpers/studio.ts';
import { fundedPlayer } from '../helpers/wallet.ts';

let api: TestApi;

beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

type RoundBody = { status: number; round: StudioRound; balance: number; message?: string };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('seeds, nonces and rotation', () => {
  it('commits to the server seed before play, draws each round from the next nonce, and reveals the seed on rotation', async () => {
    const p = await fundedPlayer(api, 100_000);
    const session = await launchGame(api, 'lucky-dice', p.token);
    const before = await api.json<FairnessReply>('studio/fairness', { session });
    expect(before.body.active).toMatchObject({ serverSeed: null, nextNonce: 0 });
    const committed = before.body.active.serverSeedHash;
    expect(committed).toMatch(/^[0-9a-f]{64}$/);

    const played: StudioRound[] = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake: 1, choice: { target: 50, direction: 'under' } });
      played.push(body.round);
    }
    // A repeated round id is answered with its round and spends no nonce.
    const repeat = await api.json<RoundBody>('studio/start', { session, roundId: played[2]!.roundId, stake: 1, choice: { target: 50, direction: 'under' } });
    expect(repeat.body.round).toEqual(played[2]);

    // The same seeds from the account, the same player's rounds with their nonces.
    const account = await api.json<FairnessReply>('front/get_fairness', {}, { token: p.token });
    expect(account.body.active).toMatchObject({ serverSeedHash: committed, nextNonce: 3, serverSeed: null });
    expect(account.body.rounds.map((r) => r.nonce)).toEqual([2, 1, 0]);
    expect(account.body.rounds.every((r) => r.serverSeed === null && r.serverSeedHash === committed)).toBe(true);

    // The player picks a client seed: the old server seed is revealed and matches its commitment.
    const rotated = await api.json<RotateSeedReply>('front/rotate_seed', { client_seed: 'my-lucky_seed-7' }, { token: p.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.revealed.serverSeedHash).toBe(committed);
    expect(sha256(rotated.body.revealed.serverSeed as string)).toBe(committed);
    expect(rotated.body.active).toMatchObject({ clientSeed: 'my-lucky_seed-7', nextNonce: 0, serverSeed: null });
    expect(rotated.body.active.serverSeedHash).not.toBe(committed);

    // Every earlier round recomputes from the revealed seed; the next round uses the new pair from nonce 0.
    const details = await api.json<FairnessReply>('studio/fairness', { session });
    for (const round of details.body.rounds) {
      expect(round.serverSeed).toBe(rotated.body.revealed.serverSeed);
      const seeds = { serverSeed: round.serverSeed as string, clientSeed: round.clientSeed as string, nonce: round.nonce as number };
      expect(round.outcome).toEqual(outcomeOf('dice', {}, seeds));
      expect((round.view as { roll: number }).roll).toBe((round.outcome as { roll: number }).roll);
    }
    const next = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake: 1, choice: { target: 50, direction: 'under' } });
    expect(next.body.status).toBe(1);
    const after = await api.json<FairnessReply>('studio/fairness', { session });
    expect(after.body.rounds[0]).toMatchObject({
      nonce: 0,
      clientSeed: 'my-lucky_seed-7',
      serverSeed: null,
      serverSeedHash: rotated.body.active.serverSeedHash,
    });
    expect(after.body.previous[0]?.serverSeed).toBe(rotated.body.revealed.serverSeed);
  });

  it('refuses a client seed with characters outside letters, digits, - and _, and changes nothing', async () => {
    const p = await fundedPlayer(api, 1_000);
    const before = await api.json<FairnessReply>('front/get_fairness', {}, { token: p.token });
    for (const client_seed of ['a:b', '', 'x'.repeat(65), 'späť']) {
      const { status, body } = await api.json('front/rotate_seed', { client_seed }, { token: p.token });
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain('invalid_client_seed');
    }
    const after = await api.json<FairnessReply>('front/get_fairness', {}, { token: p.token });
    expect(after.body.active).toEqual(before.body.active);
    expect((await api.json('front/get_fairness', {})).status).toBe(401);
  });

  it('refuses to reveal a seed while a hand drawn from it is in play, and hides the hand’s cards until it ends', async () => {
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'blackjack-royale', p.token);
    let round: StudioRound | undefined;
    // Deal until a hand stays open (a dealt blackjack ends at once).
    for (let i = 0; i < 20 && !round; i++) {
      const { body } = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake: 1, choice: {} });
      if (!body.round.done) round = body.round;
    }
    if (!round) throw new Error('no open hand in 20 deals');
    const refused = await api.json('studio/rotate_seed', { session });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 0, message: 'round_in_progress' });
    const open = await api.json<FairnessReply>('studio/fairness', { session });
    expect(open.body.rounds[0]).toMatchObject({ finished: false, outcome: null, view: null });

    // Stands (declining insurance when offered) until the hand ends.
    for (let hand = round; !hand.done; ) {
      const move = hand.actions.includes('no_insurance') ? 'no_insurance' : 'stand';
      hand = (await api.json<RoundBody>('studio/act', { session, roundId: hand.roundId, step: hand.step, action: { move } })).body.round;
    }
    const rotated = await api.json<RotateSeedReply>('studio/rotate_seed', { session });
    expect(rotated.status).toBe(200);
    const done = await api.json<FairnessReply>('studio/fairness', { session });
    const hand = done.body.rounds.find((r) => r.nonce !== null && r.finished && r.serverSeed) as RoundDetails;
    const seeds = { serverSeed: hand.serverSeed as string, clientSeed: hand.clientSeed as string, nonce: hand.nonce as number };
    expect(hand.outcome).toEqual(outcomeOf('blackjack', {}, seeds));
  });

  it('shows a round of the bet list to its own player only', async () => {
    const p = await fundedPlayer(api, 1_000);
    const other = await fundedPlayer(api, 1_000);
    const session = await launchGame(api, 'lucky-dice', p.token);
    await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake: 1, choice: { target: 50, direction: 'under' } });
    const list = await api.json<{ transactions: { rows: { roundId: string }[] } }>('front/get_bet_list', { filterPeriod: 0 }, { token: p.token });
    const id = list.body.transactions.rows[0]?.roundId as string;
    expect(id).toMatch(/^studio-\d+$/);
    const mine = await api.json<{ status: number; round: RoundDetails }>('front/get_round_details', { round_id: id }, { token: p.token });
    expect(mine.body.round).toMatchObject({ id, game: 'Lucky Dice', engine: 'dice', nonce: 0, finished: true });
    expect((await api.json('front/get_round_details', { round_id: id }, { token: other.token })).status).toBe(404);
    expect((await api.json('front/get_round_details', { round_id: 'studio-x' }, { token: p.token })).status).toBe(400);
  });

  it('states an American table’s rounds with the variant `american`, whose draw of 38 the revealed seed recomputes (00 included)', async () => {
    const p = await fundedPlayer(api, 100_000);
    const session = await launchGame(api, 'american-roulette', p.token);
    const bets = [
      { kind: 'straight', value: 37, amount: 100 },
      { kind: 'five', numbers: [0, 1, 2, 3, 37], amount: 100 },
      { kind: 'red', amount: 100 },
    ];
    const played: StudioRound[] = [];
    for (let i = 0; i < 10; i++) {
      const { body } = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake: 3, choice: { bets } });
      expect(body.status).toBe(1);
      played.push(body.round);
    }
    // 00 is an American table's only: a European one refuses it and moves nothing.
    const european = await launchGame(api, 'european-roulette', p.token);
    const refused = await api.json<RoundBody>('studio/start', { session: european, roundId: newRoundId(), stake: 1, choice: { bets: [bets[0]] } });
    expect(refused.body.status).not.toBe(1);
    expect((await api.json<RotateSeedReply>('front/rotate_seed', {}, { token: p.token })).status).toBe(200);
    const list = await api.json<{ transactions: { rows: { roundId: string; bet: number; win: number }[] } }>(
      'front/get_bet_list',
      { filterPeriod: 0 },
      { token: p.token },
    );
    // The bet list's first page: the ten rounds, the refused one not among them.
    expect(list.body.transactions.rows).toHaveLength(10);
    for (const row of list.body.transactions.rows) {
      const { body } = await api.json<{ status: number; round: RoundDetails }>('front/get_round_details', { round_id: row.roundId }, { token: p.token });
      const round = body.round;
      expect(round).toMatchObject({ engine: 'roulette', variant: 'american', finished: true });
      const seeds = { serverSeed: round.serverSeed as string, clientSeed: round.clientSeed as string, nonce: round.nonce as number };
      expect(round.outcome).toEqual(outcomeOf('roulette', { wheel: 'american' }, seeds));
      const { number } = round.outcome as { number: number };
      expect((round.view as { number: number }).number).toBe(number);
      // What the wallet paid is the table's rule on that pocket: 36× on 00, 7× the five-number bet, 2× red.
      const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(number);
      expect(row).toMatchObject({ bet: 3, win: (number === 37 ? 36 : 0) + ([0, 1, 2, 3, 37].includes(number) ? 7 : 0) + (red ? 2 : 0) });
    }
  });

  it('draws free play from the session’s own seeds', async () => {
    const session = await launchGame(api, 'lucky-dice');
    await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake: 1, choice: { target: 50, direction: 'under' } });
    const fair = await api.json<FairnessReply>('studio/fairness', { session });
    expect(fair.body.active.nextNonce).toBe(1);
    expect(fair.body.rounds).toHaveLength(1);
    const rotated = await api.json<RotateSeedReply>('studio/rotate_seed', { session, clientSeed: 'fun' });
    expect(sha256(rotated.body.revealed.serverSeed as string)).toBe(fair.body.active.serverSeedHash);
  });
});

/** A choice each engine takes at a table with these limits (a chip of the table's smallest). */
function choiceFor(engine: string, config: Record<string, unknown>): { choice: unknown; stake: number } {
  const chip = ((config.limits as { spotMin?: number } | undefined)?.spotMin ?? 100) as number;
  switch (engine) {
    case 'dice':
      return { choice: { target: 50, direction: 'under' }, stake: 1 };
    case 'roulette':
      return { choice: { bets: [{ kind: 'red', amount: chip }] }, stake: chip / 100 };
    case 'sicbo':
      return { choice: { bets: [{ kind: 'big', amount: chip }] }, stake: chip / 100 };
    case 'keno':
      return { choice: { picks: [3, 17, 42, 64, 80] }, stake: 1 };
    case 'baccarat':
      return { choice: { bet: 'banker' }, stake: 1 };
    case 'holdem':
      return { choice: { aaBonus: true }, stake: 1 };
    case 'mines':
      return { choice: { mines: 3 }, stake: 1 };
    case 'plinko':
      return { choice: { rows: 12, risk: 'high' }, stake: 1 };
    case 'andar-bahar':
      return { choice: { side: 'bahar' }, stake: 1 };
    default:
      return { choice: {}, stake: 1 };
  }
}

/** A move that carries a hand on towards its end, as a player might make it. */
function nextMove(engine: string, round: StudioRound): unknown {
  const view = round.view as { revealed?: number[] } | null;
  switch (engine) {
    case 'video-poker':
      return { hold: [true, false, true, false, false] };
    case 'hilo':
      return { move: round.actions.includes('cashout') ? 'cashout' : (round.actions.find((a) => a === 'higher' || a === 'lower') ?? 'skip') };
    case 'mines': {
      if (round.actions.includes('cashout')) return { move: 'cashout' };
      const open = new Set(view?.revealed ?? []);
      return { move: 'reveal', cell: [12, 0, 24, 6, 18].find((c) => !open.has(c)) ?? 1 };
    }
    case 'holdem':
      return { move: 'call' };
    case 'teen-patti':
      return { move: 'play' };
    default:
      return { move: round.actions.includes('no_insurance') ? 'no_insurance' : round.actions.includes('double') ? 'double' : 'stand' };
  }
}

describe('every game of the catalogue, checked as /fairness checks it', () => {
  it('verifies a real-money round of every engine, maths model, wheel and table of the catalogue from its round details, with the page’s own code', {
    timeout: 300_000,
  }, async () => {
    const p = await fundedPlayer(api, 100_000_000);
    // One game of each engine and settings (a table's rules, a slot's model and pool, a wheel), and a bonus buy;
    // the shared schedules' rounds are checked in their own files (games-crash, games-live, games-bingo).
    const tables = GAMES.filter((g) => isFairGame(g.engine) && !isBingoGame(g.engine)).filter(
      (g, i, all) => all.findIndex((o) => o.engine === g.engine && JSON.stringify(o.config ?? {}) === JSON.stringify(g.config ?? {})) === i,
    );
    const plays = [...tables.map((g) => ({ game: g, buy: false })), { game: tables.find((g) => g.config?.variant === 'freespins')!, buy: true }];
    for (const { game, buy } of plays) {
      const session = await launchGame(api, game.slug, p.token);
      const { choice, stake } = choiceFor(game.engine, game.config ?? {});
      const started = await api.json<RoundBody>('studio/start', {
        session,
        roundId: newRoundId(),
        stake: buy ? 50 : stake,
        choice: buy ? { buy: true } : choice,
      });
      expect(started.body.status, `${game.slug}: ${started.body.message}`).toBe(1);
      let round = started.body.round;
      for (let moves = 0; !round.done; moves++) {
        expect(moves, `${game.slug} ends within 30 moves`).toBeLessThan(30);
        const { body } = await api.json<RoundBody>('studio/act', { session, roundId: round.roundId, step: round.step, action: nextMove(game.engine, round) });
        expect(body.status, `${game.slug}: ${body.message}`).toBe(1);
        round = body.round;
      }
    }
    // The player changes seeds, as the panel's button does: every round's server seed is shown.
    expect((await api.json('front/rotate_seed', {}, { token: p.token })).status).toBe(200);

    const ids = await api.ctx.database.db.select({ id: gameRounds.id }).from(gameRounds).where(eq(gameRounds.playerId, p.id));
    expect(ids).toHaveLength(plays.length);
    const checked = new Set<string>();
    for (const { id } of ids) {
      // The round as the bet list's Verify opens it: its details, the link, the fragment the page reads.
      const { body } = await api.json<{ status: number; round: RoundDetails }>('front/get_round_details', { round_id: `studio-${id}` }, { token: p.token });
      const href = verifyLink('de', body.round);
      expect(href, body.round.game).toMatch(/^\/de\/fairness#/);
      const link = readFragment((href as string).split('#')[1] as string);
      if (link?.kind !== 'seeds') throw new Error(`${body.round.game}: no seeded round in ${href}`);
      expect(link.round).toMatchObject({ engine: body.round.engine, serverSeedHash: body.round.serverSeedHash, outcome: body.round.outcome });
      // The page's list of reels or wheels offers the round's own, so the player can choose it again.
      if (link.round.engine === 'slot' || link.round.engine === 'roulette')
        expect(FAIR_VARIANTS[link.round.engine] as readonly string[]).toContain(link.round.variant ?? 'european');
      expect(await verifyRound(link.round), `${body.round.game} (${body.round.variant})`).toMatchObject({ verified: true, outcome: body.round.outcome });
      checked.add(`${body.round.engine}${body.round.variant ? ` ${body.round.variant}` : ''}`);

      // A jackpot round carries its pool beside the draw: what its stake added (⌊1.00 × share⌋) and nothing won.
      if (body.round.variant?.endsWith('-jackpot')) {
        const def = poolDef(GAMES.find((g) => g.name === body.round.game)?.config?.jackpot as string);
        if (!def) throw new Error(`${body.round.game} names no pool`);
        const pool = def.name;
        expect(body.round.jackpot).toEqual({
          pool,
          currency: 'EUR',
          stake: 1,
          contribution: Math.floor((100 * def.contributionBps) / 10_000) / 100,
          won: null,
        });
        // Shown, not compared: other pool figures in the link change nothing of the verdict.
        const other = { ...link.round, jackpot: { pool, currency: 'EUR', stake: 1, contribution: 99, won: 12_345.67 } };
        expect(await verifyRound(other)).toMatchObject({ verified: true });
        // The draw itself is the seeds’: a different one is a different round.
        const draw = (body.round.outcome as { jackpot: number }).jackpot;
        expect(await verifyRound({ ...link.round, outcome: { ...body.round.outcome, jackpot: draw + 1 } as never })).toMatchObject({ verified: false });
      }
    }
    // Every model, wheel and buy the catalogue offers was among them.
    expect([...checked].sort()).toEqual(
      [
        'andar-bahar',
        'baccarat',
        'blackjack',
        'dice',
        'hilo',
        'holdem',
        'keno',
        'mines',
        'plinko',
        'roulette',
        'roulette american',
        'scratch',
        'sicbo',
        'slot classic',
        'slot classic-jackpot',
        'slot freespins',
        'slot freespins+buy',
        'slot megaways',
        'slot megaways-jackpot',
        'slot volatile',
        'teen-patti',
        'video-poker',
      ].sort(),
    );
  });
});

// The full proof, 10,000 rounds, is `npm run test:proofs` (or FAIR_ROUNDS=10000; docs/games.md); npm test
// plays 320 (forty a player), a few dozen of each game: a wrong derivation or payout shows in any round.
describe('rounds re-derived from revealed seeds', () => {
  it('match what the wallet paid, and no nonce of a seed pair is used twice', { timeout: 600_000 }, async () => {
    const studio = studioOf(api.ctx);
    const { db } = api.ctx.database;
    const TOTAL = Number(process.env.FAIR_ROUNDS ?? proofLength(10_000, 320));
    const PLAYERS = 8;
    const slugs = ['lucky-dice', 'european-roulette', 'keno-80', 'eagle-fruits', 'gold-rush-scratch', 'punto-banco', 'plinko-drop', 'sic-bo', 'andar-bahar'];
    const chosen = await db.select({ slug: games.slug, engine: games.engine }).from(games).where(inArray(games.slug, slugs));
    const choices: Record<string, () => unknown> = {
      dice: () => ({ target: 2 + Math.floor(Math.random() * 97), direction: Math.random() < 0.5 ? 'under' : 'over' }),
      roulette: () => ({ bets: [{ kind: 'straight', value: Math.floor(Math.random() * 37), amount: 100 }] }),
      keno: () => ({ picks: [1, 9, 22, 35, 47, 58, 71].slice(0, 1 + Math.floor(Math.random() * 7)) }),
      slot: () => ({}),
      scratch: () => ({}),
      baccarat: () => ({ bet: (['player', 'banker', 'tie'] as const)[Math.floor(Math.random() * 3)] }),
      plinko: () => ({
        rows: ([8, 12, 16] as const)[Math.floor(Math.random() * 3)],
        risk: (['low', 'medium', 'high'] as const)[Math.floor(Math.random() * 3)],
      }),
      sicbo: () => ({ bets: [{ kind: 'total', value: 4 + Math.floor(Math.random() * 14), amount: 100 }] }),
      'andar-bahar': () => ({ side: Math.random() < 0.5 ? 'andar' : 'bahar' }),
    };
    expect(chosen.map((g) => g.engine).sort()).toEqual(Object.keys(choices).sort());
    const people = await Promise.all(Array.from({ length: PLAYERS }, () => fundedPlayer(api, 100_000_000)));
    const played = new Map<string, unknown>();
    await Promise.all(
      people.map(async (p, i) => {
        const sessions = await Promise.all(chosen.map(async (g) => ({ ...g, token: await launchGame(api, g.slug, p.token) })));
        for (let n = 0; n < TOTAL / PLAYERS; n++) {
          const g = sessions[(n + i) % sessions.length]!;
          const choice = choices[g.engine]!();
          const key = newRoundId();
          const reply = await studio.start(g.token, { roundId: key, stake: 1, choice });
          played.set(reply.round.roundId, choice);
          // One round in fifty is sent again: answered, never played or drawn twice.
          if (n % 50 === 0) expect((await studio.start(g.token, { roundId: key, stake: 1, choice })).round).toEqual(reply.round);
        }
      }),
    );
    for (const p of people) expect((await api.json('front/rotate_seed', {}, { token: p.token })).status).toBe(200);

    const ids = people.map((p) => p.id);
    const rounds = await db
      .select({ round: gameRounds, seed: fairSeeds, engine: games.engine, config: games.config })
      .from(gameRounds)
      .innerJoin(fairSeeds, eq(fairSeeds.id, gameRounds.seedId))
      .innerJoin(games, eq(games.id, gameRounds.gameId))
      .where(and(inArray(gameRounds.playerId, ids)));
    expect(rounds).toHaveLength(TOTAL);
    const paid = new Map(
      (
        await rows<{ round_id: string; win: string }>(db, sql`select round_id, sum(win) as win from player_bets where player_id in ${ids} group by round_id`)
      ).map((r) => [r.round_id, Number(r.win)]),
    );
    const nonces = new Map<number, number[]>();
    let rederived = 0;
    for (const { round, seed, engine: engineId, config } of rounds) {
      expect(seed.revealedAt).not.toBeNull();
      expect(createHash('sha256').update(seed.serverSeed).digest('hex')).toBe(seed.serverSeedHash);
      nonces.set(seed.id, [...(nonces.get(seed.id) ?? []), round.nonce as number]);
      const engine = engineOf(engineId)!;
      const parsed = engine.config.parse(config);
      const seeds = { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: round.nonce as number };
      // The choice the round was played with, as the game page sent it.
      const choice = played.get(round.roundKey);
      const step = engine.start(roundRng(seeds), engine.choice.parse(choice), parsed);
      expect(step.view).toEqual(round.view);
      expect(round.outcome).toEqual(outcomeOf(engineId, parsed as Record<string, unknown>, seeds));
      const win = step.win ?? winOf(round.stake, step.payout);
      expect(paid.get(`studio-${round.id}`)).toBe(win);
      expect(round.status).toBe('settled');
      rederived++;
    }
    expect(rederived).toBe(TOTAL);
    // Each seed pair's nonces are 0, 1, 2 … with none twice (and none skipped: repeats spend none).
    for (const list of nonces.values()) expect(list.sort((a, b) => a - b)).toEqual(list.map((_, i) => i));
  });
});
