// Our game studio: it opens game sessions, decides rounds with an engine and moves the
// stakes and wins through the wallet (real play) or a session's pretend money (free
// play). A round's outcome is stored before any money moves, and every money step has
// an idempotency key derived from the round, so a repeated request, a crash between
// steps or a retry after a timeout finishes the same round, never a second one.
//
// A round may take more than one stake: a side bet with the deal, a double, a split,
// insurance or a call with a move. Each is a wallet bet of its own, under a key made of
// the round and the stake's number, and each is paid its own win, so the wallet's bonus
// rule (a win goes back the way its stake was paid) holds for every stake.
//
// A hand of several moves (blackjack, video poker) belongs to its player and game, not
// to the launch that dealt it: every later launch of the game shows it and plays it,
// one hand at a time per player and game (unique indexes hold that against races), and
// a hand left longer than ABANDONED_HAND_HOURS is ended by the sweep with the game's
// rule and paid. Free play has no player: its hands stay with their session.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { currencyOf, toAmount, toCents } from '../../shared/money.ts';
import {
  type FairnessReply,
  type RotateSeedReply,
  STAKE_LIMITS,
  type StudioRound,
  type StudioRoundReply,
  type StudioSessionReply,
} from '../../shared/schemas/games.ts';
import { isUniqueViolation } from '../auth/players.ts';
import { dateOf } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import { type GameMode, gameProviders, gameRounds, gameSessions, games, type PendingMove, type RoundStake } from '../db/schema/index.ts';
import type { ProtectionRefusal, RealityCheckInfo } from '../../shared/protection.ts';
import { answerRealityCheck, realityCheckOf, sessionResult } from '../protection/reality.ts';
import { protectionRefusal } from '../protection/reply.ts';
import { readBalance, type WalletOutcome, walletCurrency, walletOf } from '../wallet/index.ts';
import { type SeamlessBet, STUDIO_CALLER, seamlessOf } from '../seamless/service.ts';
import { metrics } from '../metrics.ts';
import { engineOf } from './engines/index.ts';
import { contributionOf, findPool, jackpotRtp, poolDef } from './jackpot.ts';
import { jackpotHit } from '../../shared/slot-models.ts';
import { fairnessOf, outcomeOf, rotateSeed, roundRng, type SeedOwner, shownSeed, takeNonce } from './fairness.ts';
import { type Engine, EngineError, ONE_X, payoutsOf, type Rng, type RoundStep, stakesOf } from './engines/types.ts';
import { runOncePerCluster } from './schedule.ts';

/** How long a launch link plays. */
export const SESSION_HOURS = 12;
/** Free play's starting (and refilled) pretend balance. */
export const FUN_BALANCE_CENTS = 100_000;
/** A round whose stake the wallet never confirmed is voided after this long (its stake, if it landed, is returned). */
export const STALE_ROUND_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * The random source of a move: none. Every engine deals all a round can use when it
 * starts, from the round's provably fair stream, so a move only reads what was dealt
 * and a round is recomputed from its seeds and nonce alone.
 */
const noDraws: Rng = {
  int() {
    throw new Error('a move draws nothing: the round dealt everything it uses when it started');
  },
};

/** Whose seed pair a session's rounds are drawn from: the player's in real play, the session's own in free play. */
export function seedOwnerOf(session: SessionRow): SeedOwner {
  return isReal(session) ? { playerId: session.playerId } : { sessionId: session.id };
}

/** Thrown inside a round's insert when its id was already played, so the nonce it took is not spent. */
class RepeatedRound extends Error {}

/**
 * Why the studio refused a request: a catalogue key and the HTTP status it maps to.
 * Refusals a game shows in its own screen (not enough money, a round that could not be
 * played) are answers, status 200; the rest are errors of the request.
 */
export class StudioError extends Error {
  readonly code: string;
  readonly httpStatus: 200 | 400 | 401 | 404 | 409;
  /** The balance to show with the refusal (two-decimal amount). */
  readonly balance: number | undefined;
  /** What a refusal by player protection names: the limit and when it resets, or the break's end. */
  readonly detail: Omit<ProtectionRefusal, 'status' | 'message'> | undefined;
  constructor(code: string, httpStatus: 200 | 400 | 401 | 404 | 409 = 400, balance?: number, detail?: Omit<ProtectionRefusal, 'status' | 'message'>) {
    super(code);
    this.code = code;
    this.httpStatus = httpStatus;
    this.balance = balance;
    this.detail = detail;
  }
}

type SessionRow = typeof gameSessions.$inferSelect;
type RoundRow = typeof gameRounds.$inferSelect;
type GameRow = { id: number; name: string; slug: string; externalGameId: string; engine: string; config: Record<string, unknown>; providerName: string };
interface OpenSession {
  session: SessionRow;
  game: GameRow;
}
/** A round after `settle`: the balance a wallet operation reported (cents), and the refusal of a waiting move's stake. */
interface Settled {
  round: RoundRow;
  balance?: number;
  refused?: string;
  /** A stake refused by player protection (a limit, a break): said to the player with what it names. */
  barred?: StudioError;
}

const PROTECTION_CODES = new Set(['limit_reached', 'player_on_break', 'account_closed']);

/** A wallet refusal by player protection as the studio's refusal, or undefined for any other. */
export function barredBy(outcome: WalletOutcome): StudioError | undefined {
  if (outcome.ok || !PROTECTION_CODES.has(outcome.code)) return undefined;
  const balance = outcome.balance ? toAmount(outcome.balance.real + outcome.balance.bonus) : undefined;
  const { status: _s, message: _m, ...detail } = protectionRefusal(outcome, outcome.balance?.currency);
  return new StudioError(outcome.code, 200, balance, detail);
}

/** Real money: the session has a player, whose hands outlive the session. */
function isReal(session: SessionRow): session is SessionRow & { playerId: number } {
  return session.mode === 'real' && session.playerId !== null;
}

/** How a launch token is stored (and looked up): its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stake and win of a round, in cents, from the engine's payout in basis points. */
export function winOf(stake: number, payout: number): number {
  return Math.floor((stake * payout) / ONE_X);
}

