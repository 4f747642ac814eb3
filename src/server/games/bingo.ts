// Bingo rooms: 90-ball and 75-ball games on a schedule for everyone (a ticket sale, then
// the balls drawn live one by one, then the prizes paid), by the rules of src/shared/bingo.ts.
//
// Each game's server seed is drawn when its sale opens and shown only as its SHA-256; at
// the close the sale's digest is published and the whole draw is decided from both (so
// the prizes are known then, and the balls are revealed on the clock). One process at a
// time runs each room (src/server/games/schedule.ts); every step is a conditional update
// of the game's phase. Tickets are bought through the wallet while the sale is open, under
// keys made of the game, the player and the purchase; prizes are paid through the wallet
// once the full house is drawn, each purchase under its own key, so nothing is paid twice.
import { metrics } from '../metrics.ts';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BINGO_GAMES,
  BINGO_POOL_SHARE,
  BINGO_RULES,
  type BingoGame,
  type BingoPrizeResult,
  type BingoPurchaseView,
  type BingoRoundView,
  type BingoTicket,
  bingoDrawOrder,
  bingoPrizes,
  bingoTicket,
} from '../../shared/bingo.ts';
import { fairRng } from '../../shared/fairness.ts';
import { toAmount } from '../../shared/money.ts';
import { dateOf } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import { rows } from '../db/client.ts';
import { bingoPurchases, bingoRounds } from '../db/schema/index.ts';
import { walletOf } from '../wallet/index.ts';
import { onePerContext, stakeOn, startScheduleRunners, stepRound, takeLease } from './schedule.ts';
import { barredBy, StudioError } from './studio.ts';

export interface BingoTiming {
  /** How long tickets are sold before a game. */
  saleMs: number;
  /** From the sale's close to the first ball. */
  gapMs: number;
  /** Between two balls. */
  ballMs: number;
  /** How long the result stays before the next sale opens. */
  pauseMs: number;
  tickMs: number;
  leaseMs: number;
}

export const BINGO_TIMING: BingoTiming = { saleMs: 30_000, gapMs: 2_000, ballMs: 1_500, pauseMs: 8_000, tickMs: 250, leaseMs: 3_000 };

/** The catalogue game of each room: its name and provider go on the bet list. */
export const BINGO_CATALOG: Record<BingoGame, { externalGameId: string; name: string; provider: string }> = {
  'bingo-90': { externalGameId: 'eagle-studio:bingo-90', name: 'Bingo 90', provider: 'Eagle Studio' },
  'bingo-75': { externalGameId: 'eagle-studio:bingo-75', name: 'Bingo 75', provider: 'Eagle Studio' },
};

