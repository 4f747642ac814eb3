// A schedule that runs in one server process at a time: the crash game, each live table,
// each bingo room, and the background sweeps (bonus expiry, round recovery, the sports
// feed: runOncePerCluster). Every process starts a runner; the one holding the schedule's lease row
// (`schedule_leases`, renewed about every second and LEASE_MS long) moves the schedule
// every tick, and another process takes it over once the lease runs out (at once on a
// clean stop). The schedule's own steps are conditional updates (stepRound), so a runner
// that lost its lease mid-step cannot do a step twice; the lease only keeps the others idle.
import { randomUUID } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ServerContext } from '../context.ts';
import { scheduleLeases } from '../db/schema/index.ts';
import { metrics } from '../metrics.ts';

/** How long after start a process first tries for a schedule's lease. */
const START_DELAY_MS = 2_000;

/**
 * Takes or renews the lease of schedule `name` for `holder`; true while it holds it. The
 * lease's time is the database's (`now()`), never a machine's own clock: processes whose
 * clocks disagree still agree on who holds it and when it runs out.
 */
export async function takeLease(ctx: ServerContext, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const { db } = ctx.database;
  const until = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  // Renewed or taken over: one statement, what a holder does every second.
  const [held] = await db
    .update(scheduleLeases)
    .set({ holder, leaseUntil: until })
    .where(and(eq(scheduleLeases.name, name), or(eq(scheduleLeases.holder, holder), lt(scheduleLeases.leaseUntil, sql`now()`))))
    .returning({ name: scheduleLeases.name });
  if (held) return true;
  // No such row yet (the schedule's first run), or another holder's: of two processes
  // inserting the first row at once, one gets it.
  const [made] = await db.insert(scheduleLeases).values({ name, holder, leaseUntil: until }).onConflictDoNothing().returning({ name: scheduleLeases.name });
  return made !== undefined;
}

/** Gives the lease up, so another process takes the schedule at once rather than when it runs out. */
export async function releaseLease(ctx: ServerContext, name: string, holder: string): Promise<void> {
  await ctx.database.db
    .update(scheduleLeases)
    .set({ leaseUntil: new Date(0) })
    .where(and(eq(scheduleLeases.name, name), eq(scheduleLeases.holder, holder)));
}

export interface ScheduleRunner {
  /** The schedule's lease row. */
  name: string;
  tickMs: number;
  leaseMs: number;
  /**
   * One step of the schedule at the current time, while this process holds the lease. It may
   * answer the time (ctx.clock) of its next step when nothing is due before then: the runner
   * leaves its ticks until that time instead of asking the database every tick (a betting
   * window, a pause); nothing, and it is stepped again at the next tick.
   */
  advance(): Promise<number | undefined>;
}

/**
 * Runs a schedule in this process whenever it holds the lease: renews it about every
 * second and steps the schedule every tick, one step at a time. Returns a stop function
 * that waits for the step in flight and hands the lease over.
 */
