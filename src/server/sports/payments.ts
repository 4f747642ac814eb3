// Money for settled and cashed-out bets. A bet carries what it is owed (`due`) and what it
// has been paid (`paid`); payments follow `due` through the wallet, the n-th under the key
// `sports:<bet>:pay:<n>` (a win when more is owed, a reversal when a correction owes
// less). Whoever finds a difference pays it under the next number: two settlers (a feed
// repeating a result, two processes) race for the same key and the wallet moves money
// once; a settler that crashed after the wallet paid finds the payment under its number
// and records it. So a result is paid once however often it comes, and a corrected
// result moves only the difference.
import { metrics } from '../metrics.ts';
import { sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { read, transact } from '../wallet/connection.ts';
import { walletOf } from '../wallet/index.ts';
import type { SelectionResult } from '../db/schema/sports.ts';
import { type SettledBet, settleBet } from './settlement.ts';

interface BetMoney {
  id: number;
  player_id: number;
  bet_key: string;
  due: number | string;
  paid: number | string;
  payments: number;
}

const paymentKey = (betId: number, n: number) => `sports:${betId}:pay:${n}`;

/** The amount (signed) a payment key moved, when the wallet has accepted it. */
async function recordedPayment(ctx: ServerContext, key: string): Promise<number | undefined> {
  const [op] = await read<{ kind: string; fingerprint: string }>(
    ctx.database.db,
    sql`select kind, fingerprint from wallet_operations where op_key = ${key} and kind in ('win', 'win_reversal') and outcome = 'accepted'`,
  );
  if (!op) return undefined;
  const amount = Number((JSON.parse(op.fingerprint) as unknown[])[2]);
  return op.kind === 'win' ? amount : -amount;
}

/** Pays the difference between what the bet is owed and what it has been paid, until none is left. */
export async function syncPayments(ctx: ServerContext, betId: number, known?: BetMoney): Promise<void> {
  const { db } = ctx.database;
  const wallet = walletOf(ctx);
  let bet = known;
  for (let attempt = 0; attempt < 10; attempt++) {
    if (!bet) [bet] = await read<BetMoney>(db, sql`select id, player_id, bet_key, due, paid, payments from sport_bets where id = ${betId}`);
    if (!bet) return;
    const delta = Number(bet.due) - Number(bet.paid);
    if (delta === 0) return;
    const n = Number(bet.payments) + 1;
    const key = paymentKey(betId, n);
    const input = { key, playerId: Number(bet.player_id), betKey: bet.bet_key, amount: Math.abs(delta) };
    bet = undefined;
    const outcome = delta > 0 ? await wallet.win(input) : await wallet.winReversal(input);
    let moved: number | undefined;
    if (outcome.ok) moved = delta;
    else if (outcome.code === 'conflict') moved = await recordedPayment(ctx, key);
    else {
      ctx.logger.error({ betId, code: outcome.code }, 'sports payment refused');
      return;
    }
    if (moved === undefined) continue;
    await read(db, sql`update sport_bets set paid = paid + ${moved}, payments = ${n} where id = ${betId} and payments = ${n - 1}`);
  }
}

interface LegRow {
  bet_id: number | string;
  stake: number | string;
  free_bet_id: number | string | null;
  odds: number;
  result: SelectionResult | null;
  dead_heat: number;
  /** When the selection last changed: its result's arrival, once it has one. */
  result_at: string | Date;
}

/** Settles (or resettles) the given bets from their legs' results, then pays them. */
export async function settleBets(ctx: ServerContext, betIds: readonly number[]): Promise<void> {
  if (betIds.length === 0) return;
  const { db } = ctx.database;
  const list = sql.join(
    betIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const legs = await read<LegRow>(
    db,
    sql`select l.bet_id, b.stake, b.free_bet_id, l.odds, s.result, s.dead_heat, s.updated_at as result_at
        from sport_bet_legs l join sport_bets b on b.id = l.bet_id join sport_selections s on s.id = l.selection_id
        where l.bet_id in (${list}) and b.state in ('open', 'won', 'lost', 'void')`,
  );
  const byBet = new Map<number, LegRow[]>();
  for (const leg of legs) {
    const id = Number(leg.bet_id);
    byBet.set(id, [...(byBet.get(id) ?? []), leg]);
  }
  const now = new Date(ctx.clock.now()).toISOString();
  const voidFree = new Map<number, number>();
  const settled = [...byBet].flatMap(([betId, rows]) => {
    const first = rows[0] as LegRow;
    const stake = Number(first.stake);
    const found = settleBet(
      stake,
      rows.map((r) => ({ odds: Number(r.odds), result: r.result ? { result: r.result, deadHeat: Number(r.dead_heat) } : null })),
    );
    if (!found) return [];
    const bet = first.free_bet_id === null ? found : freeBetSettled(found, stake);
    if (first.free_bet_id !== null && bet.state === 'void') voidFree.set(betId, Number(first.free_bet_id));
    return [sql`(${betId}::bigint, ${bet.state}, ${bet.due}::bigint)`];
  });
  if (settled.length === 0) return;
  // One statement for every bet; a cashed-out bet keeps its cash-out whatever the result,
  // and a bet whose stake never landed is not settled. Only a bet owed more or less than
  // it was paid goes on to the wallet.
  // The rows are locked in the order of their ids first, so that two settlers of
  // overlapping bets (accumulators over two events resulting at once) cannot deadlock.
  let opened = new Set<number>();
  const owed = await transact(db, async (tx) => {
    const before = await tx.query<{ id: number | string; state: string }>(sql`select id, state from sport_bets where id in (${list}) order by id for update`);
    // A free bet whose bet turns void now is the player's again.
    const back = before.flatMap((b) => {
      const free = voidFree.get(Number(b.id));
      return free !== undefined && ['open', 'won', 'lost'].includes(b.state) ? [sql`(${free}::bigint, ${Number(b.id)}::bigint)`] : [];
    });
    // Only the bet that holds it gives it back: once spent again on another bet, it stays spent.
    if (back.length > 0)
      await tx.query(sql`update sport_free_bets set status = 'available' where (id, bet_id) in (${sql.join(back, sql`, `)}) and status = 'used'`);
    opened = new Set(before.filter((b) => b.state === 'open').map((b) => Number(b.id)));
    return tx.query<BetMoney & { state: string }>(
      sql`update sport_bets b set state = v.state, due = v.due, settled_at = coalesce(b.settled_at, ${now}::timestamptz)
          from (values ${sql.join(settled, sql`, `)}) as v(id, state, due)
          where b.id = v.id and b.state in ('open', 'won', 'lost', 'void')
          returning b.id, b.player_id, b.bet_key, b.due, b.paid, b.payments, b.state`,
    );
  });
  // Settled for the first time (not a resettlement): counted, with how long after its last result.
  for (const bet of owed) {
    const id = Number(bet.id);
    if (!opened.has(id)) continue;
    metrics.sportsBetsSettled.inc({ state: bet.state });
    const results = (byBet.get(id) ?? []).map((leg) => new Date(leg.result_at).getTime());
    if (results.length > 0) metrics.sportsSettlementLag.observe(Math.max(0, (ctx.clock.now() - Math.max(...results)) / 1000));
  }
  for (const bet of owed) if (Number(bet.due) !== Number(bet.paid)) await syncPayments(ctx, Number(bet.id), bet);
}

/**
 * A free bet's settlement: its stake was the house's, so a win pays the return less the
 * stake, a return at or under the stake (a half-lost line) pays nothing, and a void pays
 * nothing either (the free bet itself is given back).
 */
export function freeBetSettled(bet: SettledBet, stake: number): SettledBet {
  if (bet.state === 'void') return { state: 'void', due: 0 };
  const due = Math.max(0, bet.due - stake);
  return { state: due > 0 ? 'won' : 'lost', due };
}

/** Settles every bet with a leg on the events. */
export async function settleEventBets(ctx: ServerContext, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  const found = await read<{ bet_id: number | string }>(
    ctx.database.db,
    sql`select distinct bet_id from sport_bet_legs where event_id in (${sql.join(
      eventIds.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
  await settleBets(
    ctx,
    found.map((r) => Number(r.bet_id)),
  );
}