/** A choice's refusal: a catalogue key of the game's own (`roulette_no_bets`) when its schema names one, else the general one. */
function choiceRefusal(engineId: string, error: z.ZodError): string {
  const message = error.issues[0]?.message ?? '';
  return message.startsWith(`${engineId}_`) && /^[a-z0-9_]+$/.test(message) ? message : 'invalid_choice';
}

/** A part of the chosen stake, in cents, from basis points of it (half a stake for insurance is rounded down). */
function amountOf(base: number, basisPoints: number): number {
  return Math.floor((base * basisPoints) / ONE_X);
}

/**
 * The seamless wallet's transaction ids of a round's stake number `n`, as our studio names
 * them to it (src/server/seamless/service.ts); the first keeps the ids rounds of one stake
 * always had.
 */
export function stakeTransactions(roundId: number, n: number): { bet: string; win: string; rollback: string } {
  const suffix = n === 0 ? '' : `:${n}`;
  return { bet: `${roundId}:bet${suffix}`, win: `${roundId}:win${suffix}`, rollback: `${roundId}:rollback${suffix}` };
}

/** The same as wallet keys: `studio:<round>:bet` … */
export function stakeKeys(roundId: number, n: number): { bet: string; win: string; rollback: string } {
  const t = stakeTransactions(roundId, n);
  const p = STUDIO_CALLER.keyPrefix;
  return { bet: p + t.bet, win: p + t.win, rollback: p + t.rollback };
}

/**
 * A round's stakes. A row written without them (by a process of the release before
 * rounds of several stakes, during a rolling start) took one stake, of `stake`.
 */
function stakesOfRound(r: RoundRow): RoundStake[] {
  return r.stakes.length > 0 ? r.stakes : [{ n: 0, amount: r.stake, win: r.win }];
}

/** The columns a step decides: state, view, moves, and once finished what each stake wins. */
function decided(stakes: RoundStake[], step: RoundStep<unknown, unknown>) {
  const bps = stakesOf(step);
  // The engine and the studio count the same stakes: one with the deal, one more per move that said it takes one.
  if (bps.length !== stakes.length) throw new Error(`the engine counts ${bps.length} stakes, the round ${stakes.length}`);
  const payouts = step.done ? payoutsOf(step) : [];
  // An engine that names its win in cents (a round of one stake) is paid that, to the cent.
  const winOfStake = (stake: RoundStake, i: number) => (step.win !== undefined && stakes.length === 1 ? step.win : winOf(stake.amount, payouts[i] ?? 0));
  const withWins = stakes.map((stake, i) => ({ ...stake, win: step.done ? winOfStake(stake, i) : 0 }));
  return {
    state: step.state ?? null,
    view: step.view ?? null,
    actions: step.done ? [] : step.actions,
    finished: step.done,
    payout: step.done ? Math.round(step.payout) : 0,
    stakes: withWins,
    stake: withWins.reduce((sum, s) => sum + s.amount, 0),
    win: withWins.reduce((sum, s) => sum + s.win, 0),
  };
}

function toRound(r: RoundRow): StudioRound {
  return {
    roundId: r.roundKey,
    step: r.step,
    done: r.finished,
    actions: r.finished ? [] : r.actions,
    view: r.view,
    stake: toAmount(r.stake),
    stakes: stakesOfRound(r).map((s) => toAmount(s.amount)),
    win: r.finished ? toAmount(r.win) : 0,
  };
}

/** The pool a jackpot game feeds and may pay, from its catalogue config. */
function poolOf(game: GameRow): string | undefined {
  return typeof game.config.jackpot === 'string' ? game.config.jackpot : undefined;
}

/** What the wallet needs to know of every bet of a round; a jackpot game's first stake feeds its pool in the same transaction. */
function betOf(game: GameRow, round: RoundRow, playerId: number, stake: Pick<RoundStake, 'n' | 'amount'>, currency?: string): SeamlessBet {
  const pool = poolOf(game);
  return {
    playerId,
    transactionId: stakeTransactions(round.id, stake.n).bet,
    roundId: String(round.id),
    game,
    amount: stake.amount,
    ...(pool && currency && stake.n === 0 ? { also: [contributionOf(pool, currency, stake.amount)] } : {}),
  };
}

/** Our studio's rollback of a round's stake `n`, through the seamless wallet as any studio's. */
const rollbackOf = (roundId: number, n: number, playerId: number) => {
  const t = stakeTransactions(roundId, n);
  return { playerId, transactionId: t.rollback, betTransactionId: t.bet };
};

export interface LaunchInput {
  gameId: number;
  playerId: number | null;
  mode: GameMode;
  locale: string;
  ip: string;
}

