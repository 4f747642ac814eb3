// Placing, listing and cashing out bets, and the events the pages show. Prices and
// availability are checked here, at the moment of placement, never taken from the
// client; the stake is a wallet bet under the bet's key, so a slip placed twice (a
// second tab, a retry after a lost reply) takes each stake once.
import { metrics } from '../metrics.ts';
import { sql } from 'drizzle-orm';
import { toAmount } from '../../shared/money.ts';
import { EVENTS_PAGE, type OddsPreference, type Sport } from '../../shared/schemas/sports.ts';
import type { FreeBet, MarketType, PlacedBet, PlacedRefusal, SportBet, SportCompetition, SportEvent, SportEventsReply } from '../../shared/sports.ts';
import type { ServerContext } from '../context.ts';
import { protectionRefusal } from '../protection/reply.ts';
import type { ProtectionDetail } from '../wallet/types.ts';
import { read } from '../wallet/connection.ts';
import { type WalletBalance, walletOf } from '../wallet/index.ts';
import { syncPayments } from './payments.ts';
import { combinedOdds, potentialReturn } from './settlement.ts';

/** The share of a fair cash-out value the book keeps (5 %). */
export const CASH_OUT_MARGIN = 0.05;

export interface SlipBet {
  selections: { id: number; odds: number }[];
  /** Cents; a free bet's stake is its own amount whatever this says. */
  stake: number;
  /** The player's free bet that stakes this bet (SPORTS20), instead of their money. */
  freeBet?: number | undefined;
}

/** A free bet as placement checks it. */
interface FreeBetRow {
  id: number;
  amount: number;
  min_odds: number;
  usable: boolean;
}

