// Bingo rooms: a scheduled sale, tickets bought through the wallet, the balls revealed on
// the clock from a committed seed and the sale's digest, the prizes (85 % of sales) paid
// through the wallet once the full house is drawn, each finished game checked by the /fairness
// page's code, refusals that move nothing, one runner per room.
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { bingoRounds } from '../../src/server/db/schema/index.ts';
import { bingoBalls, bingoOf, saleDigestOf } from '../../src/server/games/bingo.ts';
import { auditLedger, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import { type BingoGame, type BingoRoundView, type BingoTicket, bingoPrizes } from '../../src/shared/bingo.ts';
import { bingoVerifyLink, readFragment, verifyRound } from '../../src/shared/fairness-verify.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';
import { leaseRunsOut } from '../helpers/studio.ts';

const clock = manualClock(Date.parse('2026-03-01T12:00:00Z'));
const TIMING = { saleMs: 10_000, gapMs: 1_000, ballMs: 500, pauseMs: 2_000, tickMs: 100, leaseMs: 1_000 };
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
  bingoOf(api.ctx, TIMING);
});
afterAll(() => api.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const bingo = () => bingoOf(api.ctx);
type StateReply = {
  status: number;
  mode: string;
  rtp: number;
  round: BingoRoundView;
  purchase: { tickets: BingoTicket[]; status: string; win: number } | null;
};
type BuyReply = { status: number; message?: string; balance?: number; purchase: { tickets: BingoTicket[]; amount: number; status: string } };

async function player(game: BingoGame, cents: number): Promise<{ id: number; session: string }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
  if (cents > 0) await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: id, amount: cents, provider: 'card' });
  const token = await tokenFor(api.ctx, id);
  const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: game, is_real: true, lang: 'en' }, { token });
  expect(body.gameURL).toMatch(new RegExp(`^/play/${game}#s=`));
  return { id, session: new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string };
}
async function latest(game: BingoGame) {
  const all = await api.ctx.database.db.select().from(bingoRounds).where(eq(bingoRounds.game, game)).orderBy(asc(bingoRounds.number));
  return all[all.length - 1]!;
}
const cents = async (id: number) => {
  const b = await readBalance(api.ctx.database.db, id);
  return b.real + b.bonus;
};
/** Moves a room on until a sale is open. */
async function openSale(game: BingoGame) {
  for (let i = 0; i < 400; i++) {
    await bingo().advance(game);
    const round = await latest(game);
    if (round.phase === 'sale' && clock.now() < round.saleEndsAt.getTime()) return round;
    clock.advance(round.phase === 'sale' ? TIMING.saleMs : round.phase === 'drawing' ? TIMING.ballMs : TIMING.pauseMs);
  }
  throw new Error('no sale opened');
}
const buy = (session: string, tickets: number) => api.json<BuyReply>('studio/bingo/buy', { session, tickets });

/** The game's Verify link, read and checked by the /fairness page's own code: the balls called are the seeds' drum, and the seed its hash. */
async function expectVerifiedOnFairness(round: BingoRoundView) {
  const href = bingoVerifyLink('en', round);
  expect(href).toMatch(new RegExp(`^/fairness#engine=${round.game}&`));
  const link = readFragment((href as string).split('#')[1] as string);
  if (link?.kind !== 'seeds') throw new Error(`no seeded round in ${href}`);
  expect(link.round).toMatchObject({ serverSeed: round.seed, clientSeed: round.saleDigest, nonce: round.number, outcome: { balls: round.drawn } });
  expect(await verifyRound(link.round)).toMatchObject({ verified: true });
  // One ball out of place is another draw.
  const swapped = [...round.drawn.slice(1, 2), ...round.drawn.slice(0, 1), ...round.drawn.slice(2)];
  expect(await verifyRound({ ...link.round, outcome: { balls: swapped } })).toMatchObject({ verified: false });
}