function createStudio(ctx: ServerContext) {
  const { db } = ctx.database;
  // Every stake, win and rollback goes through the seamless wallet, the module outside
  // studios reach over HTTP (routes/providers), as the studio caller.
  const seamless = seamlessOf(ctx);
  // The jackpot's payment is the wallet's own operation: no outside provider has one.
  const wallet = walletOf(ctx);
  // Every time the studio writes or compares comes from the server's clock, so tests move it.
  const now = (offsetMs = 0) => dateOf(ctx.clock, offsetMs);

  /** The money a session plays with now, in cents: the wallet's real + bonus, or the pretend balance. */
  async function balanceOf(session: SessionRow): Promise<number> {
    if (session.mode === 'fun' || session.playerId === null) {
      const [row] = await db.select({ fun: gameSessions.funBalance }).from(gameSessions).where(eq(gameSessions.id, session.id));
      return row?.fun ?? 0;
    }
    const b = await readBalance(db, session.playerId);
    return b.real + b.bonus;
  }

  const sessionQuery = () =>
    db
      .select({
        session: gameSessions,
        game: {
          id: games.id,
          name: games.name,
          slug: games.slug,
          externalGameId: games.externalGameId,
          engine: games.engine,
          config: games.config,
          providerName: gameProviders.providerName,
        },
      })
      .from(gameSessions)
      .innerJoin(games, eq(games.id, gameSessions.gameId))
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId));

  // Every call of a game page starts here: built once, not per request.
  const sessionByToken = sessionQuery()
    .where(and(eq(gameSessions.tokenHash, sql.placeholder('hash')), sql`${gameSessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`))
    .prepare('studio_session_by_token');

  async function selectSession(where: SQL): Promise<OpenSession | undefined> {
    const [row] = await sessionQuery().where(where);
    return row;
  }

  async function openSession(token: string): Promise<OpenSession> {
    const [open] = await sessionByToken.execute({ hash: hashToken(token), now: now().toISOString() });
    if (!open) throw new StudioError('session_expired', 401);
    return open;
  }

  /** The reality check of a real-money launch's player, or null (free play, a login from before reality checks). */
  async function realityInfo(session: SessionRow): Promise<RealityCheckInfo | null> {
    if (!isReal(session)) return null;
    const check = await realityCheckOf(db, session.playerId, ctx.clock.now());
    if (!check) return null;
    const net = await sessionResult(db, session.playerId, check.sessionStartedAt);
    return {
      due: check.due,
      every_minutes: check.everyMinutes,
      session_minutes: check.sessionMinutes,
      session_started_at: check.sessionStartedAt,
      next_at: check.nextAt,
      net: toAmount(net),
      currency: session.currency,
    };
  }

  /**
   * Moves a round's money to where its state says it should be; safe to repeat at any
   * point. A round's stakes are taken in order, and its wins paid in order, each under
   * its own keys; a round that is `new` goes to `open` or (finished) to `settled` with no
   * stop in between; if that is cut short, a repeat or the recovery sweep finishes it.
   * A stake refused on the way returns the stakes taken before it, and the round is
   * `refused` (not enough money) or `void`. An open round with a move waiting for its
   * stake plays that move first (see `completeMove`). Answers the round, the balance
   * after the last wallet operation (cents) when there was one, and the refusal of a
   * waiting move's stake.
   */
  async function settle(open: OpenSession, round: RoundRow): Promise<Settled> {
    const { session, game } = open;
    if (session.mode === 'fun' || session.playerId === null) return { round: await settleFun(session, round) };
    const playerId = session.playerId;
    let current = round;
    let balance: number | undefined;
    const seen = (outcome: { balance?: { real: number; bonus: number } }) => {
      if (outcome.balance) balance = outcome.balance.real + outcome.balance.bonus;
    };
    const answer = (r: RoundRow, refused?: string): Settled => ({ round: r, ...(balance === undefined ? {} : { balance }), ...(refused ? { refused } : {}) });
    if (current.status === 'new') {
      for (const [i, stake] of stakesOfRound(current).entries()) {
        const bet = await seamless.bet(STUDIO_CALLER, betOf(game, current, playerId, stake, session.currency));
        seen(bet);
        if (bet.ok) continue;
        // Whatever came before this stake goes back: the round is played whole or not at all.
        for (const taken of stakesOfRound(current).slice(0, i)) seen(await seamless.rollback(STUDIO_CALLER, rollbackOf(current.id, taken.n, playerId)));
        const barred = barredBy(bet);
        const moved = await moveRound(current, 'new', bet.code === 'insufficient_funds' ? 'refused' : 'void');
        return barred ? { ...answer(moved), barred } : answer(moved);
      }
      if (!current.finished) return answer(await moveRound(current, 'new', 'open'));
    }
    if (current.status === 'open' && current.pending) return completeMove(open, current, current.pending);
    if (current.finished && (current.status === 'new' || current.status === 'done')) {
      const paid = await payWins(current, playerId, open);
      if (paid.balance !== undefined) balance = paid.balance;
      current = paid.round;
    }
    return answer(current);
  }

  /**
   * Pays a decided round's wins, one per stake, and marks it settled. In order, and no
   * further than the first refusal: a sweep that finds the first stake rolled back knows
   * no win was paid, one that finds it settled pays the rest.
   */
  async function payWins(round: RoundRow, playerId: number, open: OpenSession | undefined): Promise<{ round: RoundRow; balance?: number }> {
    let balance: number | undefined;
    for (const stake of stakesOfRound(round)) {
      const t = stakeTransactions(round.id, stake.n);
      const win = await seamless.win(STUDIO_CALLER, { playerId, transactionId: t.win, betTransactionId: t.bet, roundId: String(round.id), amount: stake.win });
      if (win.balance) balance = win.balance.real + win.balance.bonus;
      // round_settled: an earlier attempt paid it and died before saying so.
      if (win.ok || win.code === 'round_settled') continue;
      ctx.logger.error({ round: round.id, stake: stake.n, code: win.code }, 'studio win refused');
      return { round, ...(balance === undefined ? {} : { balance }) };
    }
    // A jackpot the round's draw won is paid after its wins, under its own key, before the
    // round is settled: a repeat or the sweep pays it once, whoever gets there first.
    const pool = open ? poolOf(open.game) : undefined;
    const draw = (round.view as { jackpotDraw?: unknown } | null)?.jackpotDraw;
    if (open && pool && typeof draw === 'number' && jackpotHit(draw, stakesOfRound(round)[0]!.amount)) {
      const found = await findPool(db, pool, open.session.currency);
      const keys = stakeKeys(round.id, 0);
      const paid = found
        ? await wallet.jackpotWin({
            key: `studio:${round.id}:jackpot`,
            playerId,
            betKey: keys.bet,
            poolId: found.id,
            // The round shows what it won, written with the payment.
            with: (amount) => [sql`update game_rounds set view = view || jsonb_build_object('jackpotWon', ${amount}::bigint / 100.0) where id = ${round.id}`],
          })
        : undefined;
      if (paid?.balance) balance = paid.balance.real + paid.balance.bonus;
      if (!paid?.ok) {
        ctx.logger.error({ round: round.id, pool, code: paid?.code ?? 'jackpot_not_found' }, 'studio jackpot refused');
        return { round, ...(balance === undefined ? {} : { balance }) };
      }
    }
    const settled = await moveRound(round, round.status, 'settled');
    return { round: settled, ...(balance === undefined ? {} : { balance }) };
  }

  /**
   * Plays a move that takes a stake, in real money. The order of writes, and where a
   * crash between them leaves the round:
   *
   *   1. `pending` is written on the open round (`claimMove`), with the stake's number
   *      and amount, on the condition that the round is at the move's step with nothing
   *      pending. Crash here: the round says a move waits; nothing was taken.
   *   2. The stake goes to the wallet under studio:<round>:bet:<n>. Crash here: the stake
   *      may have landed; the round still says the move waits.
   *   3. The move is played and written with the stake added to the round, `pending`
   *      cleared, on the condition that the same move is still pending. Then `settle`
   *      pays the round if the move ended it.
   *
   * Whoever finds a pending move next (a repeat of the request, a move of another
   * window, a reload of the game, the sweep after STALE_ROUND_MS) plays it on from
   * step 2: the wallet answers a stake that landed with its stored reply, so it is taken
   * once, and the condition of step 3 lets one writer through. A stake the wallet
   * refuses clears `pending`, so the hand is as it was; its number is not used again
   * (the wallet keeps the refusal under its key), and a later try gets a new one. The
   * player saw nothing of the move's outcome before its stake was taken.
   */
  async function completeMove(open: OpenSession, round: RoundRow, pending: PendingMove): Promise<Settled> {
    const { session, game } = open;
    const playerId = session.playerId as number;
    const bet = await seamless.bet(STUDIO_CALLER, betOf(game, round, playerId, pending));
    const balance = bet.balance ? bet.balance.real + bet.balance.bonus : undefined;
    const withBalance = (r: RoundRow, refused?: string): Settled => ({
      round: r,
      ...(balance === undefined ? {} : { balance }),
      ...(refused ? { refused } : {}),
    });
    if (!bet.ok) {
      const barred = barredBy(bet);
      if (bet.code !== 'insufficient_funds' && !barred) ctx.logger.error({ round: round.id, stake: pending.n, code: bet.code }, 'studio move stake refused');
      const cleared = withBalance(await clearPending(round, pending), bet.code);
      return barred ? { ...cleared, barred } : cleared;
    }
    const { engine, config } = engineFor(game);
    let step: RoundStep<unknown, unknown>;
    try {
      step = (engine.act as NonNullable<Engine['act']>)(noDraws, round.state, pending.action, config);
    } catch (error) {
      // The move was allowed when it was claimed at this very step; if the engine now
      // refuses it, its stake goes back and the hand stays as it was.
      ctx.logger.error({ err: error, round: round.id }, 'studio move refused after its stake was taken');
      await seamless.rollback(STUDIO_CALLER, rollbackOf(round.id, pending.n, playerId));
      return withBalance(await clearPending(round, pending), 'round_void');
    }
    const stakes = [...stakesOfRound(round), { n: pending.n, amount: pending.amount, win: 0 }];
    const [moved] = await db
      .update(gameRounds)
      .set({ ...decided(stakes, step), step: round.step + 1, pending: null, status: step.done ? 'done' : 'open', updatedAt: now() })
      .where(and(eq(gameRounds.id, round.id), eq(gameRounds.step, pending.step), eq(gameRounds.status, 'open'), pendingIs(pending)))
      .returning();
    const settled = await settle(open, moved ?? (await roundById(round)));
    return settled.balance === undefined && balance !== undefined ? { ...settled, balance } : settled;
  }

  /** The condition that `pending` is still the round's waiting move. */
  function pendingIs(pending: PendingMove): SQL {
    return sql`${gameRounds.pending}->>'n' = ${String(pending.n)} and (${gameRounds.pending}->>'step')::int = ${pending.step}`;
  }

  async function clearPending(round: RoundRow, pending: PendingMove): Promise<RoundRow> {
    const [cleared] = await db
      .update(gameRounds)
      .set({ pending: null, updatedAt: now() })
      .where(and(eq(gameRounds.id, round.id), pendingIs(pending)))
      .returning();
    return cleared ?? (await roundById(round));
  }

  /**
   * Step 1 of `completeMove`: writes down a move and the stake it takes, unless the
   * round moved on or another move waits. Answers the round with its pending move: this
   * one, a twin's identical one, or another (which the caller plays on instead).
   */
  async function claimMove(round: RoundRow, action: unknown, amount: number): Promise<RoundRow> {
    const [claimed] = await db
      .update(gameRounds)
      .set({
        pending: sql`jsonb_build_object('step', ${round.step}::int, 'action', ${JSON.stringify(action)}::jsonb, 'n', ${gameRounds.stakeSeq} + 1, 'amount', ${amount}::bigint)`,
        stakeSeq: sql`${gameRounds.stakeSeq} + 1`,
        updatedAt: now(),
      })
      .where(and(eq(gameRounds.id, round.id), eq(gameRounds.step, round.step), eq(gameRounds.status, 'open'), isNull(gameRounds.pending)))
      .returning();
    return claimed ?? (await roundById(round));
  }

  /** Free play: stake and win come off and onto the session's pretend balance in one transaction with the round. */
  async function settleFun(session: SessionRow, round: RoundRow): Promise<RoundRow> {
    if (round.status !== 'new' && round.status !== 'done') return round;
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(gameRounds).where(eq(gameRounds.id, round.id)).for('update');
      if (!locked || (locked.status !== 'new' && locked.status !== 'done')) return locked ?? round;
      let delta = 0;
      let status: RoundRow['status'] = locked.status;
      if (status === 'new') {
        const [taken] = await tx
          .update(gameSessions)
          .set({ funBalance: sql`${gameSessions.funBalance} - ${locked.stake}` })
          .where(and(eq(gameSessions.id, session.id), sql`${gameSessions.funBalance} >= ${locked.stake}`))
          .returning({ id: gameSessions.id });
        if (!taken) {
          const [refused] = await tx.update(gameRounds).set({ status: 'refused', updatedAt: now() }).where(eq(gameRounds.id, locked.id)).returning();
          return refused ?? locked;
        }
        status = locked.finished ? 'done' : 'open';
      }
      if (status === 'done') {
        delta = locked.win;
        status = 'settled';
      }
      if (delta > 0) {
        await tx
          .update(gameSessions)
          .set({ funBalance: sql`${gameSessions.funBalance} + ${delta}` })
          .where(eq(gameSessions.id, session.id));
      }
      const [moved] = await tx.update(gameRounds).set({ status, updatedAt: now() }).where(eq(gameRounds.id, locked.id)).returning();
      return moved ?? locked;
    });
  }

  /**
   * Free play's move that takes a stake: the pretend money and the move are written in
   * one transaction, so there is nothing in between to recover. Refused, with the hand
   * as it was, when the pretend balance cannot pay it.
   */
  async function actFun(open: OpenSession, round: RoundRow, action: unknown, amount: number): Promise<RoundRow> {
    const { engine, config } = engineFor(open.game);
    const moved = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(gameRounds).where(eq(gameRounds.id, round.id)).for('update');
      if (locked?.status !== 'open' || locked.step !== round.step) return locked ?? round;
      const [taken] = await tx
        .update(gameSessions)
        .set({ funBalance: sql`${gameSessions.funBalance} - ${amount}` })
        .where(and(eq(gameSessions.id, open.session.id), sql`${gameSessions.funBalance} >= ${amount}`))
        .returning({ id: gameSessions.id });
      if (!taken) return null;
      const n = locked.stakeSeq + 1;
      const step = (engine.act as NonNullable<Engine['act']>)(noDraws, locked.state, action, config);
      const [written] = await tx
        .update(gameRounds)
        .set({
          ...decided([...stakesOfRound(locked), { n, amount, win: 0 }], step),
          stakeSeq: n,
          step: locked.step + 1,
          status: step.done ? 'done' : 'open',
          updatedAt: now(),
        })
        .where(eq(gameRounds.id, locked.id))
        .returning();
      return written ?? locked;
    });
    if (moved === null) throw new StudioError('insufficient_funds', 200, toAmount(await balanceOf(open.session)));
    return settleFun(open.session, moved);
  }

  /** Moves a round from one status to the next, unless someone else already did. */
  async function moveRound(round: RoundRow, from: RoundRow['status'], to: RoundRow['status']): Promise<RoundRow> {
    const [moved] = await db
      .update(gameRounds)
      .set({ status: to, updatedAt: now() })
      .where(and(eq(gameRounds.id, round.id), eq(gameRounds.status, from)))
      .returning();
    return moved ?? (await roundById(round));
  }

  async function roundById(round: RoundRow): Promise<RoundRow> {
    const [current] = await db.select().from(gameRounds).where(eq(gameRounds.id, round.id));
    return current ?? round;
  }

  /**
   * Writes an open round's next step (a move, or the end of an abandoned hand), unless a
   * twin of the move, another window of the game or the sweep wrote one first: the
   * step it follows is part of the condition. Answers the round as it now stands.
   */
  async function advance(round: RoundRow, step: RoundStep<unknown, unknown>): Promise<RoundRow> {
    const [moved] = await db
      .update(gameRounds)
      .set({ ...decided(stakesOfRound(round), step), step: round.step + 1, status: step.done ? 'done' : 'open', updatedAt: now() })
      // A move waiting for its stake is played first (completeMove); until then nothing else is.
      .where(and(eq(gameRounds.id, round.id), eq(gameRounds.step, round.step), eq(gameRounds.status, 'open'), isNull(gameRounds.pending)))
      .returning();
    return moved ?? (await roundById(round));
  }

  async function roundReply(open: OpenSession, settled: Settled): Promise<StudioRoundReply> {
    const { round } = settled;
    if (settled.barred) throw settled.barred;
    // A wallet operation of this request already said the balance; only a repeat needs to read it.
    const balance = settled.balance ?? (await balanceOf(open.session));
    if (round.status === 'refused') throw new StudioError('insufficient_funds', 200, toAmount(balance));
    if (round.status === 'void') throw new StudioError('round_void', 200, toAmount(balance));
    return { status: 1, round: toRound(round), balance: toAmount(balance) };
  }

  async function findRound(sessionId: number, roundKey: string): Promise<RoundRow | undefined> {
    const [row] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.sessionId, sessionId), eq(gameRounds.roundKey, roundKey)));
    return row;
  }

  /**
   * The round a move names: one of this session or, in real play, one that another
   * launch of the same game dealt to the same player. The hand is looked up where it
   * is rather than adopted into the newest session: moved, it would leave the page that
   * dealt it (and that page's retry of a move whose reply was lost) with an unknown
   * round id, and could collide with a round id the new session already used. Found by
   * player and game, the same hand answers in every window of the game, and the step
   * each move names keeps two windows from playing one step twice. Runs only when the
   * id is not the session's own, through the player's sessions of this game and the
   * (session, round id) index.
   */
  async function findHand(open: OpenSession, roundKey: string): Promise<RoundRow | undefined> {
    const own = await findRound(open.session.id, roundKey);
    if (own || !isReal(open.session)) return own;
    const launches = db
      .select({ id: gameSessions.id })
      .from(gameSessions)
      .where(and(eq(gameSessions.playerId, open.session.playerId), eq(gameSessions.gameId, open.game.id)));
    const [elsewhere] = await db
      .select()
      .from(gameRounds)
      .where(and(inArray(gameRounds.sessionId, launches), eq(gameRounds.roundKey, roundKey), eq(gameRounds.playerId, open.session.playerId)))
      .orderBy(desc(gameRounds.id))
      .limit(1);
    return elsewhere;
  }

  /** Rounds of several moves not finished yet: of the player and game in real play, of the session in free play (as the unique indexes hold them). */
  function unfinishedHands(session: SessionRow, gameId: number): SQL {
    const unfinished = and(eq(gameRounds.finished, false), inArray(gameRounds.status, ['new', 'open'])) as SQL;
    return isReal(session)
      ? (and(eq(gameRounds.playerId, session.playerId), eq(gameRounds.gameId, gameId), unfinished) as SQL)
      : (and(eq(gameRounds.sessionId, session.id), unfinished) as SQL);
  }

  // The return a table's page states, worked out once per game and process.
  const rtps = new Map<number, number>();
  function rtpOf(game: GameRow, engine: Engine, config: unknown): number {
    let rtp = rtps.get(game.id);
    if (rtp === undefined) {
      // A jackpot game returns its reels' RTP and, long run, its pool's share of stakes.
      const pool = poolOf(game);
      const def = pool ? poolDef(pool) : undefined;
      rtp = engine.rtp(config) + (def ? jackpotRtp(def) : 0);
      rtps.set(game.id, rtp);
    }
    return rtp;
  }

  function engineFor(game: GameRow) {
    const engine = engineOf(game.engine);
    if (!engine) throw new StudioError('game_not_found', 404);
    const config = engine.config.parse(game.config);
    return { engine, config };
  }

  /**
   * Ends a hand its player left for good by the game's rule (blackjack stands, video
   * poker pays the cards dealt) and pays it. The rule draws no randomness, so two
   * processes sweeping at once compute the same end; the step condition lets one write
   * it, and the wallet's keys pay it once.
   */
  async function abandonHand(found: RoundRow, sessionId: number): Promise<void> {
    const open = await selectSession(eq(gameSessions.id, sessionId));
    if (!open) return;
    // A move the player asked for and whose stake may have landed is played first.
    const round = found.pending ? (await settle(open, found)).round : found;
    if (round.status !== 'open') return;
    const engine = engineOf(open.game.engine);
    if (!engine?.abandon) {
      ctx.logger.error({ round: round.id, engine: open.game.engine }, 'studio hand left open by an engine with no rule for it');
      return;
    }
    const step = engine.abandon(round.state, engine.config.parse(open.game.config));
    if (!step.done) {
      ctx.logger.error({ round: round.id, engine: open.game.engine }, 'studio abandon rule left the hand open');
      return;
    }
    await settle(open, await advance(round, step));
  }

  /**
   * Real-money rounds left halfway by a crash or a lost connection (of one player, or of
   * everyone): paid if decided, voided if the stake never landed, and hands untouched
   * for ABANDONED_HAND_HOURS ended by their game's rule and paid. Returns how many it finished.
   */
  async function recoverRounds(playerId?: number, limit = 200): Promise<number> {
    const conditions = [
      or(
        and(inArray(gameRounds.status, ['new', 'done']), lt(gameRounds.updatedAt, now(-STALE_ROUND_MS))),
        and(eq(gameRounds.status, 'open'), isNotNull(gameRounds.pending), lt(gameRounds.updatedAt, now(-STALE_ROUND_MS))),
        and(eq(gameRounds.status, 'open'), lt(gameRounds.updatedAt, now(-ctx.config.abandonedHandHours * HOUR_MS))),
      ),
      eq(gameSessions.mode, 'real'),
    ];
    if (playerId !== undefined) conditions.push(eq(gameRounds.playerId, playerId));
    const stale = await db
      .select({ round: gameRounds, session: gameSessions })
      .from(gameRounds)
      .innerJoin(gameSessions, eq(gameSessions.id, gameRounds.sessionId))
      .where(and(...conditions))
      .orderBy(gameRounds.id)
      .limit(limit);
    const abandonedBefore = now(-ctx.config.abandonedHandHours * HOUR_MS);
    for (const { round, session } of stale) {
      if (session.playerId === null) continue;
      const open = await selectSession(eq(gameSessions.id, session.id));
      if (!open) continue;
      if (round.status === 'open') {
        if (round.updatedAt < abandonedBefore) await abandonHand(round, session.id);
        // A move whose stake was asked for and not written down: played on from its stake.
        else await settle(open, round);
        continue;
      }
      if (round.status === 'done') {
        await settle(open, round);
        continue;
      }
      // The player never saw this round's outcome: every stake it took goes back, and a
      // stake not landed yet is stopped from landing later. The first stake decides: wins
      // are paid in order after every stake, so if its win landed the round was decided
      // and all its stakes were taken, and the round is paid on instead.
      const playerIdOf = session.playerId;
      const [first, ...rest] = stakesOfRound(round);
      const back = await seamless.rollback(STUDIO_CALLER, rollbackOf(round.id, first!.n, playerIdOf));
      if (back.ok) {
        for (const stake of rest) await seamless.rollback(STUDIO_CALLER, rollbackOf(round.id, stake.n, playerIdOf));
        await moveRound(round, 'new', 'void');
      } else if (back.code === 'round_settled') {
        // Its first win landed, so every stake had: the round was decided and is paid on.
        if (round.finished) await payWins(round, playerIdOf, open);
        else ctx.logger.error({ round: round.id }, 'studio round settled before it finished');
      } else ctx.logger.error({ round: round.id, code: back.code }, 'studio rollback refused');
    }
    return stale.length;
  }

  return {
    /**
     * Opens a session for a launch and returns its token (shown once, stored hashed). Its
     * currency is the player's wallet currency whatever the page's locale; free play
     * without a player counts its pretend money in the locale's.
     */
    async launch(input: LaunchInput): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      const currency = (input.playerId === null ? undefined : await walletCurrency(db, input.playerId)) ?? currencyOf(input.locale);
      await db.insert(gameSessions).values({
        tokenHash: hashToken(token),
        playerId: input.mode === 'real' ? input.playerId : null,
        gameId: input.gameId,
        mode: input.mode,
        currency,
        locale: input.locale,
        funBalance: input.mode === 'fun' ? FUN_BALANCE_CENTS : null,
        ipAddress: input.ip,
        createdAt: now(),
        expiresAt: now(SESSION_HOURS * HOUR_MS),
      });
      // Now and then, forget free-play sessions that ended a day ago; real ones stay with their rounds for the record.
      if (Math.random() < 0.01) await db.delete(gameSessions).where(and(eq(gameSessions.mode, 'fun'), lt(gameSessions.expiresAt, now(-24 * HOUR_MS))));
      return token;
    },

    /** What the game page needs to start: the game, the mode, the balance and any round left open. */
    async session(token: string, created?: boolean): Promise<StudioSessionReply> {
      const open = await openSession(token);
      const { session, game } = open;
      if (session.mode === 'real' && session.playerId !== null) await recoverRounds(session.playerId);
      else if ((session.funBalance ?? 0) < STAKE_LIMITS.min) {
        // Free play never ends: an empty pretend balance is refilled when the game is opened again.
        await db.update(gameSessions).set({ funBalance: FUN_BALANCE_CENTS }).where(eq(gameSessions.id, session.id));
      }
      // The player's hand of this game, whichever launch dealt it (in free play, this session's).
      const [unfinished] = await db
        .select()
        .from(gameRounds)
        .where(and(unfinishedHands(session, game.id), eq(gameRounds.status, 'open')))
        .orderBy(desc(gameRounds.id))
        .limit(1);
      // The table's rules with their defaults filled in, so the page can state them.
      const { engine, config: parsed } = engineFor(game);
      const { theme, ...config } = parsed as { theme?: string };
      return {
        status: 1,
        ...(created ? { session: token } : {}),
        game: {
          name: game.name,
          slug: game.slug,
          engine: game.engine,
          config,
          provider: game.providerName,
          theme: theme ?? 'emerald',
          rtp: rtpOf(game, engine, parsed),
        },
        mode: session.mode,
        currency: session.currency,
        locale: session.locale,
        balance: toAmount(await balanceOf(session)),
        limits: { min: toAmount(STAKE_LIMITS.min), max: toAmount(STAKE_LIMITS.max), default: toAmount(STAKE_LIMITS.default) },
        openRound: unfinished ? toRound(unfinished) : null,
        abandonedHandHours: isReal(session) ? ctx.config.abandonedHandHours : null,
        realityCheck: await realityInfo(session),
      };
    },

    /** The reality check of a launch; `answer` records the player's "continue", so play goes on for another interval. */
    async realityCheck(token: string, answer: boolean): Promise<{ status: 1; reality: RealityCheckInfo | null }> {
      const open = await openSession(token);
      if (answer && isReal(open.session)) await answerRealityCheck(db, open.session.playerId, ctx.clock.now());
      return { status: 1, reality: await realityInfo(open.session) };
    },

    /** Starts a round (or answers the repeat of one already started with this id). */
    async start(token: string, input: { roundId: string; stake: number; choice: unknown }): Promise<StudioRoundReply> {
      const open = await openSession(token);
      // The game waits while a reality check is unanswered: no new round until the player says to continue.
      if (isReal(open.session)) {
        const check = await realityCheckOf(db, open.session.playerId, ctx.clock.now());
        if (check?.due) {
          const reality = await realityInfo(open.session);
          throw new StudioError('reality_check_due', 200, toAmount(await balanceOf(open.session)), reality ? { reality } : undefined);
        }
      }
      const stake = toCents(input.stake);
      if (stake === undefined || stake < STAKE_LIMITS.min || stake > STAKE_LIMITS.max) throw new StudioError('stake_out_of_range');
      const { engine, config } = engineFor(open.game);
      const choice = engine.choice.safeParse(input.choice);
      if (!choice.success) throw new StudioError(choiceRefusal(engine.id, choice.error));
      if (engine.stakeOf) {
        let placed: number;
        try {
          placed = engine.stakeOf(choice.data, config);
        } catch (error) {
          if (error instanceof EngineError) throw new StudioError(error.code);
          throw error;
        }
        // The page names the stake it shows the player; chips that add up to another sum are a page out of step.
        if (placed !== stake) throw new StudioError('stake_mismatch');
      }
      // Only a game of several moves can have a round in play; one hand at a time, the repeat of its own start answered.
      // This look is the cheap way out of the common case; the unique indexes decide the races.
      if (engine.act) {
        const existing = await findRound(open.session.id, input.roundId);
        if (existing) return roundReply(open, await settle(open, existing));
        const [busy] = await db.select().from(gameRounds).where(unfinishedHands(open.session, open.game.id)).limit(1);
        // A twin of this very start may have dealt it since the look above.
        if (busy && busy.sessionId === open.session.id && busy.roundKey === input.roundId) return roundReply(open, await settle(open, busy));
        if (busy) throw new StudioError('round_in_progress', 409);
      }
      let inserted: RoundRow | undefined;
      let anotherHand = false;
      try {
        // The nonce is taken and the round stored in one transaction: a rotation of the
        // seeds waits for it, and a repeated round id spends no nonce.
        inserted = await db.transaction(async (tx) => {
          const { seed, nonce } = await takeNonce(tx, seedOwnerOf(open.session));
          const seeds = { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce };
          let step: RoundStep<unknown, unknown>;
          try {
            step = engine.start(roundRng(seeds), choice.data, config);
          } catch (error) {
            // A choice this table does not offer (a bonus buy on a slot without one): refused, and the nonce not spent.
            if (error instanceof EngineError) throw new StudioError(error.code);
            throw error;
          }
          // A side bet placed with the deal is a stake of its own, numbered after the first.
          const stakes = stakesOf(step).map((bp, n) => ({ n, amount: n === 0 ? stake : amountOf(stake, bp), win: 0 }));
          if (stakes.some((s) => s.amount < 1)) throw new StudioError('stake_out_of_range');
          const [row] = await tx
            .insert(gameRounds)
            .values({
              sessionId: open.session.id,
              playerId: open.session.playerId,
              gameId: open.game.id,
              roundKey: input.roundId,
              ...decided(stakes, step),
              stakeSeq: stakes.length - 1,
              status: 'new',
              seedId: seed.id,
              nonce,
              outcome: outcomeOf(engine.id, config as Record<string, unknown>, seeds, (choice.data as { buy?: unknown } | null)?.buy === true),
              createdAt: now(),
              updatedAt: now(),
            })
            // Only the same round id is a repeat; an open hand of the player's (one-hand
            // indexes) must not be swallowed with it, so it fails the insert instead.
            .onConflictDoNothing({ target: [gameRounds.sessionId, gameRounds.roundKey] })
            .returning();
          if (!row) throw new RepeatedRound();
          return row;
        });
      } catch (error) {
        if (error instanceof RepeatedRound) inserted = undefined;
        else if (!isUniqueViolation(error)) throw error;
        else anotherHand = true;
      }
      // A twin request with the same id won the insert: answer with its round. A twin
      // can also meet the one-hand index first (PostgreSQL checks it before the id's),
      // so even then the id is looked for before the start is refused.
      if (inserted) metrics.gameRounds.inc({ engine: engine.id, mode: isReal(open.session) ? 'real' : 'fun' });
      const round = inserted ?? (await findRound(open.session.id, input.roundId));
      if (!round) throw anotherHand ? new StudioError('round_in_progress', 409) : new StudioError('round_not_found', 404);
      return roundReply(open, await settle(open, round));
    },

    /** Plays a move of an open round; a move for a step already played answers with the round as it is. */
    async act(token: string, input: { roundId: string; step: number; action: unknown }): Promise<StudioRoundReply> {
      const open = await openSession(token);
      const found = await findHand(open, input.roundId);
      if (!found) throw new StudioError('round_not_found', 404);
      const settled = await settle(open, found);
      const round = settled.round;
      if (round.status !== 'open' || round.step !== input.step) return roundReply(open, settled);
      const { engine, config } = engineFor(open.game);
      if (!engine.act || !engine.action) throw new StudioError('round_over');
      const action = engine.action.safeParse(input.action);
      if (!action.success) throw new StudioError('invalid_choice');
      const act = engine.act;
      const asked = <T>(play: () => T): T => {
        try {
          return play();
        } catch (error) {
          if (error instanceof EngineError) throw new StudioError(error.code);
          throw error;
        }
      };
      const extra = asked(() => engine.stakeFor?.(round.state, action.data, config) ?? 0);
      if (extra === 0) {
        const step = asked(() => act(noDraws, round.state, action.data, config));
        // Lost to a twin of this move (or to the sweep): the round as it now stands answers.
        return roundReply(open, await settle(open, await advance(round, step)));
      }
      const amount = amountOf(stakesOfRound(round)[0]!.amount, extra);
      if (amount < 1) throw new StudioError('stake_out_of_range');
      if (!isReal(open.session)) return roundReply(open, { round: await actFun(open, round, action.data, amount) });
      const claimed = await claimMove(round, action.data, amount);
      const pending = claimed.pending;
      // The round moved on, or another move waits for its stake: that one is played, and the round answers as it then stands.
      if (!pending || pending.step !== round.step || JSON.stringify(pending.action) !== JSON.stringify(action.data)) {
        return roundReply(open, await settle(open, claimed));
      }
      const played = await completeMove(open, claimed, pending);
      // The hand stays as it was, and the page says why.
      if (played.refused === 'insufficient_funds')
        throw new StudioError('insufficient_funds', 200, toAmount(played.balance ?? (await balanceOf(open.session))));
      return roundReply(open, played);
    },

    /** The seeds the session's rounds are drawn from and its player's (or, in free play, its own) latest rounds. */
    async fairness(token: string): Promise<FairnessReply> {
      const { session } = await openSession(token);
      return fairnessOf(db, seedOwnerOf(session));
    },

    /** Reveals the server seed in use and starts a new pair (with the client seed the player chose). */
    async rotateSeed(token: string, clientSeed?: string): Promise<RotateSeedReply> {
      const { session } = await openSession(token);
      const rotated = await rotateSeed(db, seedOwnerOf(session), now(), clientSeed);
      if (!rotated.ok) throw new StudioError(rotated.code, rotated.code === 'round_in_progress' ? 409 : 400);
      return { status: 1, revealed: shownSeed(rotated.revealed), active: shownSeed(rotated.active) };
    },

    /** Who plays a launch, for games the studio does not deal (the crash schedule): the player in real play, else null. */
    async launchOf(
      token: string,
    ): Promise<{ playerId: number | null; mode: GameMode; currency: string; balance: number; game: { name: string; slug: string; engine: string } }> {
      const { session, game } = await openSession(token);
      return {
        playerId: isReal(session) ? session.playerId : null,
        mode: session.mode,
        currency: session.currency,
        balance: toAmount(await balanceOf(session)),
        game: { name: game.name, slug: game.slug, engine: game.engine },
      };
    },

    /** Ends every game session of a player (logout, password change). */
    async revokeSessions(playerId: number): Promise<void> {
      const at = now();
      await db
        .update(gameSessions)
        .set({ expiresAt: at })
        .where(and(eq(gameSessions.playerId, playerId), gt(gameSessions.expiresAt, at)));
    },

    recoverRounds,
  };
}

export type Studio = ReturnType<typeof createStudio>;

const studios = new WeakMap<ServerContext, Studio>();

/** The studio of a running server: one per context, so its statements are prepared once. */
export function studioOf(ctx: ServerContext): Studio {
  let studio = studios.get(ctx);
  if (!studio) {
    studio = createStudio(ctx);
    studios.set(ctx, studio);
  }
  return studio;
}

/** How often a running server looks for rounds left halfway. */
export const RECOVERY_INTERVAL_MS = 60_000;

/**
 * Finishes abandoned real-money rounds in the background, so a decided win is paid even
 * when the player never opens a game again: every `everyMs` in one process of the cluster
 * (the `round-recovery` lease; every money step is idempotent besides). Returns a stop
 * function that waits for a sweep in progress.
 */
export function startRoundRecovery(ctx: ServerContext, everyMs = RECOVERY_INTERVAL_MS): () => Promise<void> {
  const studio = studioOf(ctx);
  return runOncePerCluster(ctx, 'round-recovery', everyMs, () => studio.recoverRounds());
}
