// The multiplayer crash game: one schedule of shared rounds for everyone. A round opens
// for bets, then flies (the multiplier rising by src/shared/crash.ts), then crashes at
// the point its seed decides; each round's seed is the SHA-256 pre-image of the one
// before, from a hash chain whose end is published before its first round.
//
// One server process at a time runs the schedule: the holder of the lease row `crash`
// (src/server/games/schedule.ts), renewed every second and taken over by another
// process within LEASE_MS when its holder stops renewing. Every transition is a conditional update of
// the round's phase, so a runner that lost its lease mid-step cannot do it twice; every
// process takes bets and cash-outs (the time decides, not the process), and money moves
// through the wallet under keys made of the round and the player, so nothing is paid twice.
// A bet's auto cash-out is kept by the server: it is paid whether or not the player is
// still connected.
import { metrics } from '../metrics.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CRASH_AUTO_MAX,
  CRASH_AUTO_MIN,
  type CrashBetView,
  type CrashHistoryEntry,
  type CrashRoundView,
  crashPointOf,
  multiplierAt,
  timeToReach,
} from '../../shared/crash.ts';
import { toAmount } from '../../shared/money.ts';
import { STAKE_LIMITS } from '../../shared/schemas/games.ts';
import { dateOf } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import { rows } from '../db/client.ts';
import { crashBets, crashChains, crashRounds } from '../db/schema/index.ts';
import { onePerContext, stakeOn, startScheduleRunners, stepRound, takeLease } from './schedule.ts';
import { barredBy } from './studio.ts';
import { type Caller, seamlessOf } from '../seamless/service.ts';

export interface CrashTiming {
  /** How long bets are taken before a flight. */
  bettingMs: number;
  /** The pause after a crash before the next round opens. */
  pauseMs: number;
  /** How often the runner moves the schedule and sends the multiplier. */
  tickMs: number;
  /** How long a runner's lease lasts without renewal. */
  leaseMs: number;
  /** Rounds in a hash chain. */
  chainLength: number;
}

export const CRASH_TIMING: CrashTiming = { bettingMs: 7_000, pauseMs: 3_000, tickMs: 100, leaseMs: 3_000, chainLength: 10_000 };

/** The catalogue game of the crash schedule: its name and provider go on the bet list. */
export const CRASH_GAME = { externalGameId: 'eagle-studio:eagle-crash', name: 'Eagle Crash', provider: 'Eagle Studio' };

/** The crash schedule's lease row. */
const CRASH_SCHEDULE = 'crash';

