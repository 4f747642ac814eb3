// The ledger's invariants, checked in one statement so that all of them are read
// from one snapshot while money keeps moving: a reconciliation anyone can run.
// Money of different currencies never meets, so the sums are per currency.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client.ts';

export interface CurrencyAudit {
  /** Sum of every account in this currency, players and system alike: zero, since every operation balances. */
  total: number;
  /** Sum of the player accounts (real, bonus, locked) in this currency. */
  playersTotal: number;
}

export interface LedgerAudit {
  /** Sum of every account of every currency (zero when each currency's is). */
  total: number;
  /** Player accounts below zero. */
  negativeAccounts: number[];
  /** Accounts whose balance differs from the sum of their entries. */
  driftedAccounts: number[];
  /** Operations whose entries do not sum to zero. */
  unbalancedOperations: number[];
  /** Sum of the player accounts (real, bonus, locked) of every currency. */
  playersTotal: number;
  /** The sums per currency (ISO 4217 code → sums); each total must be zero. */
  currencies: Record<string, CurrencyAudit>;
  /** Operations with an entry in another currency than the operation's or its account's (the database's foreign keys forbid it). */
  mixedOperations: number[];
}

/** Reads the ledger's invariants from one snapshot. */
export async function auditLedger(db: Executor): Promise<LedgerAudit> {
  const [r] = await rows<{
    currencies: { currency: string; total: string | number; players_total: string | number | null }[] | null;
    negative: number[] | null;
    drifted: number[] | null;
    unbalanced: (string | number)[] | null;
    mixed: (string | number)[] | null;
  }>(
    db,
    sql`select
          (select json_agg(c order by c.currency) from (
             select currency, sum(balance) as total, sum(balance) filter (where player_id is not null) as players_total
             from wallet_accounts group by currency) c) as currencies,
          (select array_agg(id) from wallet_accounts where player_id is not null and balance < 0) as negative,
          (select array_agg(a.id) from wallet_accounts a
             left join (select account_id, sum(amount) as s from wallet_entries group by account_id) e on e.account_id = a.id
             where a.balance <> coalesce(e.s, 0)) as drifted,
          (select array_agg(operation_id) from (select operation_id from wallet_entries group by operation_id having sum(amount) <> 0) u) as unbalanced,
          (select array_agg(distinct e.operation_id) from wallet_entries e
             join wallet_operations o on o.id = e.operation_id
             join wallet_accounts a on a.id = e.account_id
             where e.currency <> o.currency or e.currency <> a.currency) as mixed`,
  );
  const currencies: Record<string, CurrencyAudit> = {};
  for (const c of r?.currencies ?? []) currencies[c.currency] = { total: Number(c.total), playersTotal: Number(c.players_total ?? 0) };
  const sum = (pick: (c: CurrencyAudit) => number) => Object.values(currencies).reduce((s, c) => s + pick(c), 0);
  return {
    total: sum((c) => c.total),
    playersTotal: sum((c) => c.playersTotal),
    currencies,
    negativeAccounts: (r?.negative ?? []).map(Number),
    driftedAccounts: (r?.drifted ?? []).map(Number),
    unbalancedOperations: (r?.unbalanced ?? []).map(Number),
    mixedOperations: (r?.mixed ?? []).map(Number),
  };
}

/** Whether every currency of the audit sums to zero on its own. */
export function balancedPerCurrency(audit: LedgerAudit): boolean {
  return Object.values(audit.currencies).every((c) => c.total === 0);
}
