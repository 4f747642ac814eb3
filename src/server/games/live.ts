// The live tables: live roulette (European, the roulette engine's bets and payouts) and
// live baccarat (the baccarat engine's tableau and payouts), each a schedule of shared
// rounds that every connected player watches: betting (with a countdown), no more bets,
// the result, payouts, the next round.
//
// Fair: each round's server seed is drawn when it opens and only its SHA-256 is shown
// until the result, which reveals it; the outcome is the fair draw of src/shared/live.ts.
// One process at a time runs each table's schedule (src/server/games/schedule.ts);
// every step is a conditional update of the round's phase, so two runners never do one
// twice. Any process takes bets, written on the condition that betting is still open,
// and money moves through the wallet under keys made of the round and the player
// (`live:<round>:<player>:<bet>:bet|win`), so a retry, a race or a takeover pays nothing twice.
import { metrics } from '../metrics.ts';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { fairOutcome, fairRng } from '../../shared/fairness.ts';
import { BACCARAT_BETS, type BaccaratBet } from '../../shared/game-views.ts';
import { ROULETTE_LIMITS, STAKE_LIMITS } from '../../shared/game-tables.ts';
import {
  LIVE_FAIR_GAME,
  LIVE_TABLES,
  LIVE_TIMING,
  type LiveBetView,
  type LiveChoice,
  type LiveHistoryEntry,
  type LiveOutcome,
  type LiveRoundView,
  type LiveTableId,
  type LiveTiming,
} from '../../shared/live.ts';
import { toAmount } from '../../shared/money.ts';
import { dateOf } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import { rows } from '../db/client.ts';
import { liveBets, liveRounds } from '../db/schema/index.ts';
import { walletOf } from '../wallet/index.ts';
import { BACCARAT_RTP, playBaccaratFrom } from './engines/baccarat.ts';
import { roulette, rouletteBetWin } from './engines/roulette.ts';
import { EngineError, ONE_X } from './engines/types.ts';
import { onePerContext, stakeOn, startScheduleRunners, stepRound, takeLease } from './schedule.ts';
import { barredBy, StudioError } from './studio.ts';

/** The catalogue game of each table: its name and provider go on the bet list. */
export const LIVE_GAMES: Record<LiveTableId, { externalGameId: string; name: string; provider: string }> = {
  'live-roulette': { externalGameId: 'golden-tables:live-roulette', name: 'Live Roulette', provider: 'Golden Tables' },
  'live-baccarat': { externalGameId: 'golden-tables:live-baccarat', name: 'Live Baccarat', provider: 'Golden Tables' },
};

/** Each table's return to player: every roulette layout returns 36/37; baccarat per bet (banker, the best, as the table's figure). */
export const LIVE_RTP: Record<LiveTableId, number> = { 'live-roulette': 36 / 37, 'live-baccarat': BACCARAT_RTP.banker };

type RoundRow = typeof liveRounds.$inferSelect;
type BetRow = typeof liveBets.$inferSelect;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

/**
 * The wallet keys of a bet: its round, its player and its row, so a stake the wallet refused
 * (its refusal is remembered under its key) leaves the player free to bet again in the round.
 */
export const liveBetKeys = (round: number, playerId: number, betId: number) => ({
  bet: `live:${round}:${playerId}:${betId}:bet`,
  win: `live:${round}:${playerId}:${betId}:win`,
  rollback: `live:${round}:${playerId}:${betId}:rollback`,
});

/** What a round with `seed` at `table`, number `number`, draws: the fair mapping's roulette number or baccarat coup. */
export function liveOutcomeOf(table: LiveTableId, seed: string, number: number): LiveOutcome {
  const drawn = fairOutcome(LIVE_FAIR_GAME[table], fairRng(hmac, { serverSeed: seed, clientSeed: table, nonce: number }));
  if ('number' in drawn) return { number: drawn.number };
  if (!('cards' in drawn)) throw new Error(`no cards for ${table}`);
  const coup = playBaccaratFrom(drawn.cards, 'banker').view;
  return { cards: drawn.cards, player: coup.player, banker: coup.banker, playerTotal: coup.playerTotal, bankerTotal: coup.bankerTotal, winner: coup.winner };
}