describe('bingo 90', () => {
  it('sells tickets, draws the committed balls live, and pays the prizes (85 % of sales) through the wallet', async () => {
    const players = await Promise.all([player('bingo-90', 10_000), player('bingo-90', 10_000), player('bingo-90', 10_000)]);
    const round = await openSale('bingo-90');
    const opened = await api.json<StateReply>('studio/bingo/state', { session: players[0]!.session });
    expect(opened.body).toMatchObject({ status: 1, mode: 'real', rtp: 0.85, round: { phase: 'sale', drawn: [], seed: null, saleDigest: null } });
    expect(opened.body.round.seedHash).toBe(sha256(round.seed));

    const counts = [3, 1, 6];
    for (const [i, p] of players.entries()) {
      const { body } = await buy(p.session, counts[i]!);
      expect(body).toMatchObject({ status: 1, purchase: { amount: counts[i], status: 'placed' }, balance: 100 - counts[i]! });
      expect(body.purchase.tickets).toHaveLength(counts[i]!);
    }
    const again = await buy(players[0]!.session, 1);
    expect([again.status, again.body.message]).toEqual([409, 'bingo_already_bought']);

    // The sale closes: the digest of every ticket in the order sold is published, and the draw follows from it.
    clock.advance(TIMING.saleMs);
    await bingo().advance('bingo-90');
    const closed = await latest('bingo-90');
    const tickets = (
      await Promise.all(players.map(async (p) => (await api.json<StateReply>('studio/bingo/state', { session: p.session })).body.purchase!.tickets))
    ).flat();
    expect(closed.saleDigest).toBe(saleDigestOf(tickets));
    const balls = bingoBalls('bingo-90', round.seed, closed.saleDigest!, round.number);
    expect(closed.balls).toEqual(balls);
    const late = await buy((await player('bingo-90', 1_000)).session, 1);
    expect([late.status, late.body.message]).toEqual([409, 'bingo_sale_closed']);

    // Balls come out on the clock; the players see only those drawn.
    clock.advance(TIMING.gapMs + 4 * TIMING.ballMs);
    await bingo().advance('bingo-90');
    const drawing = await api.json<StateReply>('studio/bingo/state', { session: players[1]!.session });
    expect(drawing.body.round).toMatchObject({ phase: 'drawing', drawn: balls.slice(0, 5), seed: null, ticketsSold: 10, pool: 8.5 });

    // Until the full house: then every prize is paid, and the seed and the tickets are shown.
    const expected = bingoPrizes('bingo-90', tickets, balls);
    clock.advance(expected.endsAt * TIMING.ballMs);
    await bingo().advance('bingo-90');
    const done = await api.json<StateReply>('studio/bingo/state', { session: players[0]!.session });
    expect(done.body.round).toMatchObject({ phase: 'done', seed: round.seed, drawn: balls.slice(0, expected.endsAt), tickets });
    expect(done.body.round.prizes.map((p) => p.prize)).toEqual(['line', 'two_lines', 'full_house']);
    await expectVerifiedOnFairness(done.body.round);
    const owner = counts.flatMap((n, i) => Array<number>(n).fill(i));
    const won = [0, 0, 0];
    for (const prize of expected.prizes) for (const w of prize.winners) won[owner[w.ticket]!]! += w.amount;
    expect(won.reduce((a, b) => a + b, 0)).toBe(850);
    for (const [i, p] of players.entries()) expect(await cents(p.id)).toBe(10_000 - counts[i]! * 100 + won[i]!);
    expect(done.body.purchase).toMatchObject({ status: 'settled', win: won[0]! / 100 });
    // Paying the game again pays nothing more; the ledger sums to zero.
    await bingo().pay(await latest('bingo-90'));
    for (const [i, p] of players.entries()) expect(await cents(p.id)).toBe(10_000 - counts[i]! * 100 + won[i]!);
    const audit = await auditLedger(api.ctx.database.db);
    expect([audit.total, audit.negativeAccounts, audit.unbalancedOperations]).toEqual([0, [], []]);
  });

  it('refuses what it must, moves nothing, and a refused purchase leaves the player free to buy', async () => {
    const poor = await player('bingo-90', 150);
    await openSale('bingo-90');
    const broke = await buy(poor.session, 2);
    expect([broke.status, broke.body.message, broke.body.balance]).toEqual([200, 'insufficient_funds', 1.5]);
    for (const count of [0, 7, 1.5]) expect((await buy(poor.session, count)).status).toBe(400);
    expect(await cents(poor.id)).toBe(150);
    expect((await buy(poor.session, 1)).body).toMatchObject({ status: 1, balance: 0.5 });
    const demo = await api.json<{ status: number; session: string }>('studio/session', { demo: 'bingo-90', lang: 'en' });
    expect((await api.json<StateReply>('studio/bingo/state', { session: demo.body.session })).body.mode).toBe('fun');
    const fun = await buy(demo.body.session, 1);
    expect([fun.status, fun.body.message]).toEqual([400, 'bingo_real_only']);
  });
});

describe('bingo 75', () => {
  it('plays a line then a full house for one player, who takes the whole pool', async () => {
    const p = await player('bingo-75', 1_000);
    const round = await openSale('bingo-75');
    expect((await buy(p.session, 5)).body).toMatchObject({ status: 1, purchase: { amount: 1 } });
    clock.advance(TIMING.saleMs);
    await bingo().advance('bingo-75');
    clock.advance(TIMING.gapMs + 75 * TIMING.ballMs);
    await bingo().advance('bingo-75');
    const done = await latest('bingo-75');
    expect(done).toMatchObject({ id: round.id, phase: 'done', paid: true });
    expect(await cents(p.id)).toBe(1_000 - 100 + 85);
    await expectVerifiedOnFairness((await api.json<StateReply>('studio/bingo/state', { session: p.session })).body.round);
  });

  it('runs a game without tickets straight to the next sale, drawing nothing', async () => {
    const round = await openSale('bingo-75');
    clock.advance(TIMING.saleMs);
    await bingo().advance('bingo-75');
    expect(await latest('bingo-75')).toMatchObject({ id: round.id, phase: 'done', endsAt: 0, paid: true });
  });
});

describe('bingo schedule', () => {
  it('runs each room in one process at a time and opens one game when runners race', async () => {
    expect(await bingo().lease('bingo-90', 'process-a')).toBe(true);
    expect(await bingo().lease('bingo-90', 'process-b')).toBe(false);
    await leaseRunsOut(TIMING.leaseMs + 100);
    expect(await bingo().lease('bingo-90', 'process-b')).toBe(true);
    await openSale('bingo-75');
    clock.advance(TIMING.saleMs);
    await bingo().advance('bingo-75');
    clock.advance(TIMING.pauseMs);
    const before = (await latest('bingo-75')).number;
    await Promise.all([bingo().advance('bingo-75'), bingo().advance('bingo-75'), bingo().advance('bingo-75')]);
    const rounds = await api.ctx.database.db.select().from(bingoRounds).where(eq(bingoRounds.game, 'bingo-75'));
    expect(rounds.filter((r) => r.number > before)).toHaveLength(1);
  });
});
