// The ledger's invariants, checked in one statement so that all of them are read
// from one snapshot while money keeps moving: a reconciliation anyone can run.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client.ts';

export interface LedgerAudit {
  /** Sum of every account, players and system alike: zero, since every operation balances. */
  total: number;
  /** Player accounts below zero. */
  negativeAccounts: number[];
  /** Accounts whose balance differs from the sum of their entries. */
  driftedAccounts: number[];
  /** Operations whose entries do not sum to zero. */
  unbalancedOperations: number[];
  /** Sum of the player accounts (real, bonus, locked). */
  playersTotal: number;
}

/** Reads the ledger's invariants from one snapshot. */
export async function auditLedger(db: Executor): Promise<LedgerAudit> {
  const [r] = await rows<{
    total: string | number | null;
    players_total: string | number | null;
    negative: number[] | null;
    drifted: number[] | null;
    unbalanced: (string | number)[] | null;
  }>(
    db,
    sql`select
          (select sum(balance) from wallet_accounts) as total,
          (select sum(balance) from wallet_accounts where player_id is not null) as players_total,
          (select array_agg(id) from wallet_accounts where player_id is not null and balance < 0) as negative,
          (select array_agg(a.id) from wallet_accounts a
             left join (select account_id, sum(amount) as s from wallet_entries group by account_id) e on e.account_id = a.id
             where a.balance <> coalesce(e.s, 0)) as drifted,
          (select array_agg(operation_id) from (select operation_id from wallet_entries group by operation_id having sum(amount) <> 0) u) as unbalanced`,
  );
  return {
    total: Number(r?.total ?? 0),
    playersTotal: Number(r?.players_total ?? 0),
    negativeAccounts: (r?.negative ?? []).map(Number),
    driftedAccounts: (r?.drifted ?? []).map(Number),
    unbalancedOperations: (r?.unbalanced ?? []).map(Number),
  };
}
