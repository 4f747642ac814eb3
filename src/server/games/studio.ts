// Our game studio: it opens game sessions, decides rounds with an engine and moves the
// stakes and wins through the wallet (real play) or a session's pretend money (free
// play). A round's outcome is stored before any money moves, and every money step has
// an idempotency key derived from the round, so a repeated request, a crash between
// steps or a retry after a timeout finishes the same round, never a second one.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { currencyOf, toAmount, toCents } from '../../shared/money.ts';
import { STAKE_LIMITS, type StudioRound, type StudioRoundReply, type StudioSessionReply } from '../../shared/schemas/games.ts';
import type { ServerContext } from '../context.ts';
import { type GameMode, gameProviders, gameRounds, gameSessions, games } from '../db/schema/index.ts';
import { readBalance, walletOf } from '../wallet/index.ts';
import { engineOf } from './engines/index.ts';
import { EngineError, ONE_X, type Rng, type RoundStep } from './engines/types.ts';

/** How long a launch link plays. */
export const SESSION_HOURS = 12;
/** Free play's starting (and refilled) pretend balance. */
export const FUN_BALANCE_CENTS = 100_000;
/** A round whose stake the wallet never confirmed is voided after this long (its stake, if it landed, is returned). */
export const STALE_ROUND_MS = 60_000;

const cryptoRng: Rng = { int: (n) => randomInt(n) };

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
  constructor(code: string, httpStatus: 200 | 400 | 401 | 404 | 409 = 400, balance?: number) {
    super(code);
    this.code = code;
    this.httpStatus = httpStatus;
    this.balance = balance;
  }
}

