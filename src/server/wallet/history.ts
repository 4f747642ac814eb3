// What a player may read of their wallet: balances, the transaction list and the bet
// list. Every query names the owner, so no id can reach another player's rows. Every
// amount is in the player's wallet currency, which each answer names.
import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_CURRENCY } from '../../shared/money.ts';
import type { BetListRow, TransactionStatus } from '../../shared/wallet.ts';
import type { Executor } from '../db/client.ts';
import { read } from './connection.ts';
import type { FinancialType } from '../db/schema/wallet.ts';
import { balanceOf, type LockedAccount } from './ledger.ts';
import type { WalletBalance } from './types.ts';

const DAY_MS = 86_400_000;

export interface Period {
  from: Date;
  to: Date;
}

/**
 * The contract's filterPeriod: 0 = last 24 hours, 1 = last 7 days, 2 = last 30 days,
 * 3 = from the start of `start` to the end of `end` (YYYY-MM-DD, UTC days).
 */
export function periodRange(filterPeriod: 0 | 1 | 2 | 3, start: string | undefined, end: string | undefined, now = new Date()): Period {
  if (filterPeriod === 3 && start && end) return { from: new Date(`${start}T00:00:00Z`), to: new Date(Date.parse(`${end}T00:00:00Z`) + DAY_MS) };
  const days = filterPeriod === 0 ? 1 : filterPeriod === 1 ? 7 : 30;
  return { from: new Date(now.getTime() - days * DAY_MS), to: now };
}

export interface Page {
  page: number;
  perPage: number;
}

/** The player's balances now, in their currency; zeros for a player whose wallet was never touched. */
export async function readBalance(db: Executor, playerId: number): Promise<WalletBalance> {
  const found = await read<{
    currency: string;
    kind: string | null;
    balance: string | number | null;
    bonus_id: string | number | null;
    wagering_required: string | number | null;
    wagered: string | number | null;
  }>(
    db,
    sql`select p.currency, a.kind, a.balance, a.bonus_id, a.wagering_required, a.wagered
        from players p left join wallet_accounts a on a.player_id = p.id where p.id = ${playerId}`,
  );
  const get = (kind: string): LockedAccount => {
    const r = found.find((a) => a.kind === kind);
    return {
      id: 0,
      balance: Number(r?.balance ?? 0),
      bonusId: r?.bonus_id === null || r?.bonus_id === undefined ? null : Number(r.bonus_id),
      wageringRequired: Number(r?.wagering_required ?? 0),
      wagered: Number(r?.wagered ?? 0),
    };
  };
  return balanceOf(get('real'), get('bonus'), get('locked'), found[0]?.currency ?? DEFAULT_CURRENCY);
}

/** The player's wallet currency; undefined when there is no such player. */
export async function walletCurrency(db: Executor, playerId: number): Promise<string | undefined> {
  const [r] = await read<{ currency: string }>(db, sql`select currency from players where id = ${playerId}`);
  return r?.currency;
}

export interface ActiveBonus {
  promoCode: string | null;
  amount: number;
  expiresAt: Date | null;
  maxCashout: number | null;
}

/** The player's active bonus with the terms it was granted under; undefined when none is active. */
export async function readActiveBonus(db: Executor, playerId: number): Promise<ActiveBonus | undefined> {
  const [r] = await read<{ promo_code: string | null; amount: number | string; expires_at: Date | string | null; max_cashout: number | string | null }>(
    db,
    sql`select p.promo_code, b.amount, b.expires_at, b.max_cashout
        from wallet_bonuses b left join promotions p on p.id = b.promotion_id
        where b.player_id = ${playerId} and b.status = 'active'`,
  );
  if (!r) return undefined;
  return {
    promoCode: r.promo_code,
    amount: Number(r.amount),
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    maxCashout: r.max_cashout === null ? null : Number(r.max_cashout),
  };
}

export interface FinancialRow {
  id: number;
  type: FinancialType;
  createdAt: string;
  amount: number;
  /** The player's wallet currency, which the amount is in. */
  currency: string;
  name: string;
  status: TransactionStatus;
  isBonus: boolean;
  invoiceId: string | null;
  /** A wallet operation, or a deposit attempt that never reached the wallet. */
  source: 'wallet' | 'payment';
  /** Why such a deposit did not arrive (the provider's catalogue key), else null. */
  reason: string | null;
}

