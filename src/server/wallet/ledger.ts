// The posting engine every operation goes through. One database transaction per
// operation; on the common path it is four round trips (see connection.ts):
//   begin;
//   lock the player's accounts and the system shard the operation needs, in id order
//   (`… ORDER BY id FOR UPDATE`), then record the operation under its idempotency key;
//   (some operations read what their decision needs here, under those locks;)
//   write balances, entries, side rows and the stored reply in one statement;
//   commit — and only then push the new balance.
// A repeat of a key finds it taken and returns the stored reply; a repeat that arrives
// while the first is in flight waits for the locks, then does the same.
//
// An operation is in its player's currency: it locks that player's accounts and the
// house or clearing shard of that currency, and posts to nothing else (checked here,
// and by the database's foreign keys on the entries' currency).
import { type SQL, sql } from 'drizzle-orm';
import type { Pushes } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { OperationKind } from '../db/schema/wallet.ts';
import { type PlayerAccountIds, playerAccountIds, shardOf, systemAccountIds } from './accounts.ts';
import { type Conn, transact } from './connection.ts';
import { FLOW_OF_KIND, metrics, since } from '../metrics.ts';
import { toBalanceInfo } from './reply.ts';
import type { ProtectionDetail, RefusalCode, WalletBalance, WalletOutcome, WalletReply } from './types.ts';

export interface LockedAccount {
  id: number;
  balance: number;
  bonusId: number | null;
  wageringRequired: number;
  wagered: number;
}

export interface Entry {
  operationId: number;
  accountId: number;
  amount: number;
}

/** What an operation sees while it holds the locks. */
export interface Locked {
  tx: Conn;
  operationId: number;
  playerId: number;
  /** The player's currency, which every account here is in. */
  currency: string;
  real: LockedAccount;
  bonus: LockedAccount;
  locked: LockedAccount;
  house: LockedAccount;
  clearing: LockedAccount;
  /** Records an operation the wallet does on its own inside this one (no key, this one as parent); returns its id. */
  child(kind: OperationKind, fingerprint: string): Promise<number>;
}

export type Decision =
  | ({ refuse: RefusalCode } & ProtectionDetail)
  | {
      entries: Entry[];
      /** New wagering state of the bonus account, when it changes. */
      wagering?: { bonusId: number | null; required: number; wagered: number };
      /** Data-modifying statements (INSERT/UPDATE) run with the posting. */
      writes?: SQL[];
    };

export interface OperationRequest {
  kind: OperationKind;
  key: string;
  playerId: number;
  /** The details a repeat must match. */
  fingerprint: string;
  /** System accounts this operation may post to. */
  system: readonly ('house' | 'clearing')[];
  /** The currency the caller expects the player's wallet to be in; another one is refused (`currency_mismatch`) and moves nothing. */
  currency?: string | undefined;
  decide(locked: Locked): Promise<Decision> | Decision;
}

export interface Ledger {
  db: Db;
  pushes: Pushes;
}

interface AccountRow {
  id: number | string;
  kind: string;
  balance: number | string;
  bonus_id: number | string | null;
  wagering_required: number | string;
  wagered: number | string;
  op_id: number | string;
}

const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 6;

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
}

const num = (v: number | string | null): number => Number(v ?? 0);

function toLocked(r: AccountRow): LockedAccount {
  return {
    id: Number(r.id),
    balance: num(r.balance),
    bonusId: r.bonus_id === null ? null : Number(r.bonus_id),
    wageringRequired: num(r.wagering_required),
    wagered: num(r.wagered),
  };
}

/** The balance a player sees, from their three account rows in `currency`. */
export function balanceOf(real: LockedAccount, bonus: LockedAccount, locked: LockedAccount, currency: string): WalletBalance {
  const required = bonus.bonusId === null ? 0 : bonus.wageringRequired;
  const wagered = bonus.bonusId === null ? 0 : Math.min(bonus.wagered, required);
  return { currency, real: real.balance, bonus: bonus.balance, locked: locked.balance, wagering: { required, wagered, remaining: required - wagered } };
}

/** A stored reply as it is returned: one stored before balances named their currency gets the operation's. */
export function withCurrency(reply: WalletReply, currency: string): WalletReply {
  return reply.balance && !reply.balance.currency ? { ...reply, balance: { ...reply.balance, currency } } : reply;
}

const placeholder: LockedAccount = { id: 0, balance: 0, bonusId: null, wageringRequired: 0, wagered: 0 };

/** Amounts moved by a committed operation (and the operations it did on its own), by flow. */
type Flows = Map<string, number>;

/**
 * Runs one operation in one transaction; retries only on deadlock or serialization failure, where nothing was written.
 * Counted (casino_wallet_*) once it has committed or failed, and the money it moved only once it has committed.
 */