/** A choice checked against its table's rules: the stake it adds up to in cents, or a refusal code. */
export function checkLiveChoice(table: LiveTableId, input: unknown): { choice: LiveChoice; stake: number } {
  if (table === 'live-roulette') {
    const parsed = roulette.choice.safeParse(input);
    if (!parsed.success) throw new StudioError(parsed.error.issues[0]?.message === 'roulette_no_bets' ? 'roulette_no_bets' : 'invalid_choice');
    try {
      return { choice: parsed.data, stake: roulette.stakeOf?.(parsed.data, { limits: ROULETTE_LIMITS, rule: 'standard', wheel: 'european' }) ?? 0 };
    } catch (error) {
      if (error instanceof EngineError) throw new StudioError(error.code);
      throw error;
    }
  }
  const bet = input as { bet?: unknown; amount?: unknown } | null;
  if (!bet || typeof bet !== 'object' || !BACCARAT_BETS.includes(bet.bet as BaccaratBet) || !Number.isInteger(bet.amount))
    throw new StudioError('invalid_choice');
  const amount = bet.amount as number;
  if (amount < STAKE_LIMITS.min || amount > STAKE_LIMITS.max) throw new StudioError('stake_out_of_range');
  return { choice: { bet: bet.bet as BaccaratBet, amount }, stake: amount };
}

/** What a bet returns on a round's outcome, in cents, its stake included. */
export function liveWin(choice: LiveChoice, outcome: LiveOutcome): number {
  if ('bets' in choice) {
    if (!('number' in outcome)) throw new Error('a roulette bet on a baccarat round');
    return choice.bets.reduce((sum, b) => sum + rouletteBetWin(b, outcome.number), 0);
  }
  if (!('cards' in outcome)) throw new Error('a baccarat bet on a roulette round');
  return Math.floor((choice.amount * playBaccaratFrom(outcome.cards, choice.bet).payout) / ONE_X);
}

export interface LiveEvents {
  emit(table: LiveTableId, event: string, data: unknown): void;
}