type RoundRow = typeof bingoRounds.$inferSelect;
type PurchaseRow = typeof bingoPurchases.$inferSelect;
/** What the sale's close decides: the prizes, and the purchases (in the order sold) whose tickets are in the draw. */
interface BingoResult {
  pool: number;
  prizes: BingoPrizeResult[];
  purchases: { id: number; tickets: number }[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
/** Tickets are dealt with the operating system's randomness: the draw, decided after the sale, depends on every ticket. */
const systemRng = { int: (n: number) => (n === 1 ? 0 : randomInt(n)) };

export const bingoKeys = (round: number, playerId: number, purchaseId: number) => ({
  bet: `bingo:${round}:${playerId}:${purchaseId}:bet`,
  win: `bingo:${round}:${playerId}:${purchaseId}:win`,
  rollback: `bingo:${round}:${playerId}:${purchaseId}:rollback`,
});

/** The sale's digest: SHA-256 of the JSON of every ticket sold, in the order sold. */
export const saleDigestOf = (tickets: readonly BingoTicket[]) => sha256(JSON.stringify(tickets));

/** The balls of game `number` of a room from its server seed and the sale's digest. */
export function bingoBalls(game: BingoGame, seed: string, digest: string, number: number): number[] {
  return bingoDrawOrder(game, fairRng(hmac, { serverSeed: seed, clientSeed: digest, nonce: number }));
}

export interface BingoEvents {
  emit(game: BingoGame, event: string, data: unknown): void;
}

function createBingo(ctx: ServerContext, timing: BingoTiming) {
  const { db } = ctx.database;
  const wallet = walletOf(ctx);
  const now = (offset = 0) => dateOf(ctx.clock, offset);
  /** The last ball each room's runner announced, so each ball is sent once. */
  const announced = new Map<number, number>();

  async function latestRound(game: BingoGame): Promise<RoundRow | undefined> {
    const [round] = await db.select().from(bingoRounds).where(eq(bingoRounds.game, game)).orderBy(desc(bingoRounds.number)).limit(1);
    return round;
  }

  /** How many balls are out at `at`. */
  function ballsOut(round: RoundRow, at: Date): number {
    if (round.phase === 'done') return round.endsAt;
    if (round.phase !== 'drawing' || !round.drawStartsAt || at < round.drawStartsAt) return 0;
    return Math.min(round.endsAt, Math.floor((at.getTime() - round.drawStartsAt.getTime()) / timing.ballMs) + 1);
  }

  async function view(round: RoundRow): Promise<BingoRoundView> {
    const at = now();
    const out = ballsOut(round, at);
    const result = round.result as BingoResult | null;
    const [sold] = await db
      .select({ tickets: sql<number>`coalesce(sum(jsonb_array_length(${bingoPurchases.tickets})), 0)` })
      .from(bingoPurchases)
      .where(and(eq(bingoPurchases.roundId, round.id), inArray(bingoPurchases.status, ['placed', 'settled'])));
    const ticketsSold = result ? result.purchases.reduce((n, p) => n + p.tickets, 0) : Number(sold?.tickets ?? 0);
    const done = round.phase === 'done';
    let tickets: BingoTicket[] | null = null;
    if (done && result) {
      const bought = result.purchases.length
        ? await db
            .select({ id: bingoPurchases.id, tickets: bingoPurchases.tickets })
            .from(bingoPurchases)
            .where(
              inArray(
                bingoPurchases.id,
                result.purchases.map((p) => p.id),
              ),
            )
        : [];
      const byId = new Map(bought.map((p) => [p.id, p.tickets as BingoTicket[]]));
      tickets = result.purchases.flatMap((p) => byId.get(p.id) ?? []);
    }
    return {
      game: round.game as BingoGame,
      round: round.id,
      number: round.number,
      phase: round.phase,
      saleEndsAt: round.saleEndsAt.toISOString(),
      drawStartsAt: (round.drawStartsAt ?? round.saleEndsAt).toISOString(),
      ballMs: timing.ballMs,
      drawn: (round.balls ?? []).slice(0, out),
      ticketsSold,
      pool: toAmount(result ? result.pool : Math.round(ticketsSold * BINGO_RULES[round.game as BingoGame].price * BINGO_POOL_SHARE)),
      seedHash: round.seedHash,
      saleDigest: round.saleDigest,
      seed: done ? round.seed : null,
      tickets,
      prizes: (result?.prizes ?? [])
        .filter((p) => p.ball <= out)
        .map((p) => ({ prize: p.prize, ball: p.ball, amount: toAmount(p.amount), winners: p.winners.length })),
      serverTime: at.toISOString(),
    };
  }

  function purchaseView(p: PurchaseRow): BingoPurchaseView {
    return { tickets: p.tickets as BingoTicket[], amount: toAmount(p.amount), status: p.status, win: toAmount(p.win) };
  }

  /** Closes the sale: the tickets in play (in the order sold), the digest, the balls and every prize. */
  async function close(game: BingoGame, round: RoundRow): Promise<RoundRow | undefined> {
    const placed = await db
      .select()
      .from(bingoPurchases)
      .where(and(eq(bingoPurchases.roundId, round.id), eq(bingoPurchases.status, 'placed')))
      .orderBy(asc(bingoPurchases.id));
    const tickets = placed.flatMap((p) => p.tickets as BingoTicket[]);
    const digest = saleDigestOf(tickets);
    const balls = bingoBalls(game, round.seed, digest, round.number);
    const { pool, endsAt, prizes } = bingoPrizes(game, tickets, balls);
    const result: BingoResult = { pool, prizes, purchases: placed.map((p) => ({ id: p.id, tickets: (p.tickets as BingoTicket[]).length })) };
    const at = now();
    return stepRound(ctx, bingoRounds, round.id, 'sale', {
      phase: tickets.length === 0 ? 'done' : 'drawing',
      saleDigest: digest,
      balls,
      endsAt,
      result: result as unknown as Record<string, unknown>,
      drawStartsAt: now(timing.gapMs),
      doneAt: tickets.length === 0 ? at : null,
    });
  }

  /** Pays every purchase in the draw what its tickets won (0 for none), and refunds any that missed the close. Safe to repeat. */
  async function pay(round: RoundRow, events?: BingoEvents): Promise<void> {
    const result = round.result as BingoResult | null;
    const inDraw = new Map<number, number>();
    let ticket = 0;
    const owner: number[] = [];
    for (const p of result?.purchases ?? []) {
      inDraw.set(p.id, 0);
      for (let i = 0; i < p.tickets; i++) owner[ticket++] = p.id;
    }
    for (const prize of result?.prizes ?? []) {
      for (const w of prize.winners) {
        const id = owner[w.ticket] as number;
        inDraw.set(id, (inDraw.get(id) ?? 0) + w.amount);
      }
    }
    const open = await db
      .select()
      .from(bingoPurchases)
      .where(and(eq(bingoPurchases.roundId, round.id), inArray(bingoPurchases.status, ['new', 'placed'])));
    for (const p of open) {
      const keys = bingoKeys(round.id, p.playerId, p.id);
      const win = inDraw.get(p.id);
      if (win === undefined) {
        // Tickets that were not in the draw (their stake landed after the close, or never): the stake goes back.
        await wallet.rollback({ key: keys.rollback, playerId: p.playerId, betKey: keys.bet });
        await db.delete(bingoPurchases).where(eq(bingoPurchases.id, p.id));
        continue;
      }
      const paid = await wallet.win({ key: keys.win, playerId: p.playerId, betKey: keys.bet, amount: win });
      if (!paid.ok && paid.code !== 'round_settled') {
        ctx.logger.error({ round: round.id, player: p.playerId, code: paid.code }, 'bingo prize refused');
        continue;
      }
      await db.update(bingoPurchases).set({ status: 'settled', win }).where(eq(bingoPurchases.id, p.id));
    }
    await db.update(bingoRounds).set({ paid: true }).where(eq(bingoRounds.id, round.id));
    events?.emit(round.game as BingoGame, 'bingo:paid', { round: round.id });
  }

  /** One step of a room's schedule: opens a sale, closes it, announces the balls, ends the game and pays it. */
  async function advance(game: BingoGame, events?: BingoEvents): Promise<number | undefined> {
    const at = now();
    const round = await latestRound(game);
    if (!round || (round.phase === 'done' && round.paid && at.getTime() >= (round.doneAt?.getTime() ?? 0) + timing.pauseMs)) {
      const seed = randomBytes(32).toString('hex');
      const [opened] = await db
        .insert(bingoRounds)
        .values({ game, number: (round?.number ?? 0) + 1, seed, seedHash: sha256(seed), phase: 'sale', saleEndsAt: now(timing.saleMs) })
        .onConflictDoNothing()
        .returning();
      if (opened) metrics.gameRounds.inc({ engine: `bingo-${game}`, mode: 'shared' });
      if (opened) events?.emit(game, 'bingo:sale', await view(opened));
      return;
    }
    if (round.phase === 'sale' && at >= round.saleEndsAt) {
      const closed = await close(game, round);
      if (closed) events?.emit(game, 'bingo:closed', await view(closed));
      if (closed?.phase === 'done') await pay(closed, events);
      return;
    }
    if (round.phase === 'drawing') {
      const out = ballsOut(round, at);
      if (out >= round.endsAt && round.drawStartsAt && at.getTime() >= round.drawStartsAt.getTime() + (round.endsAt - 1) * timing.ballMs) {
        const done = await stepRound(ctx, bingoRounds, round.id, 'drawing', { phase: 'done', doneAt: at });
        if (done) {
          events?.emit(game, 'bingo:ball', { round: round.id, drawn: (round.balls ?? []).slice(0, round.endsAt) });
          events?.emit(game, 'bingo:done', await view(done));
          await pay(done, events);
        }
        return;
      }
      if (out > (announced.get(round.id) ?? 0)) {
        announced.set(round.id, out);
        events?.emit(game, 'bingo:ball', { round: round.id, drawn: (round.balls ?? []).slice(0, out) });
      }
      // The next ball, or the last ball's time, when the game ends.
      return round.drawStartsAt ? round.drawStartsAt.getTime() + Math.min(out, round.endsAt - 1) * timing.ballMs : undefined;
    }
    if (round.phase === 'done' && !round.paid) {
      await pay(round, events);
      return;
    }
    // Nothing is due until the sale closes or the pause after a game ends.
    if (round.phase === 'sale') return round.saleEndsAt.getTime();
    return (round.doneAt?.getTime() ?? 0) + timing.pauseMs;
  }

  return {
    advance,
    pay,
    lease: (game: BingoGame, holder: string) => takeLease(ctx, game, holder, timing.leaseMs),

    /** The game in play in a room as a watcher sees it, and the player's tickets in it. */
    async state(game: BingoGame, playerId: number | null): Promise<{ round: BingoRoundView | null; purchase: BingoPurchaseView | null }> {
      const round = await latestRound(game);
      if (!round) return { round: null, purchase: null };
      const mine = await stakeOn(ctx, bingoPurchases, round.id, playerId);
      return { round: await view(round), purchase: mine ? purchaseView(mine) : null };
    },

    /** Buys `count` tickets of the game on sale: one purchase per player and game, its price through the wallet. */
    async buy(game: BingoGame, playerId: number, count: number): Promise<BingoPurchaseView & { balance: number }> {
      const rules = BINGO_RULES[game];
      if (!Number.isInteger(count) || count < 1 || count > rules.maxTickets) throw new StudioError('bingo_ticket_count');
      const round = await latestRound(game);
      const at = now();
      if (round?.phase !== 'sale' || at >= round.saleEndsAt) throw new StudioError('bingo_sale_closed', 409);
      const tickets = Array.from({ length: count }, () => bingoTicket(game, systemRng));
      const amount = count * rules.price;
      const [inserted] = await rows<{ id: number }>(
        db,
        sql`insert into bingo_purchases (round_id, player_id, tickets, amount, status, created_at)
            select id, ${playerId}, ${JSON.stringify(tickets)}::jsonb, ${amount}, 'new', ${at.toISOString()}::timestamptz from bingo_rounds
            where id = ${round.id} and phase = 'sale' and sale_ends_at > ${at.toISOString()}::timestamptz
            on conflict do nothing returning id`,
      );
      if (!inserted) {
        const mine = await stakeOn(ctx, bingoPurchases, round.id, playerId);
        throw new StudioError(mine ? 'bingo_already_bought' : 'bingo_sale_closed', 409);
      }
      const id = Number(inserted.id);
      const catalog = BINGO_CATALOG[game];
      const taken = await wallet.bet({
        key: bingoKeys(round.id, playerId, id).bet,
        playerId,
        amount,
        gameId: catalog.externalGameId,
        gameName: catalog.name,
        roundId: `bingo-${round.id}`,
        provider: catalog.provider,
      });
      const balance = taken.balance ? toAmount(taken.balance.real + taken.balance.bonus) : 0;
      if (!taken.ok) {
        await db.delete(bingoPurchases).where(and(eq(bingoPurchases.id, id), eq(bingoPurchases.status, 'new')));
        throw barredBy(taken) ?? new StudioError(taken.code, 200, balance);
      }
      const [placed] = await db
        .update(bingoPurchases)
        .set({ status: 'placed' })
        // Only while the sale is open: tickets placed after the close would not be in the draw (pay() refunds their stake).
        .where(
          and(eq(bingoPurchases.id, id), eq(bingoPurchases.status, 'new'), sql`exists (select 1 from bingo_rounds where id = ${round.id} and phase = 'sale')`),
        )
        .returning();
      if (!placed) throw new StudioError('bingo_sale_closed', 409);
      return { ...purchaseView(placed), balance };
    },
  };
}

export type Bingo = ReturnType<typeof createBingo>;

const bingoInstances = onePerContext(createBingo, BINGO_TIMING);

/** The configured pace (BINGO_SALE_SECONDS, BINGO_BALL_SECONDS) over the rooms' other timings. */
const paceOf = (ctx: ServerContext): BingoTiming => ({ ...BINGO_TIMING, ...ctx.config.bingoPace });

/** The bingo rooms of a server context, at the configured pace (tests pass shorter timings). */
export const bingoOf = (ctx: ServerContext, timing: BingoTiming = paceOf(ctx)): Bingo => bingoInstances(ctx, timing);

/** Runs every bingo room's schedule in this process whenever it holds that room's lease. Returns a stop function. */
export function startBingoRunners(ctx: ServerContext, events: BingoEvents, timing: BingoTiming = paceOf(ctx)): () => Promise<void> {
  const bingo = bingoOf(ctx, timing);
  return startScheduleRunners(ctx, BINGO_GAMES, timing, (game) => bingo.advance(game, events));
}