export async function runOperation(ledger: Ledger, request: OperationRequest): Promise<WalletOutcome> {
  const t0 = performance.now();
  let outcome: WalletOutcome | undefined;
  try {
    outcome = await postOperation(ledger, request);
    return outcome;
  } finally {
    const labels = {
      kind: request.kind,
      outcome: outcome === undefined ? 'error' : outcome.replayed ? 'replayed' : outcome.ok ? 'accepted' : 'refused',
    };
    metrics.walletOperations.inc(labels);
    metrics.walletDuration.observe(labels, since(t0));
    if (outcome && !outcome.ok) metrics.walletRefusals.inc({ kind: request.kind, code: outcome.code });
  }
}

async function postOperation(ledger: Ledger, request: OperationRequest): Promise<WalletOutcome> {
  const { db } = ledger;
  const ids = await playerAccountIds(db, request.playerId);
  if (!ids) return { ok: false, code: 'unknown_player', replayed: false };
  if (request.currency !== undefined && request.currency !== ids.currency) return { ok: false, code: 'currency_mismatch', replayed: false };
  const system = await systemAccountIds(db, ids.currency);
  const shard = shardOf(request.playerId);
  const systemIds = { house: system.house[shard] as number, clearing: system.clearing[shard] as number };
  const lockIds = [ids.real, ids.bonus, ids.locked, ...request.system.map((kind) => systemIds[kind])];

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await transact(db, (tx) => attemptOperation(tx, request, ids, systemIds, lockIds));
      // Only now is the change committed and visible to anyone who reads the balance.
      if (result.moved && result.reply.ok) ledger.pushes.pushBalance(request.playerId, toBalanceInfo(result.reply.balance));
      for (const [flow, amount] of result.flows ?? []) metrics.moneyMoved.inc({ currency: ids.currency, flow }, amount);
      return { ...result.reply, replayed: result.replayed };
    } catch (error) {
      if (attempt < MAX_ATTEMPTS && RETRYABLE.has(errorCode(error) ?? '')) {
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        continue;
      }
      throw error;
    }
  }
}