function createLive(ctx: ServerContext, timing: LiveTiming) {
  const { db } = ctx.database;
  const wallet = walletOf(ctx);
  const now = (offset = 0) => dateOf(ctx.clock, offset);

  async function latestRound(table: LiveTableId): Promise<RoundRow | undefined> {
    const [round] = await db.select().from(liveRounds).where(eq(liveRounds.tableId, table)).orderBy(desc(liveRounds.number)).limit(1);
    return round;
  }

  function view(round: RoundRow): LiveRoundView {
    const at = now();
    const shown = round.phase === 'settled';
    return {
      table: round.tableId as LiveTableId,
      round: round.id,
      number: round.number,
      phase: shown ? 'result' : round.phase === 'betting' && at < round.bettingEndsAt ? 'betting' : 'closed',
      bettingEndsAt: round.bettingEndsAt.toISOString(),
      resultAt: round.resultAt.toISOString(),
      seedHash: round.seedHash,
      seed: shown ? round.seed : null,
      outcome: shown ? (round.outcome as LiveOutcome) : null,
      serverTime: at.toISOString(),
    };
  }

  function betView(bet: BetRow): LiveBetView {
    return { choice: bet.choice as LiveChoice, amount: toAmount(bet.amount), status: bet.status, win: toAmount(bet.win) };
  }

  /** Pays every bet of a round whose result is shown; safe to repeat: the wallet's keys pay once. */
  async function pay(round: RoundRow, events?: LiveEvents): Promise<void> {
    const outcome = round.outcome as LiveOutcome;
    const bets = await db
      .select()
      .from(liveBets)
      .where(and(eq(liveBets.roundId, round.id), inArray(liveBets.status, ['new', 'placed'])));
    for (const bet of bets) {
      const keys = liveBetKeys(round.id, bet.playerId, bet.id);
      if (bet.status === 'new') {
        // The stake of a bet whose process died before it landed is rolled back, so it cannot land later.
        await wallet.rollback({ key: keys.rollback, playerId: bet.playerId, betKey: keys.bet });
        await db.delete(liveBets).where(and(eq(liveBets.id, bet.id), eq(liveBets.status, 'new')));
        continue;
      }
      const win = liveWin(bet.choice as LiveChoice, outcome);
      const paid = await wallet.win({ key: keys.win, playerId: bet.playerId, betKey: keys.bet, amount: win });
      if (!paid.ok && paid.code !== 'round_settled') {
        ctx.logger.error({ round: round.id, player: bet.playerId, code: paid.code }, 'live win refused');
        continue;
      }
      await db.update(liveBets).set({ status: 'settled', win }).where(eq(liveBets.id, bet.id));
    }
    await db.update(liveRounds).set({ paid: true }).where(eq(liveRounds.id, round.id));
    events?.emit(round.tableId as LiveTableId, 'live:paid', { round: round.id });
  }

  /**
   * One step of a table's schedule at the current time: opens a round (its seed drawn and
   * committed), closes betting, shows the result and pays it. Each step is a conditional
   * write, so a second runner stepping at the same moment does nothing. Between steps,
   * answers when the next one is due (schedule.ts).
   */
  async function advance(table: LiveTableId, events?: LiveEvents): Promise<number | undefined> {
    const at = now();
    const round = await latestRound(table);
    if (!round || (round.phase === 'settled' && at.getTime() >= round.resultAt.getTime() + timing.resultMs)) {
      const seed = randomBytes(32).toString('hex');
      const [opened] = await db
        .insert(liveRounds)
        .values({
          tableId: table,
          number: (round?.number ?? 0) + 1,
          seed,
          seedHash: sha256(seed),
          phase: 'betting',
          bettingEndsAt: now(timing.bettingMs),
          resultAt: now(timing.bettingMs + timing.closedMs),
        })
        .onConflictDoNothing()
        .returning();
      if (opened) metrics.gameRounds.inc({ engine: `live-${table}`, mode: 'shared' });
      if (opened) events?.emit(table, 'live:round', view(opened));
      return;
    }
    if (round.phase === 'betting' && at >= round.bettingEndsAt) {
      const closed = await stepRound(ctx, liveRounds, round.id, 'betting', { phase: 'closed' });
      if (closed) events?.emit(table, 'live:closed', view(closed));
      return;
    }
    if (round.phase === 'closed' && at >= round.resultAt) {
      const shown = await stepRound(ctx, liveRounds, round.id, 'closed', { phase: 'settled', outcome: liveOutcomeOf(table, round.seed, round.number) });
      if (shown) {
        events?.emit(table, 'live:result', view(shown));
        await pay(shown, events);
      }
      return;
    }
    // Rounds whose result was shown by a runner that stopped before paying them.
    const unpaid = await db
      .select()
      .from(liveRounds)
      .where(and(eq(liveRounds.tableId, table), eq(liveRounds.phase, 'settled'), eq(liveRounds.paid, false), lte(liveRounds.resultAt, at)))
      .orderBy(asc(liveRounds.id))
      .limit(5);
    for (const r of unpaid) await pay(r, events);
    if (unpaid.length > 0) return;
    // Nothing more is due until bets close, the result shows or the next round opens.
    if (round.phase === 'betting') return round.bettingEndsAt.getTime();
    if (round.phase === 'closed') return round.resultAt.getTime();
    return round.resultAt.getTime() + timing.resultMs;
  }

  return {
    advance,
    pay,

    /** Takes or renews the table's schedule lease for `holder`; true while it holds it. */
    lease: (table: LiveTableId, holder: string) => takeLease(ctx, table, holder, timing.leaseMs),

    /** The round in play at a table as a watcher sees it, the player's bet on it and the last results. */
    async state(table: LiveTableId, playerId: number | null): Promise<{ round: LiveRoundView | null; bet: LiveBetView | null; history: LiveHistoryEntry[] }> {
      const round = await latestRound(table);
      const past = await db
        .select({ round: liveRounds.id, number: liveRounds.number, outcome: liveRounds.outcome, seed: liveRounds.seed })
        .from(liveRounds)
        .where(and(eq(liveRounds.tableId, table), eq(liveRounds.phase, 'settled')))
        .orderBy(desc(liveRounds.number))
        .limit(12);
      const history = past.map((r) => ({ ...r, outcome: r.outcome as LiveOutcome }));
      if (!round) return { round: null, bet: null, history };
      const bet = await stakeOn(ctx, liveBets, round.id, playerId);
      return { round: view(round), bet: bet ? betView(bet) : null, history };
    },

    /**
     * A player's bets on the round taking bets: one layout per player and round, written
     * while betting is open (the condition is in the insert), its stake taken by the wallet
     * under the round's key. Returns the bet and the balance after it.
     */
    async bet(table: LiveTableId, playerId: number, input: unknown): Promise<LiveBetView & { balance: number }> {
      const { choice, stake } = checkLiveChoice(table, input);
      const round = await latestRound(table);
      const at = now();
      if (round?.phase !== 'betting' || at >= round.bettingEndsAt) throw new StudioError('live_betting_closed', 409);
      const [inserted] = await rows<{ id: number }>(
        db,
        sql`insert into live_bets (round_id, player_id, choice, amount, status, created_at)
            select id, ${playerId}, ${JSON.stringify(choice)}::jsonb, ${stake}, 'new', ${at.toISOString()}::timestamptz from live_rounds
            where id = ${round.id} and phase = 'betting' and betting_ends_at > ${at.toISOString()}::timestamptz
            on conflict do nothing returning id`,
      );
      if (!inserted) {
        const mine = await stakeOn(ctx, liveBets, round.id, playerId);
        throw new StudioError(mine ? 'live_already_bet' : 'live_betting_closed', 409);
      }
      const id = Number(inserted.id);
      const game = LIVE_GAMES[table];
      const taken = await wallet.bet({
        key: liveBetKeys(round.id, playerId, id).bet,
        playerId,
        amount: stake,
        gameId: game.externalGameId,
        gameName: game.name,
        roundId: `live-${round.id}`,
        provider: game.provider,
      });
      const balance = taken.balance ? toAmount(taken.balance.real + taken.balance.bonus) : 0;
      if (!taken.ok) {
        await db.delete(liveBets).where(and(eq(liveBets.id, id), eq(liveBets.status, 'new')));
        throw barredBy(taken) ?? new StudioError(taken.code, 200, balance);
      }
      // A bet the wallet took is placed while its round has no result yet; else pay() rolls its stake back.
      const [placed] = await db
        .update(liveBets)
        .set({ status: 'placed' })
        .where(and(eq(liveBets.id, id), eq(liveBets.status, 'new'), sql`exists (select 1 from live_rounds where id = ${round.id} and phase <> 'settled')`))
        .returning();
      if (!placed) throw new StudioError('live_betting_closed', 409);
      return { ...betView(placed), balance };
    },
  };
}

export type Live = ReturnType<typeof createLive>;

/** The live tables of a server context (tests pass shorter timings). */
export const liveOf = onePerContext(createLive, LIVE_TIMING);

/** Runs every live table's schedule in this process whenever it holds that table's lease. Returns a stop function. */
export function startLiveRunners(ctx: ServerContext, events: LiveEvents, timing: LiveTiming = LIVE_TIMING): () => Promise<void> {
  const live = liveOf(ctx, timing);
  return startScheduleRunners(ctx, LIVE_TABLES, timing, (table) => live.advance(table, events));
}
