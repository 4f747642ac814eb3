// The feed's messages applied to the database. Each message is idempotent: a fixture
// seen before adds nothing, a price already held changes nothing, and a result already
// stored is settled again only to finish payments a crash may have interrupted.
//
// A poll brings hundreds of messages at once (after a start, the whole look-back of the
// season). Messages about different events do not depend on each other, so they are
// applied in rounds: round n holds the n-th message of every event, each event at most
// once, and each kind of message in a round is one statement for all its events. An
// event's own messages keep their order, and a run of suspensions of one event counts
// only for its last (each one sets the same rows, to open or to suspended).
import { type SQL, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { read, transact } from '../wallet/connection.ts';
import type { SportsOddsPush } from '../../shared/sports.ts';
import type { FeedFixture, FeedMessage } from './feed/types.ts';
import { settleEventBets } from './payments.ts';
import { selectionResult } from './settlement.ts';

/** What changed, for the sockets of the sports pages. */
export interface SportsUpdate {
  /** Selections whose price or availability changed: [id, odds in hundredths, suspended]. */
  odds: [number, number, boolean][];
  /** Events whose state changed. */
  events: { id: number; status: string; home: number; away: number; elapsed: number }[];
}

export const emptyUpdate = (): SportsUpdate => ({ odds: [], events: [] });

/**
 * An update as the sports pages' sockets receive it: decimal odds (2.15), as every call
 * answers them. The database keeps hundredths; sending those made a 2.15 read as 215.00.
 */
export function oddsPush(update: SportsUpdate): SportsOddsPush {
  return {
    odds: update.odds.map(([id, odds, suspended]) => [id, odds / 100, suspended]),
    events: update.events.map((e) => ({ ...e, status: e.status as SportsOddsPush['events'][number]['status'] })),
  };
}

type Of<T extends FeedMessage['type']> = Extract<FeedMessage, { type: T }>;

const list = (values: SQL[]) => sql.join(values, sql`, `);
const iso = (ms: number) => new Date(ms).toISOString();

/** Fixtures in one statement a chunk: competitions, then new events, their markets and selections. */
async function ingestFixtures(db: Db, fixtures: FeedFixture[], clockNow: number): Promise<void> {
  // A statement's parameters are limited (65,535); a chunk of fixtures stays well below.
  for (let i = 0; i < fixtures.length; i += 100) {
    const chunk = fixtures.slice(i, i + 100);
    const competitions = new Map(chunk.map((f) => [f.competition.id, f]));
    await read(
      db,
      sql`with c as (
            insert into sport_competitions (external_id, sport, region, name, top)
            values ${list([...competitions.values()].map((f) => sql`(${f.competition.id}, ${f.sport}, ${f.competition.region}, ${f.competition.name}, ${f.competition.top ? 1 : 0}::int)`))}
            on conflict (external_id) do update set name = excluded.name, region = excluded.region, top = excluded.top
            returning id, external_id),
          e as (
            insert into sport_events (external_id, competition_id, kind, home, away, starts_at, status, updated_at)
            select v.id, c.id, v.kind, v.home, v.away, v.starts_at, 'scheduled', ${iso(clockNow)}::timestamptz
            from (values ${list(chunk.map((f) => sql`(${f.id}, ${f.competition.id}, ${f.kind}, ${f.home}, ${f.away}, ${iso(f.startsAt)}::timestamptz)`))})
              as v(id, competition, kind, home, away, starts_at)
            join c on c.external_id = v.competition
            on conflict (external_id) do nothing returning id, external_id),
          m as (
            insert into sport_markets (event_id, type, line)
            select e.id, v.type, v.line from e
            join (values ${list(chunk.flatMap((f) => f.markets.map((m) => sql`(${f.id}, ${m.type}, ${m.line}::int)`)))}) as v(event, type, line)
              on v.event = e.external_id
            returning id, event_id, type, line)
          insert into sport_selections (market_id, code, odds)
          select m.id, v.code, v.odds from m join e on e.id = m.event_id
          join (values ${list(chunk.flatMap((f) => f.markets.flatMap((m) => m.selections.map((s) => sql`(${f.id}, ${m.type}, ${m.line}::int, ${s.code}, ${s.odds}::int)`))))})
            as v(event, type, line, code, odds)
            on v.event = e.external_id and v.type = m.type and v.line = m.line`,
    );
  }
}

async function ingestOdds(db: Db, messages: Of<'odds'>[], update: SportsUpdate): Promise<void> {
  const values = messages.flatMap((o) =>
    o.markets.flatMap((m) => m.selections.map((s) => sql`(${o.eventId}, ${m.type}, ${m.line}::int, ${s.code}, ${s.odds}::int)`)),
  );
  if (values.length === 0) return;
  const changed = await read<{ id: number; odds: number; status: string; market_status: string }>(
    db,
    sql`update sport_selections s set odds = v.odds, updated_at = now()
        from (values ${list(values)}) as v(event, type, line, code, odds), sport_markets m, sport_events e
        where e.external_id = v.event and m.event_id = e.id and m.type = v.type and m.line = v.line
          and s.market_id = m.id and s.code = v.code and s.odds <> v.odds and s.result is null
        returning s.id, s.odds, s.status, m.status as market_status`,
  );
  for (const c of changed) update.odds.push([Number(c.id), Number(c.odds), c.status !== 'active' || c.market_status !== 'open']);
}

async function ingestSuspensions(db: Db, messages: Of<'suspension'>[], update: SportsUpdate): Promise<void> {
  const changed = await read<{ id: number; odds: number; suspended: boolean }>(
    db,
    sql`with v as (select * from (values ${list(messages.map((m) => sql`(${m.eventId}, ${m.suspended}::boolean)`))}) as v(event, suspended)),
        e as (
          update sport_events e set status = case when v.suspended then 'suspended' else 'live' end, updated_at = now()
          from v where e.external_id = v.event and e.status in ('live', 'suspended') returning e.id, v.suspended),
        m as (
          update sport_markets m set status = case when e.suspended then 'suspended' else 'open' end
          from e where m.event_id = e.id and m.status <> 'settled' returning m.id, e.suspended)
        select s.id, s.odds, m.suspended from sport_selections s join m on s.market_id = m.id`,
  );
  for (const c of changed) update.odds.push([Number(c.id), Number(c.odds), Boolean(c.suspended)]);
}

async function ingestStatuses(db: Db, messages: Of<'status'>[], update: SportsUpdate): Promise<void> {
  const changed = await read<{ id: number; status: string; home: number; away: number; elapsed: number }>(
    db,
    sql`update sport_events e set status = case when e.status = 'suspended' then 'suspended' else v.status end,
               score_home = v.home, score_away = v.away, elapsed = v.elapsed, updated_at = now()
        from (values ${list(messages.map((m) => sql`(${m.eventId}, ${m.status}, ${m.home}::int, ${m.away}::int, ${m.elapsed}::int)`))})
          as v(event, status, home, away, elapsed)
        where e.external_id = v.event and e.status not in ('finished', 'cancelled')
        returning e.id, e.status, v.home, v.away, v.elapsed`,
  );
  for (const e of changed) update.events.push({ id: Number(e.id), status: e.status, home: Number(e.home), away: Number(e.away), elapsed: Number(e.elapsed) });
}

/**
 * Stores results (or corrections with a higher version) in one transaction, the events
 * locked in the order of their ids (so two processes storing the same results cannot
 * deadlock), then settles every bet on those events.
 */
async function ingestResults(ctx: ServerContext, messages: Of<'result'>[], update: SportsUpdate): Promise<void> {
  const { db } = ctx.database;
  const byExternal = new Map(messages.map((m) => [m.eventId, m]));
  const eventIds = await transact(db, async (tx) => {
    const events = await tx.query<{ id: number; external_id: string; result_version: number }>(
      sql`select id, external_id, result_version from sport_events where external_id in (${list(messages.map((m) => sql`${m.eventId}`))})
          order by id for update`,
    );
    const fresh = events.filter((e) => Number(e.result_version) < (byExternal.get(e.external_id) as Of<'result'>).version);
    if (fresh.length > 0) {
      const outcomes = fresh.map((e) => {
        const m = byExternal.get(e.external_id) as Of<'result'>;
        return { id: Number(e.id), m, status: m.outcome.cancelled ? 'cancelled' : 'finished' };
      });
      await tx.query(
        sql`update sport_events e set status = v.status, score_home = v.home, score_away = v.away, result_version = v.version, updated_at = now()
            from (values ${list(outcomes.map((o) => sql`(${o.id}::int, ${o.status}, ${o.m.outcome.home}::int, ${o.m.outcome.away}::int, ${o.m.version}::int)`))})
              as v(id, status, home, away, version)
            where e.id = v.id`,
      );
      const ids = list(outcomes.map((o) => sql`${o.id}::int`));
      const selections = await tx.query<{ id: number; code: string; type: string; line: number; event_id: number }>(
        sql`select s.id, s.code, mk.type, mk.line, mk.event_id from sport_selections s join sport_markets mk on mk.id = s.market_id where mk.event_id in (${ids})`,
      );
      if (selections.length > 0) {
        const outcomeOf = new Map(outcomes.map((o) => [o.id, o.m.outcome]));
        const values = selections.map((s) => {
          const r = selectionResult(s.type as never, Number(s.line), s.code, outcomeOf.get(Number(s.event_id)) as Of<'result'>['outcome']);
          return sql`(${s.id}::int, ${r.result}, ${r.deadHeat}::int)`;
        });
        await tx.query(
          sql`update sport_selections s set result = v.result, dead_heat = v.dead_heat, status = 'suspended', updated_at = now()
              from (values ${list(values)}) as v(id, result, dead_heat) where s.id = v.id`,
        );
        await tx.query(sql`update sport_markets set status = 'settled' where event_id in (${ids})`);
      }
      for (const o of outcomes) update.events.push({ id: o.id, status: o.status, home: o.m.outcome.home, away: o.m.outcome.away, elapsed: 0 });
    }
    return events.map((e) => Number(e.id));
  });
  await settleEventBets(ctx, eventIds);
}

/** An event's messages in order, a run of its suspensions kept only for the last. */
function byEvent(messages: readonly FeedMessage[]): FeedMessage[][] {
  const events = new Map<string, FeedMessage[]>();
  for (const m of messages) {
    const id = m.type === 'fixture' ? m.fixture.id : m.eventId;
    const own = events.get(id) ?? [];
    if (m.type === 'suspension' && own.at(-1)?.type === 'suspension') own[own.length - 1] = m;
    else own.push(m);
    events.set(id, own);
  }
  return [...events.values()];
}

/** Applies feed messages, each event's in order; returns what the sports pages should be told. */
export async function ingest(ctx: ServerContext, messages: readonly FeedMessage[]): Promise<SportsUpdate> {
  const { db } = ctx.database;
  const update = emptyUpdate();
  const events = byEvent(messages);
  for (let round = 0; ; round++) {
    const now = events.map((own) => own[round]).filter((m) => m !== undefined);
    if (now.length === 0) break;
    const of = <T extends FeedMessage['type']>(type: T) => now.filter((m): m is Of<T> => m.type === type);
    const fixtures = of('fixture').map((m) => m.fixture);
    if (fixtures.length > 0) await ingestFixtures(db, fixtures, ctx.clock.now());
    const statuses = of('status');
    if (statuses.length > 0) await ingestStatuses(db, statuses, update);
    const suspensions = of('suspension');
    if (suspensions.length > 0) await ingestSuspensions(db, suspensions, update);
    const odds = of('odds');
    if (odds.length > 0) await ingestOdds(db, odds, update);
    const results = of('result');
    if (results.length > 0) await ingestResults(ctx, results, update);
  }
  return update;
}