/** The player's free bets among `ids`, whether each may stake a bet now. */
async function freeBetsById(ctx: ServerContext, playerId: number, ids: readonly number[]): Promise<Map<number, FreeBetRow>> {
  if (ids.length === 0) return new Map();
  const rows = await read<FreeBetRow>(
    ctx.database.db,
    sql`select id, amount, min_odds, (status = 'available' and (expires_at is null or expires_at > ${new Date(ctx.clock.now()).toISOString()}::timestamptz)) as usable
        from sport_free_bets where player_id = ${playerId} and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), amount: Number(r.amount), min_odds: Number(r.min_odds), usable: Boolean(r.usable) }]));
}

/** What a bet pays if it wins: its potential return, less the stake when a free bet staked it (the stake is not returned). */
const winReturn = (stake: number, odds: readonly number[], free: boolean) => Math.max(0, potentialReturn(stake, odds) - (free ? stake : 0));

export interface Slip {
  slipId: string;
  accept: OddsPreference;
  bets: SlipBet[];
}

interface SelectionRow {
  id: number;
  odds: number;
  status: string;
  result: string | null;
  market_status: string;
  market_type: MarketType;
  line: number;
  event_id: number;
  event_status: string;
  starts_at: Date | string;
  home: string;
  away: string;
  code: string;
}

async function selectionsById(ctx: ServerContext, ids: readonly number[]): Promise<Map<number, SelectionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await read<SelectionRow>(
    ctx.database.db,
    sql`select s.id, s.odds, s.status, s.result, s.code, m.status as market_status, m.type as market_type, m.line,
               e.id as event_id, e.status as event_status, e.starts_at, e.home, e.away
        from sport_selections s join sport_markets m on m.id = s.market_id join sport_events e on e.id = m.event_id
        where s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

type Check = { ok: true; odds: number[] } | { ok: false; message: string; prices?: Record<string, number> };

/** Whether a bet may be placed now, at which odds (a free bet's stake already set to its amount). */
function checkBet(ctx: ServerContext, bet: SlipBet, accept: OddsPreference, found: Map<number, SelectionRow>, limits: Limits, free?: FreeBetRow): Check {
  const now = ctx.clock.now();
  const events = new Set<number>();
  const changed: Record<string, number> = {};
  const odds: number[] = [];
  for (const leg of bet.selections) {
    const s = found.get(leg.id);
    if (!s || s.result !== null || s.event_status === 'finished' || s.event_status === 'cancelled')
      return { ok: false, message: 'sports_selection_unavailable' };
    if (events.has(Number(s.event_id))) return { ok: false, message: 'sports_same_event' };
    events.add(Number(s.event_id));
    if (s.event_status === 'scheduled' && new Date(s.starts_at).getTime() <= now) return { ok: false, message: 'sports_event_started' };
    if (s.status !== 'active' || s.market_status !== 'open' || s.event_status === 'suspended') return { ok: false, message: 'sports_market_suspended' };
    const current = Number(s.odds);
    if (current !== leg.odds && !(accept === 'any' || (accept === 'higher' && current > leg.odds))) changed[String(leg.id)] = current / 100;
    odds.push(current);
  }
  if (Object.keys(changed).length > 0) return { ok: false, message: 'sports_odds_changed', prices: changed };
  if (bet.freeBet !== undefined) {
    if (!free?.usable) return { ok: false, message: 'sports_free_bet_unavailable' };
    if (combinedOdds(odds) < free.min_odds) return { ok: false, message: 'sports_free_bet_min_odds' };
  }
  if (bet.stake < limits.minStake) return { ok: false, message: 'sports_stake_too_small' };
  if (bet.stake > limits.maxStake) return { ok: false, message: 'sports_stake_too_large' };
  if (winReturn(bet.stake, odds, bet.freeBet !== undefined) > limits.maxPayout) return { ok: false, message: 'sports_payout_too_large' };
  return { ok: true, odds };
}

interface Limits {
  minStake: number;
  maxStake: number;
  maxPayout: number;
}

export async function sportsLimits(ctx: ServerContext): Promise<Limits> {
  const s = await ctx.settings.get();
  return { minStake: s.sportsMinStake, maxStake: s.sportsMaxStake, maxPayout: s.sportsMaxPayout };
}

/** The bet list's name of a bet: its match and pick, or how many legs an accumulator has. */
function betName(legs: readonly SelectionRow[], odds: number): string {
  const decimal = (odds / 100).toFixed(2);
  if (legs.length === 1) {
    const s = legs[0] as SelectionRow;
    return `${s.away ? `${s.home} – ${s.away}` : s.home}: ${s.code} @ ${decimal}`;
  }
  // Sorted, so the name (part of the stake's wallet details) is the same whoever finishes the bet.
  return (
    `${legs.length}× ${legs
      .map((s) => s.home)
      .sort()
      .join(', ')}`.slice(0, 180) + ` @ ${decimal}`
  );
}

const betKeyOf = (playerId: number, slipId: string, index: number) => `sports:${playerId}:${slipId}:${index}`;

/** The bet a slip placed before under `key` (a retry, a second tab), if any. */
async function placedBefore(ctx: ServerContext, playerId: number, key: string): Promise<SportBet | undefined> {
  const [row] = await read<{ id: number | string }>(ctx.database.db, sql`select id from sport_bets where bet_key = ${key}`);
  return row ? (await listSportBets(ctx, playerId, { ids: [Number(row.id)] }))[0] : undefined;
}

/** What a refused stake tells the player: the wallet's code, the limit and its reset or the break's end. */
function stakeRefusal(outcome: { code: string } & ProtectionDetail, currency: string): PlacedRefusal {
  // The bet's own claim is its free bet: spent by another slip a moment before.
  if (outcome.code === 'claim_refused') return { status: 0, message: 'sports_free_bet_unavailable' };
  const { limit, until } = protectionRefusal(outcome, currency);
  return { status: 0, message: outcome.code, ...(limit ? { limit } : {}), ...(until ? { until } : {}) };
}

/**
 * Places a slip's bets, each on its own: one refused bet leaves the others placed.
 * Answers the player's balance too when the last stake this call took says it.
 *
 * A bet is one wallet stake under the bet's key: the bet and its legs are written (and a
 * free bet spent) in the stake's own transaction, so a bet exists exactly when its stake
 * was taken, whatever fails when; a slip placed twice takes each stake once, and the
 * second placement answers the bet the first one made.
 */
export async function placeSlip(ctx: ServerContext, playerId: number, slip: Slip): Promise<{ bets: PlacedBet[]; balance?: WalletBalance }> {
  const limits = await sportsLimits(ctx);
  const found = await selectionsById(ctx, [...new Set(slip.bets.flatMap((b) => b.selections.map((s) => s.id)))]);
  const frees = await freeBetsById(ctx, playerId, [...new Set(slip.bets.flatMap((b) => (b.freeBet === undefined ? [] : [b.freeBet])))]);
  const out: PlacedBet[] = [];
  let balance: WalletBalance | undefined;
  for (const [index, given] of slip.bets.entries()) {
    const key = betKeyOf(playerId, slip.slipId, index);
    const free = given.freeBet === undefined ? undefined : frees.get(given.freeBet);
    // A free bet stakes its own amount, whatever the slip typed.
    const bet = free ? { ...given, stake: free.amount } : given;
    const check = checkBet(ctx, bet, slip.accept, found, limits, free);
    if (!check.ok) {
      // A slip placed before (a retry, a second tab) answers its bet, whatever the prices say now.
      const before = await placedBefore(ctx, playerId, key);
      out.push(before ? { status: 1, bet: before } : { status: 0, message: check.message, ...(check.prices ? { prices: check.prices } : {}) });
      continue;
    }
    const legs = bet.selections.map((s) => found.get(s.id) as SelectionRow);
    const kind = legs.length > 1 ? 'accumulator' : 'single';
    const total = combinedOdds(check.odds);
    const returns = winReturn(bet.stake, check.odds, free !== undefined);
    const now = new Date(ctx.clock.now()).toISOString();
    const freeId = free ? free.id : null;
    const outcome = await walletOf(ctx).bet({
      ...(free ? { freeBet: true } : {}),
      key,
      playerId,
      amount: bet.stake,
      provider: 'Sports',
      gameId: 'sports',
      gameName: betName(legs, total),
      roundId: key,
      // Spent under the player's locks, after every other check: of two slips spending one free bet, one gets it.
      ...(free
        ? {
            claim: (id: number) => sql`update sport_free_bets set status = 'used', bet_id = ${id}
                       where id = ${free.id} and player_id = ${playerId} and status = 'available'
                         and (expires_at is null or expires_at > ${now}::timestamptz) returning id`,
          }
        : {}),
      // The bet carries its stake's id, as the wallet's own bet row does.
      also: (id) => [
        sql`insert into sport_bets (id, bet_key, player_id, kind, stake, odds, potential_return, state, created_at, free_bet_id)
            values (${id}, ${key}, ${playerId}, ${kind}, ${bet.stake}, ${total}, ${returns}, 'open', ${now}::timestamptz, ${freeId}::bigint)`,
        sql`insert into sport_bet_legs (bet_id, selection_id, event_id, odds)
            values ${sql.join(
              legs.map((s, i) => sql`(${id}::bigint, ${s.id}::int, ${s.event_id}::int, ${check.odds[i]}::int)`),
              sql`, `,
            )}`,
      ],
    });
    if (!outcome.ok) {
      out.push(stakeRefusal(outcome, outcome.balance?.currency ?? ''));
      continue;
    }
    if (outcome.replayed) {
      // Placed before by this slip: its bet as the bet list shows it, and the balance read again.
      balance = undefined;
      const before = await placedBefore(ctx, playerId, key);
      if (before) out.push({ status: 1, bet: before });
      continue;
    }
    // Just placed by this call: the reply is what the bet list would show, from what was just checked and written.
    metrics.sportsBetsPlaced.inc({ kind });
    balance = outcome.balance;
    const shown: BetRow = {
      id: outcome.operationId,
      kind,
      stake: bet.stake,
      odds: total,
      state: 'open',
      free_bet_id: freeId,
      potential_return: returns,
      paid: 0,
      payments: 0,
      currency: outcome.balance.currency,
      created_at: now,
    };
    const own = legs
      .map((l, i) => ({ ...l, bet_id: outcome.operationId, selection_id: l.id, type: l.market_type, odds: check.odds[i] as number, current: Number(l.odds) }))
      .sort((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime() || a.selection_id - b.selection_id);
    out.push({ status: 1, bet: shapeBet(shown, own) });
  }
  return { bets: out, ...(balance ? { balance } : {}) };
}

interface BetRow {
  id: number | string;
  free_bet_id: number | string | null;
  kind: 'single' | 'accumulator';
  stake: number | string;
  odds: number | string;
  potential_return: number | string;
  state: SportBet['state'];
  paid: number | string;
  payments: number;
  currency: string;
  created_at: string;
}

interface LegRow {
  bet_id: number | string;
  selection_id: number;
  event_id: number;
  home: string;
  away: string;
  type: MarketType;
  line: number;
  code: string;
  odds: number;
  current: number;
  status: string;
  market_status: string;
  event_status: string;
  result: string | null;
}

/** What cashing out an open single pays now: its stake at the accepted odds over today's, less the margin; null when it cannot be. */
function cashOutValue(bet: BetRow, legs: readonly LegRow[]): number | null {
  const leg = legs[0];
  // A free bet is not the player's money to cash out.
  if (bet.state !== 'open' || bet.kind !== 'single' || !leg || Number(bet.payments) > 0 || bet.free_bet_id !== null) return null;
  if (leg.status !== 'active' || leg.market_status !== 'open' || leg.result !== null || !['scheduled', 'live'].includes(leg.event_status)) return null;
  return Math.floor((Number(bet.stake) * Number(leg.odds) * (1 - CASH_OUT_MARGIN)) / Number(leg.current));
}

/** The player's bets, newest first, with their legs. */
export async function listSportBets(
  ctx: ServerContext,
  playerId: number,
  q: { state?: 'open' | 'settled' | 'all'; ids?: readonly number[] } = {},
): Promise<SportBet[]> {
  const { db } = ctx.database;
  const filters = [sql`b.player_id = ${playerId}`, sql`b.state not in ('pending', 'refused')`];
  if (q.state === 'open') filters.push(sql`b.state = 'open'`);
  if (q.state === 'settled') filters.push(sql`b.state in ('won', 'lost', 'void', 'cashed_out')`);
  if (q.ids)
    filters.push(
      sql`b.id in (${sql.join(
        q.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  // The bets and their legs in one query: the newest hundred bets, each leg a row.
  const rows = await read<BetRow & Omit<LegRow, 'odds' | 'status'> & { leg_odds: number; leg_status: string }>(
    db,
    sql`with b as (
          select b.id, b.kind, b.stake, b.odds, b.potential_return, b.state, b.paid, b.payments, b.free_bet_id, p.currency, b.created_at as created,
                 to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
          from sport_bets b join players p on p.id = b.player_id
          where ${sql.join(filters, sql` and `)} order by b.created_at desc, b.id desc limit 100)
        select b.*, l.bet_id, l.selection_id, l.event_id, e.home, e.away, m.type, m.line, s.code, l.odds as leg_odds, s.odds as current,
               s.status as leg_status, m.status as market_status, e.status as event_status, s.result
        from b join sport_bet_legs l on l.bet_id = b.id join sport_selections s on s.id = l.selection_id
        join sport_markets m on m.id = s.market_id join sport_events e on e.id = l.event_id
        order by b.created desc, b.id desc, e.starts_at, l.selection_id`,
  );
  const bets: BetRow[] = [];
  const legsOf = new Map<number, LegRow[]>();
  for (const r of rows) {
    const id = Number(r.id);
    let own = legsOf.get(id);
    if (!own) {
      own = [];
      legsOf.set(id, own);
      bets.push(r);
    }
    own.push({ ...r, odds: r.leg_odds, status: r.leg_status });
  }
  return bets.map((b) => shapeBet(b, legsOf.get(Number(b.id)) ?? []));
}

/** A bet as the player sees it, from its row and its legs' rows. */
function shapeBet(b: BetRow, own: readonly LegRow[]): SportBet {
  const value = cashOutValue(b, own);
  return {
    id: Number(b.id),
    kind: b.kind,
    stake: toAmount(Number(b.stake)),
    odds: Number(b.odds) / 100,
    potential_return: toAmount(Number(b.potential_return)),
    state: b.state,
    paid: toAmount(Number(b.paid)),
    currency: b.currency,
    created_at: b.created_at,
    cash_out: value === null ? null : toAmount(value),
    free_bet: b.free_bet_id !== null,
    legs: own.map((l) => ({
      selection_id: Number(l.selection_id),
      event_id: Number(l.event_id),
      event: l.away ? `${l.home} – ${l.away}` : l.home,
      market: l.type,
      line: Number(l.line) / 100,
      code: l.code,
      odds: Number(l.odds) / 100,
      result: l.result,
    })),
  };
}

/**
 * Cashes out an open single at its value now, only if that is exactly what the player was
 * shown and confirmed (`expected`, cents): a value that changed either way is refused with
 * the new one, so what the player is told was paid is what they agreed to. The bet turns
 * `cashed_out` in one conditional update, so a result settling it at the same moment and
 * the cash-out cannot both own it.
 */
export async function cashOut(
  ctx: ServerContext,
  playerId: number,
  betId: number,
  expected: number,
): Promise<{ ok: true; value: number } | { ok: false; message: string; value?: number }> {
  const [bet] = await listSportBets(ctx, playerId, { ids: [betId] });
  if (!bet) return { ok: false, message: 'sports_bet_not_found' };
  if (bet.cash_out === null) return { ok: false, message: 'sports_cash_out_unavailable' };
  const value = Math.round(bet.cash_out * 100);
  if (value !== expected) return { ok: false, message: 'sports_cash_out_changed', value: bet.cash_out };
  const [taken] = await read<{ id: number }>(
    ctx.database.db,
    sql`update sport_bets set state = 'cashed_out', due = ${value}, settled_at = ${new Date(ctx.clock.now()).toISOString()}::timestamptz
        where id = ${betId} and player_id = ${playerId} and state = 'open' and payments = 0 returning id`,
  );
  if (!taken) return { ok: false, message: 'sports_cash_out_unavailable' };
  metrics.sportsCashOuts.inc();
  await syncPayments(ctx, betId);
  return { ok: true, value: bet.cash_out };
}

/** The player's free bets that may stake a bet now, soonest to expire first. */
export async function listFreeBets(ctx: ServerContext, playerId: number): Promise<FreeBet[]> {
  const rows = await read<{ id: number | string; amount: number | string; currency: string; min_odds: number; expires_at: string | null }>(
    ctx.database.db,
    sql`select id, amount, currency, min_odds, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at
        from sport_free_bets
        where player_id = ${playerId} and status = 'available'
          and (expires_at is null or expires_at > ${new Date(ctx.clock.now()).toISOString()}::timestamptz)
        order by expires_at nulls last, id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    amount: toAmount(Number(r.amount)),
    currency: r.currency,
    min_odds: Number(r.min_odds) / 100,
    expires_at: r.expires_at,
  }));
}

/** Competitions, and events with their markets, for the sports pages. */
export async function listEvents(
  ctx: ServerContext,
  q: { sport?: Sport; competition?: number; tab: 'live' | 'prematch' | 'all'; event?: number; external?: string; offset?: number; limit?: number },
): Promise<Omit<SportEventsReply, 'status' | 'limits'>> {
  const { db } = ctx.database;
  const now = new Date(ctx.clock.now()).toISOString();
  const filters = [sql`e.status in ('scheduled', 'live', 'suspended')`];
  if (q.tab === 'live') filters.push(sql`e.status in ('live', 'suspended')`);
  if (q.tab === 'prematch') filters.push(sql`e.status = 'scheduled' and e.starts_at > ${now}::timestamptz`);
  if (q.sport) filters.push(sql`c.sport = ${q.sport}`);
  if (q.competition) filters.push(sql`c.id = ${q.competition}`);
  if (q.event) filters.push(sql`e.id = ${q.event}`);
  if (q.external) filters.push(sql`e.external_id = ${q.external}`);
  const competitions = await read<{ id: number; sport: Sport; region: string; name: string; top: number }>(
    db,
    sql`select id, sport, region, name, top from sport_competitions order by top desc, sport, name`,
  );
  const limit = Math.min(q.limit ?? EVENTS_PAGE, EVENTS_PAGE);
  const found = await read<{
    id: number;
    external_id: string;
    sport: Sport;
    competition_id: number;
    kind: 'match' | 'outright';
    home: string;
    away: string;
    starts_at: string;
    status: SportEvent['status'];
    score_home: number;
    score_away: number;
    elapsed: number;
  }>(
    db,
    sql`select e.id, e.external_id, c.sport, e.competition_id, e.kind, e.home, e.away, e.status, e.score_home, e.score_away, e.elapsed,
               to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at
        from sport_events e join sport_competitions c on c.id = e.competition_id
        where ${sql.join(filters, sql` and `)}
        order by (e.status = 'scheduled'), e.kind, e.starts_at, e.id limit ${limit + 1} offset ${q.offset ?? 0}`,
  );
  // One more than the page asked for says whether another page follows.
  const more = found.length > limit;
  const events = found.slice(0, limit);
  const markets =
    events.length === 0
      ? []
      : await read<{
          event_id: number;
          market_id: number;
          type: MarketType;
          line: number;
          market_status: string;
          id: number;
          code: string;
          odds: number;
          status: string;
        }>(
          db,
          sql`select m.event_id, m.id as market_id, m.type, m.line, m.status as market_status, s.id, s.code, s.odds, s.status
              from sport_markets m join sport_selections s on s.market_id = m.id
              where m.event_id in (${sql.join(
                events.map((e) => sql`${e.id}`),
                sql`, `,
              )}) order by m.event_id, m.id, s.id`,
        );
  const byEvent = new Map<number, SportEvent['markets']>();
  for (const r of markets) {
    const list = byEvent.get(Number(r.event_id)) ?? [];
    let market = list.find((m) => m.id === Number(r.market_id));
    if (!market) {
      market = { id: Number(r.market_id), type: r.type, line: Number(r.line) / 100, suspended: r.market_status !== 'open', selections: [] };
      list.push(market);
    }
    market.selections.push({ id: Number(r.id), code: r.code, odds: Number(r.odds) / 100, suspended: r.status !== 'active' || r.market_status !== 'open' });
    byEvent.set(Number(r.event_id), list);
  }
  return {
    competitions: competitions.map(
      (c) => ({ id: Number(c.id), sport: c.sport, region: c.region, name: c.name, top: Number(c.top) > 0 }) satisfies SportCompetition,
    ),
    events: events.map((e) => ({
      id: Number(e.id),
      external: e.external_id,
      sport: e.sport,
      competition_id: Number(e.competition_id),
      kind: e.kind,
      home: e.home,
      away: e.away,
      starts_at: e.starts_at,
      status: e.status,
      score: [Number(e.score_home), Number(e.score_away)],
      elapsed: Number(e.elapsed),
      markets: byEvent.get(Number(e.id)) ?? [],
    })),
    more,
  };
}