export interface FinancialQuery extends Period, Page {
  status: 'all' | TransactionStatus;
  provider: string | undefined;
  sortBy: 'createdAt' | 'type' | 'amount' | 'name' | 'status';
  sortDesc: boolean;
  /** A deposit started before this and still unpaid is listed as expired (the payments' PENDING_DEPOSIT_MINUTES). */
  unpaidBefore: Date;
}

const FINANCIAL_SORT: Record<FinancialQuery['sortBy'], SQL> = {
  createdAt: sql`created_at`,
  type: sql`type`,
  amount: sql`amount`,
  name: sql`provider`,
  status: sql`status`,
};

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The player's currency beside each row (computed once per query). */
const currencyOf = (playerId: number) => sql`(select currency from players where id = ${playerId}) as currency`;

interface FinancialDbRow {
  id: string | number;
  type: FinancialType;
  created_at: string;
  amount: string | number;
  provider: string;
  status: TransactionStatus;
  is_bonus: boolean;
  invoice_id: string | null;
  currency: string;
  source?: 'wallet' | 'payment';
  reason?: string | null;
  total?: string | number;
}

const toFinancial = (r: FinancialDbRow): FinancialRow => ({
  id: Number(r.id),
  type: r.type,
  createdAt: r.created_at,
  amount: Number(r.amount),
  currency: r.currency,
  name: r.provider,
  status: r.status,
  isBonus: r.is_bonus,
  invoiceId: r.invoice_id,
  source: r.source ?? 'wallet',
  reason: r.reason ?? null,
});

/** The providers' reasons that are the bank's (or the card holder's bank's) refusal of a card payment. */
const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'authentication_failed', 'wrong_card'];

/**
 * The player's deposit attempts that never reached the wallet (a deposit that did is the
 * ledger's row, and its payment names the operation): still waiting, declined, cancelled on
 * the payment page, failed, expired unpaid, held over a daily limit, or returned while held.
 */
function depositAttempts(playerId: number, unpaidBefore: Date): SQL {
  const stale = sql`p.status = 'pending' and p.created_at < ${unpaidBefore.toISOString()}::timestamptz`;
  return sql`select p.id, 'deposit'::text as type, p.created_at, p.amount, pp.name as provider,
                    case
                      when ${stale} then 'expired'
                      when p.status in ('pending', 'held', 'refunded', 'cancelled') then p.status
                      when p.reason = 'payment_cancelled' then 'cancelled'
                      when p.reason = 'expired' then 'expired'
                      when p.reason in (${sql.join(
                        DECLINE_REASONS.map((r) => sql`${r}`),
                        sql`, `,
                      )}) then 'declined'
                      else 'failed'
                    end as status,
                    false as is_bonus, 'pay_' || p.id as invoice_id, 'payment'::text as source,
                    case when ${stale} then 'expired' else p.reason end as reason
               from payments p join payment_processors pp on pp.id = p.processor_id
              where p.player_id = ${playerId} and p.direction = 'deposit' and p.wallet_tx_id is null`;
}