type SessionRow = typeof gameSessions.$inferSelect;
type RoundRow = typeof gameRounds.$inferSelect;
type GameRow = { id: number; name: string; slug: string; externalGameId: string; engine: string; config: Record<string, unknown>; providerName: string };
interface OpenSession {
  session: SessionRow;
  game: GameRow;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stake and win of a round, in cents, from the engine's payout in basis points. */
export function winOf(stake: number, payout: number): number {
  return Math.floor((stake * payout) / ONE_X);
}

function toRound(r: RoundRow): StudioRound {
  return {
    roundId: r.roundKey,
    step: r.step,
    done: r.finished,
    actions: r.finished ? [] : r.actions,
    view: r.view,
    stake: toAmount(r.stake),
    win: r.finished ? toAmount(r.win) : 0,
  };
}

export interface LaunchInput {
  gameId: number;
  playerId: number | null;
  mode: GameMode;
  locale: string;
  ip: string;
}

function createStudio(ctx: ServerContext) {
  const { db } = ctx.database;
  const wallet = walletOf(ctx);

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
    .where(and(eq(gameSessions.tokenHash, sql.placeholder('hash')), sql`${gameSessions.expiresAt} > now()`))
    .prepare('studio_session_by_token');

  async function selectSession(where: SQL): Promise<OpenSession | undefined> {
    const [row] = await sessionQuery().where(where);
    return row;
  }

  async function openSession(token: string): Promise<OpenSession> {
    const [open] = await sessionByToken.execute({ hash: hashToken(token) });
    if (!open) throw new StudioError('session_expired', 401);
    return open;
  }

  /**
   * Moves a round's money to where its state says it should be; safe to repeat at any
   * point. A finished round goes from `new` to `settled` with no stop between its stake
   * and its win; if that is cut short, a repeat or the recovery sweep finishes it.
   * Answers the round and, when a wallet operation told it, the balance after it (cents).
   */
  async function settle(open: OpenSession, round: RoundRow): Promise<{ round: RoundRow; balance?: number }> {
    const { session, game } = open;
    if (session.mode === 'fun' || session.playerId === null) return { round: await settleFun(session, round) };
    const playerId = session.playerId;
    const betKey = `studio:${round.id}:bet`;
    let current = round;
    let balance: number | undefined;
    if (current.status === 'new') {
      const bet = await wallet.bet({
        key: betKey,
        playerId,
        amount: current.stake,
        gameId: game.externalGameId,
        gameName: game.name,
        roundId: `studio-${current.id}`,
        provider: game.providerName,
      });
      if (bet.balance) balance = bet.balance.real + bet.balance.bonus;
      if (!bet.ok)
        return {
          round: await moveRound(current, 'new', bet.code === 'insufficient_funds' ? 'refused' : 'void'),
          ...(balance === undefined ? {} : { balance }),
        };
      if (!current.finished) return { round: await moveRound(current, 'new', 'open'), ...(balance === undefined ? {} : { balance }) };
    }
    if (current.finished && (current.status === 'new' || current.status === 'done')) {
      const from = current.status;
      const win = await wallet.win({ key: `studio:${current.id}:win`, playerId, betKey, amount: current.win });
      balance = win.balance ? win.balance.real + win.balance.bonus : undefined;
      // round_settled: an earlier attempt paid it and died before saying so.
      if (win.ok || win.code === 'round_settled') current = await moveRound(current, from, 'settled');
      else ctx.logger.error({ round: current.id, code: win.code }, 'studio win refused');
    }
    return balance === undefined ? { round: current } : { round: current, balance };
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
          const [refused] = await tx.update(gameRounds).set({ status: 'refused', updatedAt: new Date() }).where(eq(gameRounds.id, locked.id)).returning();
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
      const [moved] = await tx.update(gameRounds).set({ status, updatedAt: new Date() }).where(eq(gameRounds.id, locked.id)).returning();
      return moved ?? locked;
    });
  }

  /** Moves a round from one status to the next, unless someone else already did. */
  async function moveRound(round: RoundRow, from: RoundRow['status'], to: RoundRow['status']): Promise<RoundRow> {
    const [moved] = await db
      .update(gameRounds)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(gameRounds.id, round.id), eq(gameRounds.status, from)))
      .returning();
    if (moved) return moved;
    const [now] = await db.select().from(gameRounds).where(eq(gameRounds.id, round.id));
    return now ?? round;
  }

  async function roundReply(open: OpenSession, settled: { round: RoundRow; balance?: number }): Promise<StudioRoundReply> {
    const { round } = settled;
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

  function engineFor(game: GameRow) {
    const engine = engineOf(game.engine);
    if (!engine) throw new StudioError('game_not_found', 404);
    const config = engine.config.parse(game.config);
    return { engine, config };
  }

  /**
   * Real-money rounds left halfway by a crash or a lost connection (of one player, or of
   * everyone): paid if decided, voided if the stake never landed. Returns how many it finished.
   */
  async function recoverRounds(playerId?: number, limit = 200): Promise<number> {
    const conditions = [
      inArray(gameRounds.status, ['new', 'done']),
      lt(gameRounds.updatedAt, new Date(Date.now() - STALE_ROUND_MS)),
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
    for (const { round, session } of stale) {
      if (session.playerId === null) continue;
      if (round.status === 'done') {
        const open = await selectSession(eq(gameSessions.id, session.id));
        if (open) await settle(open, round);
        continue;
      }
      // The player never saw this round's outcome: return the stake if it was taken, or stop it landing later.
      const back = await wallet.rollback({ key: `studio:${round.id}:rollback`, playerId: session.playerId, betKey: `studio:${round.id}:bet` });
      if (back.ok) await moveRound(round, 'new', 'void');
      // The stake and the win both landed before the crash: the round is over, the player paid.
      else if (back.code === 'round_settled') await moveRound(round, 'new', 'settled');
    }
    return stale.length;
  }

  return {
    /** Opens a session for a launch and returns its token (shown once, stored hashed). */
    async launch(input: LaunchInput): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await db.insert(gameSessions).values({
        tokenHash: hashToken(token),
        playerId: input.mode === 'real' ? input.playerId : null,
        gameId: input.gameId,
        mode: input.mode,
        currency: currencyOf(input.locale),
        locale: input.locale,
        funBalance: input.mode === 'fun' ? FUN_BALANCE_CENTS : null,
        ipAddress: input.ip,
        expiresAt: new Date(Date.now() + SESSION_HOURS * 3_600_000),
      });
      // Now and then, forget free-play sessions that ended a day ago; real ones stay with their rounds for the record.
      if (Math.random() < 0.01)
        await db.delete(gameSessions).where(and(eq(gameSessions.mode, 'fun'), sql`${gameSessions.expiresAt} < now() - interval '1 day'`));
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
      const [unfinished] = await db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.sessionId, session.id), eq(gameRounds.status, 'open')))
        .orderBy(sql`${gameRounds.id} desc`)
        .limit(1);
      const { theme, ...config } = game.config as { theme?: string };
      return {
        status: 1,
        ...(created ? { session: token } : {}),
        game: { name: game.name, slug: game.slug, engine: game.engine, config, provider: game.providerName, theme: theme ?? 'emerald' },
        mode: session.mode,
        currency: session.currency === 'INR' ? 'INR' : 'EUR',
        locale: session.locale,
        balance: toAmount(await balanceOf(session)),
        limits: { min: toAmount(STAKE_LIMITS.min), max: toAmount(STAKE_LIMITS.max), default: toAmount(STAKE_LIMITS.default) },
        openRound: unfinished ? toRound(unfinished) : null,
      };
    },

    /** Starts a round (or answers the repeat of one already started with this id). */
    async start(token: string, input: { roundId: string; stake: number; choice: unknown }): Promise<StudioRoundReply> {
      const open = await openSession(token);
      const stake = toCents(input.stake);
      if (stake === undefined || stake < STAKE_LIMITS.min || stake > STAKE_LIMITS.max) throw new StudioError('stake_out_of_range');
      const { engine, config } = engineFor(open.game);
      const choice = engine.choice.safeParse(input.choice);
      if (!choice.success) throw new StudioError('invalid_choice');
      // Only a game of several moves can have a round in play; one round at a time, the repeat of its own start answered.
      if (engine.act) {
        const existing = await findRound(open.session.id, input.roundId);
        if (existing) return roundReply(open, await settle(open, existing));
        const busy = await db
          .select({ id: gameRounds.id })
          .from(gameRounds)
          .where(and(eq(gameRounds.sessionId, open.session.id), eq(gameRounds.status, 'open')))
          .limit(1);
        if (busy.length > 0) throw new StudioError('round_in_progress', 409);
      }
      const step: RoundStep<unknown, unknown> = engine.start(cryptoRng, choice.data, config);
      const [inserted] = await db
        .insert(gameRounds)
        .values({
          sessionId: open.session.id,
          playerId: open.session.playerId,
          roundKey: input.roundId,
          stake,
          status: 'new',
          state: step.state ?? null,
          view: step.view ?? null,
          actions: step.done ? [] : step.actions,
          finished: step.done,
          payout: step.done ? step.payout : 0,
          win: step.done ? winOf(stake, step.payout) : 0,
        })
        .onConflictDoNothing()
        .returning();
      // A twin request with the same id won the insert: answer with its round.
      const round = inserted ?? (await findRound(open.session.id, input.roundId));
      if (!round) throw new StudioError('round_not_found', 404);
      return roundReply(open, await settle(open, round));
    },

    /** Plays a move of an open round; a move for a step already played answers with the round as it is. */
    async act(token: string, input: { roundId: string; step: number; action: unknown }): Promise<StudioRoundReply> {
      const open = await openSession(token);
      const found = await findRound(open.session.id, input.roundId);
      if (!found) throw new StudioError('round_not_found', 404);
      const settled = await settle(open, found);
      const round = settled.round;
      if (round.status !== 'open' || round.step !== input.step) return roundReply(open, settled);
      const { engine, config } = engineFor(open.game);
      if (!engine.act || !engine.action) throw new StudioError('round_over');
      const action = engine.action.safeParse(input.action);
      if (!action.success) throw new StudioError('invalid_choice');
      let step: RoundStep<unknown, unknown>;
      try {
        step = engine.act(cryptoRng, round.state, action.data, config);
      } catch (error) {
        if (error instanceof EngineError) throw new StudioError(error.code);
        throw error;
      }
      const [moved] = await db
        .update(gameRounds)
        .set({
          state: step.state ?? null,
          view: step.view ?? null,
          actions: step.done ? [] : step.actions,
          step: round.step + 1,
          finished: step.done,
          payout: step.done ? step.payout : 0,
          win: step.done ? winOf(round.stake, step.payout) : 0,
          status: step.done ? 'done' : 'open',
          updatedAt: new Date(),
        })
        .where(and(eq(gameRounds.id, round.id), eq(gameRounds.step, round.step), eq(gameRounds.status, 'open')))
        .returning();
      // Lost the race to a twin of this move: answer with what it did.
      const current = moved ?? (await findRound(open.session.id, input.roundId)) ?? round;
      return roundReply(open, await settle(open, current));
    },

    /** Ends every game session of a player (logout, password change). */
    async revokeSessions(playerId: number): Promise<void> {
      await db
        .update(gameSessions)
        .set({ expiresAt: new Date() })
        .where(and(eq(gameSessions.playerId, playerId), sql`${gameSessions.expiresAt} > now()`));
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
 * when the player never opens a game again. Safe on several processes at once: every
 * money step is idempotent. Returns a stop function that waits for a sweep in progress.
 */
export function startRoundRecovery(ctx: ServerContext, everyMs = RECOVERY_INTERVAL_MS): () => Promise<void> {
  const studio = studioOf(ctx);
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = studio.recoverRounds().catch((error: unknown) => ctx.logger.error({ err: error }, 'round recovery failed'));
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
