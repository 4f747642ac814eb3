// The safer-gambling page's table: the player's money in and out and their results by
// calendar month (UTC), the last twelve months with any activity.
import { sql } from 'drizzle-orm';
import type { MonthRow } from '../../shared/protection.ts';
import { toAmount } from '../../shared/money.ts';
import type { Executor } from '../db/client.ts';
import { read } from '../wallet/connection.ts';

interface Row {
  month: string;
  deposits: number | string | null;
  withdrawals: number | string | null;
  staked: number | string | null;
  won: number | string | null;
}

/** Deposits, paid withdrawals, stakes and wins per month, newest first, from `now`'s month back eleven more. */
export async function monthlySummary(db: Executor, playerId: number, now: number): Promise<MonthRow[]> {
  const d = new Date(now);
  const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)).toISOString();
  const found = await read<Row>(
    db,
    sql`with money as (
          select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
                 sum(amount) filter (where type = 'deposit') as deposits,
                 sum(amount) filter (where type = 'withdrawal') as withdrawals
          from financial_transactions
          where player_id = ${playerId} and status = 'complete' and type in ('deposit', 'withdrawal') and created_at >= ${from}::timestamptz
          group by 1),
        play as (
          select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, sum(stake) as staked, sum(win) as won
          from player_bets
          where player_id = ${playerId} and state <> 'rolled_back' and created_at >= ${from}::timestamptz
          group by 1)
        select coalesce(money.month, play.month) as month, money.deposits, money.withdrawals, play.staked, play.won
        from money full join play on play.month = money.month
        order by 1 desc`,
  );
  const n = (v: number | string | null) => Number(v ?? 0);
  return found.map((r) => ({
    month: r.month,
    deposits: toAmount(n(r.deposits)),
    withdrawals: toAmount(n(r.withdrawals)),
    net_deposits: toAmount(n(r.deposits) - n(r.withdrawals)),
    staked: toAmount(n(r.staked)),
    won: toAmount(n(r.won)),
    result: toAmount(n(r.won) - n(r.staked)),
  }));
}