async function paged<R extends { total?: string | number }>(
  db: Executor,
  select: SQL,
  from: SQL,
  order: SQL,
  page: Page,
): Promise<{ count: number; rows: R[] }> {
  // The count rides along with the page (one index range scan); a page past the end needs its own count.
  const found = await read<R>(
    db,
    sql`select ${select}, count(*) over () as total ${from} order by ${order} limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
  );
  if (found.length > 0) return { count: Number(found[0]?.total ?? 0), rows: found };
  const [c] = await read<{ n: string | number }>(db, sql`select count(*) as n ${from}`);
  return { count: Number(c?.n ?? 0), rows: [] };
}

/**
 * One page of the player's deposits, withdrawals and bonus events in the period, newest first
 * unless sorted otherwise, with the deposits that never reached the wallet among them: a
 * declined, cancelled or failed attempt leaves its trace.
 */
export async function listFinancialTransactions(db: Executor, playerId: number, q: FinancialQuery): Promise<{ count: number; rows: FinancialRow[] }> {
  const filters: SQL[] = [sql`created_at >= ${q.from.toISOString()}::timestamptz`, sql`created_at < ${q.to.toISOString()}::timestamptz`];
  if (q.status !== 'all') filters.push(sql`status = ${q.status}`);
  if (q.provider) filters.push(sql`provider = ${q.provider}`);
  const direction = q.sortDesc ? sql`desc` : sql`asc`;
  const listed = sql`(select id, type, created_at, amount, provider, status, is_bonus, invoice_id, 'wallet'::text as source, null::text as reason
                        from financial_transactions where player_id = ${playerId}
                      union all ${depositAttempts(playerId, q.unpaidBefore)}) as listed`;
  const result = await paged<FinancialDbRow>(
    db,
    sql`id, type, ${iso(sql`created_at`)} as created_at, amount, provider, status, is_bonus, invoice_id, source, reason, ${currencyOf(playerId)}`,
    sql`from ${listed} where ${sql.join(filters, sql` and `)}`,
    sql`${FINANCIAL_SORT[q.sortBy]} ${direction}, id ${direction}, source ${direction}`,
    q,
  );
  return { count: result.count, rows: result.rows.map(toFinancial) };
}

/** One of the player's transactions by its id or the processor's invoice id; undefined when it is not theirs or does not exist. */
export async function findFinancialTransaction(db: Executor, playerId: number, by: { id?: number; invoiceId?: string }): Promise<FinancialRow | undefined> {
  const match = by.id !== undefined ? sql`id = ${by.id}` : by.invoiceId ? sql`invoice_id = ${by.invoiceId}` : undefined;
  if (!match) return undefined;
  const [r] = await read<FinancialDbRow>(
    db,
    sql`select id, type, ${iso(sql`created_at`)} as created_at, amount, provider, status, is_bonus, invoice_id, ${currencyOf(playerId)}
        from financial_transactions where player_id = ${playerId} and ${match} order by id desc limit 1`,
  );
  return r ? toFinancial(r) : undefined;
}

/** A row of the bet list with its amounts still in cents: the route makes them the reply's two-decimal numbers. */
export type BetRow = BetListRow;

export interface BetQuery extends Period, Page {
  provider: string | undefined;
  sortBy: 'createdAt' | 'name' | 'bet' | 'win';
  sortDesc: boolean;
}

const BET_SORT: Record<BetQuery['sortBy'], SQL> = { createdAt: sql`created_at`, name: sql`game_name`, bet: sql`stake`, win: sql`win` };

/**
 * One page of the player's rounds in the period: game, stake, win and net result. A
 * round that took several stakes (a double, a split, insurance, a call, a side bet) is
 * one row with their total and the total of their wins: the bets of a game's round id
 * are grouped, rolled-back bets left out. The row's id and time are its first bet's.
 */
export async function listBets(db: Executor, playerId: number, q: BetQuery): Promise<{ count: number; rows: BetRow[] }> {
  const filters: SQL[] = [
    sql`player_id = ${playerId}`,
    sql`created_at >= ${q.from.toISOString()}::timestamptz`,
    sql`created_at < ${q.to.toISOString()}::timestamptz`,
    sql`state <> 'rolled_back'`,
  ];
  if (q.provider) filters.push(sql`provider = ${q.provider}`);
  const direction = q.sortDesc ? sql`desc` : sql`asc`;
  const rounds = sql`(select min(id) as id, min(created_at) as created_at, min(game_name) as game_name, provider, round_id, sum(stake) as stake, sum(win) as win
                      from player_bets where ${sql.join(filters, sql` and `)}
                      group by provider, game_id, round_id) as rounds`;
  const result = await paged<{
    id: string | number;
    created_at: string;
    game_name: string;
    provider: string;
    round_id: string;
    stake: string | number;
    win: string | number;
    currency: string;
    total?: string | number;
  }>(
    db,
    sql`id, ${iso(sql`created_at`)} as created_at, game_name, provider, round_id, stake, win, ${currencyOf(playerId)}`,
    sql`from ${rounds}`,
    sql`${BET_SORT[q.sortBy]} ${direction}, id ${direction}`,
    q,
  );
  return {
    count: result.count,
    rows: result.rows.map((r) => ({
      id: Number(r.id),
      createdAt: r.created_at,
      name: r.game_name,
      provider: r.provider,
      bet: Number(r.stake),
      win: Number(r.win),
      total: Number(r.win) - Number(r.stake),
      currency: r.currency,
      roundId: r.round_id,
    })),
  };
}