export class CrashError extends Error {
  readonly code: string;
  readonly httpStatus: 200 | 400 | 409;
  readonly balance: number | undefined;
  constructor(code: string, httpStatus: 200 | 400 | 409 = 400, balance?: number) {
    super(code);
    this.code = code;
    this.httpStatus = httpStatus;
    this.balance = balance;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** SHA-256 applied `times` times. */
function hashTimes(seed: string, times: number): string {
  let h = seed;
  for (let i = 0; i < times; i++) h = sha256(h);
  return h;
}

type ChainRow = typeof crashChains.$inferSelect;
type RoundRow = typeof crashRounds.$inferSelect;
type BetRow = typeof crashBets.$inferSelect;

/**
 * The wallet keys of a bet: its round, its player and its row, so a stake the wallet refused
 * (its refusal is remembered under its key) leaves the player free to bet again in the round.
 */
export const betKeys = (round: number, playerId: number, betId: number) => ({
  bet: `${round}:${playerId}:${betId}:bet`,
  win: `${round}:${playerId}:${betId}:win`,
  rollback: `${round}:${playerId}:${betId}:rollback`,
});

/**
 * Eagle Crash as a caller of the seamless module, like our studio and outside providers:
 * its transaction ids `<round>:<player>:<bet>:bet|win|rollback` become the wallet keys
 * `crash:<round>:<player>:<bet>:…` and its rounds `crash-<round>`, exactly the keys and
 * rounds it used when it called the wallet directly, so rounds in flight settle the same.
 */
export const CRASH_CALLER: Caller = { keyPrefix: 'crash:', roundPrefix: 'crash-', currencies: null };

/** What a bet returns once the round's multiplier is known, in cents. */
export function crashWin(bet: Pick<BetRow, 'amount' | 'cashedAt' | 'autoCashout'>, crashPoint: number): number {
  const at = bet.cashedAt ?? (bet.autoCashout !== null && bet.autoCashout <= crashPoint ? bet.autoCashout : null);
  return at === null ? 0 : Math.floor((bet.amount * at) / 100);
}

export interface CrashEvents {
  emit(event: string, data: unknown): void;
}

function createCrash(ctx: ServerContext, timing: CrashTiming) {
  const { db } = ctx.database;
  const seamless = seamlessOf(ctx);
  const now = (offset = 0) => dateOf(ctx.clock, offset);
  // Seeds of the chain in use are computed from checkpoints, not from the top each time.
  const checkpoints = new Map<number, Map<number, string>>();

  function seedOf(chain: ChainRow, number: number): string {
    // Round k's seed is SHA-256^(length − k)(top); checkpoints every 1,000 hashes from the top.
    let points = checkpoints.get(chain.id);
    if (!points) {
      points = new Map();
      let h = chain.topSeed;
      for (let i = 0; i <= chain.length; i++) {
        if (i % 1000 === 0) points.set(i, h);
        h = sha256(h);
      }
      checkpoints.set(chain.id, points);
    }
    const steps = chain.length - number;
    const base = Math.floor(steps / 1000) * 1000;
    return hashTimes(points.get(base) as string, steps - base);
  }

  async function currentChain(): Promise<ChainRow> {
    const [chain] = await db.select().from(crashChains).orderBy(desc(crashChains.id)).limit(1);
    return chain ?? newChain();
  }

  async function latestRound(): Promise<RoundRow | undefined> {
    const [round] = await db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
    return round;
  }

  /** The multiplier of a round at `at`: where it stands while flying, where it crashed after. */
  function multiplierOf(round: RoundRow, at: Date): number {
    if (round.phase === 'crashed') return round.crashPoint;
    if (at < round.bettingEndsAt) return 100;
    return Math.min(multiplierAt(at.getTime() - round.bettingEndsAt.getTime()), round.crashPoint);
  }

  /** Whether the flight has reached the crash point by `at`. */
  const crashedBy = (round: RoundRow, at: Date) => at.getTime() >= round.bettingEndsAt.getTime() + timeToReach(round.crashPoint);

  async function view(round: RoundRow): Promise<CrashRoundView> {
    const [chain] = await db.select({ chainEnd: crashChains.chainEnd }).from(crashChains).where(eq(crashChains.id, round.chainId));
    const at = now();
    const crashed = round.phase === 'crashed' || (round.phase !== 'betting' && crashedBy(round, at));
    return {
      round: round.id,
      phase: crashed ? 'crashed' : at < round.bettingEndsAt ? 'betting' : 'running',
      bettingEndsAt: round.bettingEndsAt.toISOString(),
      multiplier: crashed ? round.crashPoint : multiplierOf(round, at),
      seed: round.phase === 'crashed' ? round.seed : null,
      crashPoint: round.phase === 'crashed' ? round.crashPoint : null,
      chainEnd: chain?.chainEnd ?? '',
      number: round.number,
      serverTime: at.toISOString(),
    };
  }

  function betView(bet: BetRow): CrashBetView {
    return {
      round: bet.roundId,
      amount: toAmount(bet.amount),
      autoCashout: bet.autoCashout,
      cashedAt: bet.cashedAt,
      status: bet.status,
      win: toAmount(bet.win),
    };
  }

  /** Pays (or settles at 0) every bet of a crashed round not paid yet. Safe to repeat: the wallet's keys pay once. */
  async function settle(round: RoundRow, events?: CrashEvents): Promise<void> {
    const bets = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.roundId, round.id), eq(crashBets.paid, false), inArray(crashBets.status, ['placed', 'cashed'])));
    for (const bet of bets) await payBet(round, bet, events);
    // A bet whose stake never landed (its process died) is rolled back so it cannot land later.
    const stuck = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, 'new')));
    for (const bet of stuck) {
      const keys = betKeys(round.id, bet.playerId, bet.id);
      await seamless.rollback(CRASH_CALLER, { transactionId: keys.rollback, playerId: bet.playerId, betTransactionId: keys.bet });
      await db.update(crashBets).set({ status: 'refused' }).where(eq(crashBets.id, bet.id));
    }
    await db.update(crashRounds).set({ settled: true }).where(eq(crashRounds.id, round.id));
  }

  async function payBet(round: RoundRow, bet: BetRow, events?: CrashEvents): Promise<void> {
    const win = crashWin(bet, round.crashPoint);
    const cashedAt = bet.cashedAt ?? (win > 0 ? bet.autoCashout : null);
    const keys = betKeys(round.id, bet.playerId, bet.id);
    const paid = await seamless.win(CRASH_CALLER, {
      transactionId: keys.win,
      playerId: bet.playerId,
      roundId: String(round.id),
      betTransactionId: keys.bet,
      amount: win,
    });
    if (!paid.ok && paid.code !== 'round_settled') {
      ctx.logger.error({ round: round.id, player: bet.playerId, code: paid.code }, 'crash win refused');
      return;
    }
    await db
      .update(crashBets)
      .set({ paid: true, win, cashedAt, status: win > 0 ? 'cashed' : 'lost' })
      .where(eq(crashBets.id, bet.id));
    if (win > 0 && bet.cashedAt === null) events?.emit('crash:cashout', { round: round.id, at: cashedAt, win: toAmount(win) });
  }

  /**
   * One step of the schedule at the current time (the runner calls it every tick): opens
   * a round, closes betting, pays auto cash-outs the multiplier has passed, crashes the
   * round and pays it. Each step is a conditional update, so a second runner does nothing.
   * While bets are open or the pause runs, answers when that ends (schedule.ts).
   */
  async function advance(events?: CrashEvents): Promise<number | undefined> {
    const at = now();
    const round = await latestRound();
    if (!round || (round.phase === 'crashed' && at.getTime() >= (round.crashedAt?.getTime() ?? 0) + timing.pauseMs)) {
      const chain = await currentChain();
      const number = round && round.chainId === chain.id ? round.number + 1 : 1;
      // A spent chain makes way for a new one (its end published from now on).
      const use = number > chain.length ? await newChain() : chain;
      const n = number > chain.length ? 1 : number;
      const seed = seedOf(use, n);
      const [opened] = await db
        .insert(crashRounds)
        .values({ chainId: use.id, number: n, seed, crashPoint: crashPointOf(seed), phase: 'betting', bettingEndsAt: now(timing.bettingMs) })
        .onConflictDoNothing()
        .returning();
      if (opened) metrics.gameRounds.inc({ engine: 'crash', mode: 'shared' });
      if (opened) events?.emit('crash:round', await view(opened));
      return;
    }
    if (round.phase === 'betting' && at >= round.bettingEndsAt) {
      const flying = await stepRound(ctx, crashRounds, round.id, 'betting', { phase: 'running' });
      if (flying) events?.emit('crash:start', await view(flying));
      return;
    }
    if (round.phase === 'running') {
      if (crashedBy(round, at)) {
        const crashedAt = new Date(round.bettingEndsAt.getTime() + timeToReach(round.crashPoint));
        const crashed = await stepRound(ctx, crashRounds, round.id, 'running', { phase: 'crashed', crashedAt });
        if (crashed) {
          events?.emit('crash:crashed', await view(crashed));
          await settle(crashed, events);
        }
        return;
      }
      // Auto cash-outs the multiplier has passed are paid now, connected or not.
      const m = multiplierOf(round, at);
      const due = await db
        .select()
        .from(crashBets)
        .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, 'placed'), sql`${crashBets.autoCashout} <= ${m}`));
      for (const bet of due) {
        const [cashed] = await db
          .update(crashBets)
          .set({ status: 'cashed', cashedAt: bet.autoCashout })
          .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, 'placed')))
          .returning();
        if (cashed) {
          await payBet(round, cashed);
          events?.emit('crash:cashout', { round: round.id, at: bet.autoCashout, win: toAmount(crashWin(cashed, round.crashPoint)) });
        }
      }
      events?.emit('crash:tick', { round: round.id, multiplier: m });
      return;
    }
    // Rounds crashed by a runner that died before paying them.
    const unpaid = await db
      .select()
      .from(crashRounds)
      .where(and(eq(crashRounds.phase, 'crashed'), eq(crashRounds.settled, false)))
      .orderBy(asc(crashRounds.id))
      .limit(5);
    for (const r of unpaid) await settle(r, events);
    if (unpaid.length > 0) return;
    // Nothing more is due until bets close or the pause ends.
    return round.phase === 'betting' ? round.bettingEndsAt.getTime() : (round.crashedAt?.getTime() ?? 0) + timing.pauseMs;
  }

  async function newChain(): Promise<ChainRow> {
    const top = randomBytes(32).toString('hex');
    const [made] = await db
      .insert(crashChains)
      .values({ topSeed: top, length: timing.chainLength, chainEnd: hashTimes(top, timing.chainLength) })
      .returning();
    return made as ChainRow;
  }

  /** Takes or renews the schedule's lease for `holder`; true while it holds it. */
  const lease = (holder: string) => takeLease(ctx, CRASH_SCHEDULE, holder, timing.leaseMs);

  return {
    advance,
    lease,
    settle,
    seedOf,
    currentChain,

    /**
     * The round in play (opened by the runner) as a watcher sees it, and the player's bet on it —
     * or on `betRound`, a round the player bet on that may have ended since (how the bet ended).
     */
    async state(playerId: number | null, betRound?: number): Promise<{ round: CrashRoundView | null; bet: CrashBetView | null; history: CrashHistoryEntry[] }> {
      const round = await latestRound();
      // Each crashed round with what checks it: its seed, its place in its chain and the chain's published end.
      const history = await db
        .select({
          round: crashRounds.id,
          crashPoint: crashRounds.crashPoint,
          seed: crashRounds.seed,
          number: crashRounds.number,
          chainEnd: crashChains.chainEnd,
        })
        .from(crashRounds)
        .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
        .where(eq(crashRounds.phase, 'crashed'))
        .orderBy(desc(crashRounds.id))
        .limit(10);
      const betRoundId = betRound ?? round?.id;
      const bet = betRoundId === undefined ? undefined : await stakeOn(ctx, crashBets, betRoundId, playerId);
      return { round: round ? await view(round) : null, bet: bet ? betView(bet) : null, history };
    },

    /** A bet on the round taking bets: one per player and round, through the wallet under the round's key. */
    async bet(playerId: number, amountCents: number, autoCashout: number | null): Promise<CrashBetView & { balance: number }> {
      if (amountCents < STAKE_LIMITS.min || amountCents > STAKE_LIMITS.max) throw new CrashError('stake_out_of_range');
      if (autoCashout !== null && (autoCashout < CRASH_AUTO_MIN || autoCashout > CRASH_AUTO_MAX)) throw new CrashError('crash_auto_out_of_range');
      const round = await latestRound();
      const at = now();
      if (!round || round.phase !== 'betting' || at >= round.bettingEndsAt) throw new CrashError('crash_betting_closed', 409);
      // Written while betting is open (the condition is in the insert), so a bet never follows the flight's start.
      const [inserted] = await rows<{ id: number }>(
        db,
        sql`insert into crash_bets (round_id, player_id, amount, auto_cashout, status, created_at)
            select id, ${playerId}, ${amountCents}, ${autoCashout}, 'new', ${at.toISOString()}::timestamptz from crash_rounds
            where id = ${round.id} and phase = 'betting' and betting_ends_at > ${at.toISOString()}::timestamptz
            on conflict do nothing returning id`,
      );
      const [row] = inserted
        ? await db
            .select()
            .from(crashBets)
            .where(eq(crashBets.id, Number(inserted.id)))
        : [];
      if (!row) {
        const mine = await stakeOn(ctx, crashBets, round.id, playerId);
        if (mine) throw new CrashError('crash_already_bet', 409);
        throw new CrashError('crash_betting_closed', 409);
      }
      const keys = betKeys(round.id, playerId, row.id);
      const taken = await seamless.bet(CRASH_CALLER, {
        transactionId: keys.bet,
        playerId,
        amount: amountCents,
        roundId: String(round.id),
        game: { externalGameId: CRASH_GAME.externalGameId, name: CRASH_GAME.name, providerName: CRASH_GAME.provider },
      });
      const balance = taken.balance ? toAmount(taken.balance.real + taken.balance.bonus) : 0;
      if (!taken.ok) {
        await db.delete(crashBets).where(and(eq(crashBets.id, row.id), eq(crashBets.status, 'new')));
        // A stake stopped by player protection says which limit (and when it resets) or break, as every game does.
        throw barredBy(taken) ?? new CrashError(taken.code, 200, balance);
      }
      const [placed] = await db.update(crashBets).set({ status: 'placed' }).where(eq(crashBets.id, row.id)).returning();
      return { ...betView(placed ?? row), balance };
    },

    /** Cashes out the player's bet at the multiplier of this moment, unless the round crashed before it. */
    async cashOut(playerId: number): Promise<CrashBetView & { balance: number | null }> {
      const round = await latestRound();
      const at = now();
      if (!round || round.phase === 'betting' || at < round.bettingEndsAt) throw new CrashError('crash_not_flying', 409);
      const bet = await stakeOn(ctx, crashBets, round.id, playerId);
      if (!bet) throw new CrashError('crash_no_bet', 409);
      if (bet.status !== 'placed') return { ...betView(bet), balance: null };
      if (round.phase === 'crashed' || crashedBy(round, at)) throw new CrashError('crash_too_late', 409);
      const m = multiplierOf(round, at);
      // An auto cash-out the multiplier passed already cashed the bet at its value.
      const cashedAt = bet.autoCashout !== null && bet.autoCashout <= m ? bet.autoCashout : m;
      const [cashed] = await db
        .update(crashBets)
        .set({ status: 'cashed', cashedAt })
        .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, 'placed')))
        .returning();
      const current = cashed ?? bet;
      if (!cashed) {
        const [now2] = await db.select().from(crashBets).where(eq(crashBets.id, bet.id));
        return { ...betView(now2 ?? bet), balance: null };
      }
      const win = crashWin(current, round.crashPoint);
      const keys = betKeys(round.id, playerId, bet.id);
      const paid = await seamless.win(CRASH_CALLER, { transactionId: keys.win, playerId, roundId: String(round.id), betTransactionId: keys.bet, amount: win });
      if (paid.ok || paid.code === 'round_settled') await db.update(crashBets).set({ paid: true, win }).where(eq(crashBets.id, bet.id));
      return { ...betView({ ...current, win }), balance: paid.balance ? toAmount(paid.balance.real + paid.balance.bonus) : null };
    },
  };
}

export type Crash = ReturnType<typeof createCrash>;

/** The crash game of a server context (tests pass shorter timings). */
export const crashOf = onePerContext(createCrash, CRASH_TIMING);

/**
 * Runs the schedule in this process whenever it holds the lease (src/server/games/schedule.ts).
 * Returns a stop function.
 */
export function startCrashRunner(ctx: ServerContext, events: CrashEvents, timing: CrashTiming = CRASH_TIMING): () => Promise<void> {
  const crash = crashOf(ctx, timing);
  return startScheduleRunners(ctx, [CRASH_SCHEDULE], timing, () => crash.advance(events));
}