export function startScheduleRunner(ctx: ServerContext, runner: ScheduleRunner): () => Promise<void> {
  const holder = randomUUID();
  let leader = false;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let lastLease = 0;
  // The time the schedule said its next step is due; a process that has just taken the lease
  // over knows nothing of what the last holder did, so it steps at once.
  let quietUntil = 0;
  const step = async () => {
    if (Date.now() - lastLease >= Math.min(1000, runner.leaseMs / 3)) {
      lastLease = Date.now();
      const was = leader;
      leader = await takeLease(ctx, runner.name, holder, runner.leaseMs);
      metrics.leaseHeld.set({ schedule: runner.name }, leader ? 1 : 0);
      if (leader !== was) {
        quietUntil = 0;
        ctx.logger.info({ schedule: runner.name, holder, leader }, leader ? 'schedule runs here' : 'schedule runs elsewhere');
      }
    }
    if (leader && ctx.clock.now() >= quietUntil) quietUntil = (await runner.advance()) ?? 0;
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  // The schedule starts a moment after the server, so a start that is stopped at once does not race it.
  const begin = setTimeout(() => {
    timer = setInterval(() => {
      if (stopped) return;
      running = running.then(step).catch((error: unknown) => ctx.logger.error({ err: error, schedule: runner.name }, 'schedule step failed'));
    }, runner.tickMs);
    timer.unref();
  }, START_DELAY_MS);
  begin.unref();
  return async () => {
    stopped = true;
    clearTimeout(begin);
    clearInterval(timer);
    await running;
    if (leader) await releaseLease(ctx, runner.name, holder);
    metrics.leaseHeld.set({ schedule: runner.name }, 0);
  };
}

/** The timings every scheduled game has beside its own: its tick and its lease. */
export interface ScheduleTiming {
  tickMs: number;
  leaseMs: number;
}

/**
 * Runs the schedules `names` (one lease each), `advance(name)` stepping one of them. Returns
 * one stop function for them all.
 */
export function startScheduleRunners<N extends string>(
  ctx: ServerContext,
  names: readonly N[],
  timing: ScheduleTiming,
  advance: (name: N) => Promise<number | undefined>,
): () => Promise<void> {
  const stops = names.map((name) => startScheduleRunner(ctx, { name, tickMs: timing.tickMs, leaseMs: timing.leaseMs, advance: () => advance(name) }));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * Background work that must happen once per cluster, not once per process: `work` runs every
 * `everyMs` in whichever process holds the lease `name` (checked every second, 3 s long, so a
 * dead holder is replaced within about 5 s), the first run as soon as the lease is held.
 */
export function runOncePerCluster(ctx: ServerContext, name: string, everyMs: number, work: () => Promise<unknown>): () => Promise<void> {
  let last = Number.NEGATIVE_INFINITY;
  return startScheduleRunner(ctx, {
    name,
    tickMs: Math.min(1000, everyMs),
    leaseMs: 3000,
    advance: async () => {
      if (Date.now() - last < everyMs) return undefined;
      last = Date.now();
      await work();
      return undefined;
    },
  });
}

/**
 * One scheduled game per server context, made on first use: the routes and the runner
 * share its state. The timing of the first use holds (tests pass shorter timings).
 */
export function onePerContext<G, T>(create: (ctx: ServerContext, timing: T) => G, defaults: T): (ctx: ServerContext, timing?: T) => G {
  const instances = new WeakMap<ServerContext, G>();
  return (ctx, timing = defaults) => {
    let game = instances.get(ctx);
    if (!game) {
      game = create(ctx, timing);
      instances.set(ctx, game);
    }
    return game;
  };
}

/** A table of a schedule's rounds: each round has an id and the phase it is in. */
type RoundTable = PgTable & { id: PgColumn; phase: PgColumn };

/**
 * One step of a schedule: moves round `id` on from phase `from` with `set`, only while it
 * is still in `from`. Answers the round moved, or undefined when another runner took the
 * step first.
 */
export async function stepRound<T extends RoundTable>(
  ctx: ServerContext,
  table: T,
  id: number,
  from: T['$inferSelect']['phase'],
  set: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  // Drizzle cannot name the rows of a table it only knows as a type parameter.
  const moved = (await ctx.database.db
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(table.phase, from)))
    .returning()) as T['$inferSelect'][];
  return moved[0];
}

/** A table of the stakes on a schedule's rounds (bets, ticket purchases): one a player and round. */
type StakeTable = PgTable & { roundId: PgColumn; playerId: PgColumn };

/** The stake of `playerId` on round `roundId`; a watcher (null) has none. */
export async function stakeOn<T extends StakeTable>(
  ctx: ServerContext,
  table: T,
  roundId: number,
  playerId: number | null,
): Promise<T['$inferSelect'] | undefined> {
  if (playerId === null) return undefined;
  // As in stepRound: the rows are named by the caller's table, not by Drizzle here.
  const found = (await ctx.database.db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.roundId, roundId), eq(table.playerId, playerId)))) as T['$inferSelect'][];
  return found[0];
}