async function attemptOperation(
  tx: Conn,
  request: OperationRequest,
  ids: PlayerAccountIds,
  systemIds: { house: number; clearing: number },
  lockIds: number[],
): Promise<{ reply: WalletReply; replayed: boolean; moved: boolean; flows?: Flows }> {
  // Locks first, then the key: a repeat of this id (same player, same locks) waits
  // until the first has committed and then finds its reply, and a rollback's
  // tombstone never waits on a bet's key while that bet waits on our locks.
  // count(*) makes the insert wait until every row is locked.
  const found = await tx.query<AccountRow>(
    sql`with locked as (
          select id, kind, balance, bonus_id, wagering_required, wagered from wallet_accounts
          where id in (${sql.join(
            lockIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by id
          for update),
        op as (
          insert into wallet_operations (kind, op_key, player_id, currency, fingerprint, outcome)
          select ${request.kind}, ${request.key}, ${request.playerId}, ${ids.currency}, ${request.fingerprint}, 'pending'
          where (select count(*) from locked) = ${lockIds.length}
          on conflict (kind, op_key) do nothing
          returning id)
        select locked.*, op.id as op_id from locked left join op on true order by locked.id`,
  );
  if (found.length !== lockIds.length) throw new Error(`wallet accounts ${lockIds.join(', ')} are not all there`);
  if (found[0]?.op_id === null || found[0]?.op_id === undefined) return { ...(await storedReply(tx, request, ids)), moved: false };

  const byId = new Map(found.map((r) => [Number(r.id), toLocked(r)]));
  const account = (id: number) => {
    const a = byId.get(id);
    if (!a) throw new Error(`wallet account ${id} is missing`);
    return a;
  };
  const operationId = Number(found[0]?.op_id);
  const real = account(ids.real);
  const bonus = account(ids.bonus);
  const locked = account(ids.locked);
  // The kind of every operation this one posts for (itself and what it does on its own), for the money-moved figures.
  const kinds = new Map<number, OperationKind>([[operationId, request.kind]]);
  const decision = await request.decide({
    tx,
    operationId,
    playerId: request.playerId,
    currency: ids.currency,
    real,
    bonus,
    locked,
    house: byId.get(systemIds.house) ?? placeholder,
    clearing: byId.get(systemIds.clearing) ?? placeholder,
    child: async (kind, fingerprint) => {
      const [row] = await tx.query<{ id: number | string }>(
        sql`insert into wallet_operations (kind, player_id, currency, parent_id, fingerprint, outcome)
            values (${kind}, ${request.playerId}, ${ids.currency}, ${operationId}, ${fingerprint}, 'accepted') returning id`,
      );
      kinds.set(Number(row?.id), kind);
      return Number(row?.id);
    },
  });

  if ('refuse' in decision) {
    const { refuse, ...detail } = decision;
    const reply: WalletReply = { ok: false, code: refuse, balance: balanceOf(real, bonus, locked, ids.currency), ...detail };
    await tx.query(sql`update wallet_operations set outcome = 'refused', reply = ${JSON.stringify(reply)}::jsonb where id = ${operationId}`);
    return { reply, replayed: false, moved: false };
  }

  // Every operation balances on its own, posts only to the accounts it locked (all in the
  // player's currency), and no player account goes below zero.
  const sums = new Map<number, number>();
  const deltas = new Map<number, number>();
  for (const e of decision.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`ledger entry of ${e.amount} cents`);
    if (!byId.has(e.accountId)) throw new Error(`operation ${operationId} in ${ids.currency} posts to account ${e.accountId}, which it did not lock`);
    sums.set(e.operationId, (sums.get(e.operationId) ?? 0) + e.amount);
    deltas.set(e.accountId, (deltas.get(e.accountId) ?? 0) + e.amount);
  }
  for (const [op, sum] of sums) if (sum !== 0) throw new Error(`operation ${op} does not balance: ${sum}`);
  const after = (a: LockedAccount): LockedAccount => ({ ...a, balance: a.balance + (deltas.get(a.id) ?? 0) });
  const w = decision.wagering;
  const bonusAfter = w ? { ...after(bonus), bonusId: w.bonusId, wageringRequired: w.required, wagered: w.wagered } : after(bonus);
  const balance = balanceOf(after(real), bonusAfter, after(locked), ids.currency);
  if (balance.real < 0 || balance.bonus < 0 || balance.locked < 0) throw new Error(`operation ${operationId} would overdraw player ${request.playerId}`);
  const reply: WalletReply = { ok: true, operationId, balance };

  const ctes: SQL[] = [];
  const touched = [...deltas.keys()];
  if (w && !touched.includes(bonus.id)) touched.push(bonus.id);
  if (touched.length > 0) {
    const values = touched.map((id) => {
      const a = id === bonus.id ? bonusAfter : after(account(id));
      return sql`(${id}::int, ${deltas.get(id) ?? 0}::bigint, ${a.bonusId}::bigint, ${a.wageringRequired}::bigint, ${a.wagered}::bigint)`;
    });
    ctes.push(sql`accounts as (
      update wallet_accounts a
      set balance = a.balance + v.delta, bonus_id = v.bonus_id, wagering_required = v.required, wagered = v.wagered, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, delta, bonus_id, required, wagered)
      where a.id = v.id)`);
  }
  if (decision.entries.length > 0) {
    const values = decision.entries.map((e) => sql`(${e.operationId}::bigint, ${e.accountId}::int, ${ids.currency}, ${e.amount}::bigint)`);
    ctes.push(sql`entries as (insert into wallet_entries (operation_id, account_id, currency, amount) values ${sql.join(values, sql`, `)})`);
  }
  (decision.writes ?? []).forEach((write, i) => {
    ctes.push(sql`${sql.raw(`w${i}`)} as (${write})`);
  });
  const finish = sql`update wallet_operations set outcome = 'accepted', reply = ${JSON.stringify(reply)}::jsonb where id = ${operationId}`;
  await tx.query(ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${finish}` : finish);
  // What an operation moves is what its entries put somewhere: the sum of its positive amounts.
  const flows: Flows = new Map();
  for (const e of decision.entries) {
    const flow = FLOW_OF_KIND[kinds.get(e.operationId) ?? ''];
    if (flow && e.amount > 0) flows.set(flow, (flows.get(flow) ?? 0) + e.amount);
  }
  return { reply, replayed: false, moved: decision.entries.length > 0 || w !== undefined, flows };
}

async function storedReply(tx: Conn, request: OperationRequest, ids: PlayerAccountIds): Promise<{ reply: WalletReply; replayed: boolean }> {
  const [op] = await tx.query<{ fingerprint: string; outcome: string; reply: WalletReply | null }>(
    sql`select fingerprint, outcome, reply from wallet_operations where kind = ${request.kind} and op_key = ${request.key}`,
  );
  if (!op || op.outcome === 'pending') throw new Error(`wallet operation ${request.kind} ${request.key} found neither its accounts nor a stored reply`);
  // A tombstone is a rollback that came before its bet: whatever the late bet says, it is refused.
  if (op.outcome === 'tombstone') return { reply: { ok: false, code: 'bet_rolled_back', balance: await currentBalance(tx, ids) }, replayed: false };
  if (op.fingerprint !== request.fingerprint) return { reply: { ok: false, code: 'conflict', balance: await currentBalance(tx, ids) }, replayed: false };
  return { reply: withCurrency(op.reply as WalletReply, ids.currency), replayed: true };
}

async function currentBalance(tx: Conn, ids: PlayerAccountIds): Promise<WalletBalance> {
  const found = await tx.query<AccountRow>(
    sql`select id, kind, balance, bonus_id, wagering_required, wagered, 0 as op_id from wallet_accounts where id in (${ids.real}, ${ids.bonus}, ${ids.locked})`,
  );
  const get = (id: number) => toLocked(found.find((r) => Number(r.id) === id) as AccountRow);
  return balanceOf(get(ids.real), get(ids.bonus), get(ids.locked), ids.currency);
}
