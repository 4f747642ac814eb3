// Wallet currencies on a real database (PGlite, and PostgreSQL when configured): a
// rupee player's money moves through rupee accounts and the rupee house and clearing
// only, the ledger balances in each currency on its own, a caller naming the wrong
// currency moves nothing, and the database itself refuses an operation that mixes
// currencies even when the wallet's code is bypassed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPushes } from '../../../src/server/context.ts';
import { type Database, rows } from '../../../src/server/db/client.ts';
import { promotionAmounts, promotions } from '../../../src/server/db/schema/index.ts';
import { auditLedger, balancedPerCurrency, createWallet, readBalance, type Wallet } from '../../../src/server/wallet/index.ts';
import { SYSTEM_SHARDS, shardOf } from '../../../src/server/wallet/accounts.ts';
import { testDatabase } from '../../helpers/db.ts';
import { createPlayers, newKey } from '../../helpers/wallet.ts';

let database: Database;
let wallet: Wallet;

beforeAll(async () => {
  database = await testDatabase();
  wallet = createWallet(database.db, noPushes);
});
afterAll(() => database.close());

async function player(currency: string, realCents = 0): Promise<number> {
  const [id] = await createPlayers(database.db, 1, currency);
  if (realCents > 0) expect((await wallet.deposit({ key: newKey('dep'), playerId: id as number, amount: realCents, provider: 'card' })).ok).toBe(true);
  return id as number;
}

const bet = (playerId: number, amount: number, key = newKey('bet')) =>
  wallet.bet({ key, playerId, amount, gameId: 'eagle-fruits', gameName: 'Eagle Fruits', roundId: `round-${key}` });

interface AccountRow {
  id: number;
  player_id: number | null;
  kind: string;
  currency: string;
  shard: number;
  balance: string | number;
}

const accounts = () =>
  rows<AccountRow>(database.db, sql`select id, player_id, kind, currency, shard, balance from wallet_accounts order by id`).then((found) =>
    found.map((a) => ({ ...a, id: Number(a.id), balance: Number(a.balance) })),
  );

/** Every account an operation of `playerId` posted to, with the entry's and the operation's currency. */
const postedTo = (playerId: number) =>
  rows<{ kind: string; account_currency: string; entry_currency: string; operation_currency: string; player_id: number | null; shard: number }>(
    database.db,
    sql`select a.kind, a.currency as account_currency, e.currency as entry_currency, o.currency as operation_currency, a.player_id, a.shard
        from wallet_entries e join wallet_operations o on o.id = e.operation_id join wallet_accounts a on a.id = e.account_id
        where o.player_id = ${playerId}`,
  );

/** The SQLSTATE a statement failed with (23503: foreign key violation). */
async function sqlState(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code ?? 'failed without a code';
  }
}

describe('a rupee wallet', () => {
  it("moves an Indian player's deposit, bet, win, rollback and withdrawal through rupee accounts and the rupee house and clearing only", async () => {
    const euroPlayer = await player('EUR', 5000);
    const before = await accounts();
    const indian = await player('INR');

    const deposit = await wallet.deposit({ key: newKey('dep'), playerId: indian, amount: 250_000, provider: 'upi' });
    expect(deposit).toMatchObject({ ok: true, balance: { currency: 'INR', real: 250_000 } });
    const betKey = newKey('bet');
    expect(await bet(indian, 10_000, betKey)).toMatchObject({ ok: true, balance: { currency: 'INR', real: 240_000 } });
    expect(await wallet.win({ key: newKey('win'), playerId: indian, betKey, amount: 35_000 })).toMatchObject({
      ok: true,
      balance: { currency: 'INR', real: 275_000 },
    });
    const lost = newKey('bet');
    await bet(indian, 5000, lost);
    expect(await wallet.rollback({ key: newKey('rb'), playerId: indian, betKey: lost })).toMatchObject({ ok: true, balance: { real: 275_000 } });
    const withdrawal = await wallet.withdrawalRequest({ key: newKey('wd'), playerId: indian, amount: 75_000, provider: 'bank' });
    expect(withdrawal).toMatchObject({ ok: true, balance: { currency: 'INR', real: 200_000, locked: 75_000 } });
    if (!withdrawal.ok) return;
    expect(await wallet.withdrawalComplete({ key: newKey('done'), transactionId: withdrawal.operationId })).toMatchObject({
      ok: true,
      balance: { currency: 'INR', locked: 0 },
    });

    const posted = await postedTo(indian);
    expect(posted.length).toBeGreaterThan(0);
    for (const p of posted) expect(p).toMatchObject({ account_currency: 'INR', entry_currency: 'INR', operation_currency: 'INR' });
    // The system side was the rupee house and clearing, at the player's shard.
    const system = posted.filter((p) => p.player_id === null);
    expect(new Set(system.map((p) => `${p.kind}:${p.shard}`))).toEqual(new Set([`house:${shardOf(indian)}`, `clearing:${shardOf(indian)}`]));

    // Not one euro account moved; the euro player's wallet is as it was.
    const after = await accounts();
    for (const a of before) expect(after.find((b) => b.id === a.id)?.balance, `${a.kind} ${a.currency} ${a.shard}`).toBe(a.balance);
    expect(await readBalance(database.db, euroPlayer)).toMatchObject({ currency: 'EUR', real: 5000 });
    expect(await readBalance(database.db, indian)).toMatchObject({ currency: 'INR', real: 200_000, bonus: 0, locked: 0 });
  });

  it('keeps house and clearing apart per currency: 16 shards of each for euros and for rupees', async () => {
    await player('EUR', 100);
    await player('INR', 100);
    const system = (await accounts()).filter((a) => a.player_id === null);
    for (const currency of ['EUR', 'INR'])
      for (const kind of ['house', 'clearing'])
        expect(system.filter((a) => a.currency === currency && a.kind === kind).map((a) => a.shard)).toEqual(
          Array.from({ length: SYSTEM_SHARDS }, (_, i) => i),
        );
  });

  it('opens the house and clearing of another currency the first time a player of it is paid', async () => {
    const american = await player('USD');
    expect((await accounts()).some((a) => a.currency === 'USD' && a.player_id === null)).toBe(false);
    expect(await wallet.deposit({ key: newKey('dep'), playerId: american, amount: 4200, provider: 'card' })).toMatchObject({
      ok: true,
      balance: { currency: 'USD', real: 4200 },
    });
    const usd = (await accounts()).filter((a) => a.currency === 'USD' && a.player_id === null);
    expect(usd).toHaveLength(2 * SYSTEM_SHARDS);
    expect(usd.find((a) => a.kind === 'clearing' && a.shard === shardOf(american))?.balance).toBe(-4200);
  });

  it("refuses a deposit or withdrawal that names another currency than the player's, and moves nothing", async () => {
    const indian = await player('INR', 10_000);
    const key = newKey('dep');
    expect(await wallet.deposit({ key, playerId: indian, amount: 5000, provider: 'card', currency: 'EUR' })).toEqual({
      ok: false,
      code: 'currency_mismatch',
      replayed: false,
    });
    expect(await wallet.withdrawalRequest({ key: newKey('wd'), playerId: indian, amount: 5000, provider: 'bank', currency: 'EUR' })).toMatchObject({
      ok: false,
      code: 'currency_mismatch',
    });
    expect(await readBalance(database.db, indian)).toMatchObject({ currency: 'INR', real: 10_000, locked: 0 });
    // Naming the right one is fine, and a repeat of it is the same deposit.
    expect(await wallet.deposit({ key, playerId: indian, amount: 5000, provider: 'card', currency: 'INR' })).toMatchObject({
      ok: true,
      replayed: false,
      balance: { real: 15_000 },
    });
    expect(await wallet.deposit({ key, playerId: indian, amount: 5000, provider: 'card', currency: 'INR' })).toMatchObject({ ok: true, replayed: true });
    expect(await readBalance(database.db, indian)).toMatchObject({ real: 15_000 });
  });

  it('grants a promotion its rupee amount to a rupee wallet, and refuses one that has no rupee amount', async () => {
    const [both] = await database.db
      .insert(promotions)
      .values({ promoCode: newKey('BOTH'), bonusKind: 'fixed', bonusValue: 1000, wageringMultiplier: 2, maxCashout: 5000 })
      .returning({ id: promotions.id });
    await database.db.insert(promotionAmounts).values({ promotionId: both?.id as number, currency: 'INR', bonusValue: 80_000, maxCashout: 400_000 });
    const [euroOnly] = await database.db
      .insert(promotions)
      .values({ promoCode: newKey('EURO'), bonusKind: 'fixed', bonusValue: 1000, wageringMultiplier: 2 })
      .returning({ id: promotions.id });
    const indian = await player('INR');
    const german = await player('EUR');

    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: indian, promotionId: euroOnly?.id as number })).toEqual({
      ok: false,
      code: 'promotion_not_in_currency',
      replayed: false,
    });
    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: indian, promotionId: both?.id as number })).toMatchObject({
      ok: true,
      balance: { currency: 'INR', bonus: 80_000, wagering: { required: 160_000 } },
    });
    const [granted] = await rows<{ amount: string | number; max_cashout: string | number }>(
      database.db,
      sql`select amount, max_cashout from wallet_bonuses where player_id = ${indian}`,
    );
    expect([Number(granted?.amount), Number(granted?.max_cashout)]).toEqual([80_000, 400_000]);
    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: german, promotionId: both?.id as number })).toMatchObject({
      ok: true,
      balance: { currency: 'EUR', bonus: 1000 },
    });
    for (const p of await postedTo(indian)) expect(p.account_currency).toBe('INR');
  });

  it('audits each currency on its own: every one sums to zero, and no operation mixes two', async () => {
    await player('INR', 12_345);
    await player('EUR', 54_321);
    const audit = await auditLedger(database.db);
    expect(audit).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [], mixedOperations: [] });
    expect(Object.keys(audit.currencies).sort()).toEqual(['EUR', 'INR', 'USD']);
    expect(balancedPerCurrency(audit)).toBe(true);
    const [held] = await rows<{ inr: string | number }>(
      database.db,
      sql`select sum(a.balance) as inr from wallet_accounts a where a.player_id is not null and a.currency = 'INR'`,
    );
    expect(audit.currencies.INR?.playersTotal).toBe(Number(held?.inr));
    expect(audit.currencies.INR?.playersTotal).toBeGreaterThan(0);
  });
});

describe('the database keeps currencies apart without the wallet code', () => {
  let indian: number;
  let inrReal: number;
  let eurHouse: number;
  let inrHouse: number;
  let operation: number;

  beforeAll(async () => {
    indian = await player('INR', 1000);
    await player('EUR', 1000);
    const all = await accounts();
    inrReal = all.find((a) => a.player_id === indian && a.kind === 'real')?.id as number;
    eurHouse = all.find((a) => a.player_id === null && a.kind === 'house' && a.currency === 'EUR')?.id as number;
    inrHouse = all.find((a) => a.player_id === null && a.kind === 'house' && a.currency === 'INR')?.id as number;
    const [op] = await rows<{ id: string | number }>(
      database.db,
      sql`insert into wallet_operations (kind, op_key, player_id, currency, fingerprint, outcome)
          values ('bet', ${newKey('raw')}, ${indian}, 'INR', 'raw', 'accepted') returning id`,
    );
    operation = Number(op?.id);
  });

  it("refuses a rupee operation's entry on a euro house account, whichever currency the entry claims", async () => {
    const before = await auditLedger(database.db);
    // Claiming rupees: the euro house is no rupee account.
    expect(
      await sqlState(
        database.db.execute(
          sql`insert into wallet_entries (operation_id, account_id, currency, amount) values (${operation}, ${inrReal}, 'INR', -100), (${operation}, ${eurHouse}, 'INR', 100)`,
        ),
      ),
    ).toBe('23503');
    // Claiming euros: the operation is in rupees.
    expect(
      await sqlState(
        database.db.execute(
          sql`insert into wallet_entries (operation_id, account_id, currency, amount) values (${operation}, ${inrReal}, 'INR', -100), (${operation}, ${eurHouse}, 'EUR', 100)`,
        ),
      ),
    ).toBe('23503');
    expect(await auditLedger(database.db)).toEqual(before);
    // The same lines on the rupee house are taken (and undone, since entries never change).
    await database.db.execute(
      sql`insert into wallet_entries (operation_id, account_id, currency, amount) values (${operation}, ${inrReal}, 'INR', -100), (${operation}, ${inrHouse}, 'INR', 100)`,
    );
    await database.db.execute(
      sql`insert into wallet_entries (operation_id, account_id, currency, amount) values (${operation}, ${inrReal}, 'INR', 100), (${operation}, ${inrHouse}, 'INR', -100)`,
    );
  });

  it("refuses an operation, or a player account, in another currency than the player's", async () => {
    expect(
      await sqlState(
        database.db.execute(
          sql`insert into wallet_operations (kind, op_key, player_id, currency, fingerprint, outcome) values ('deposit', ${newKey('raw')}, ${indian}, 'EUR', 'raw', 'accepted')`,
        ),
      ),
    ).toBe('23503');
    const [other] = await createPlayers(database.db, 1, 'INR');
    expect(await sqlState(database.db.execute(sql`insert into wallet_accounts (player_id, kind, currency) values (${other as number}, 'real', 'EUR')`))).toBe(
      '23503',
    );
  });

  it("refuses to change a player's currency once chosen", async () => {
    const state = await sqlState(database.db.execute(sql`update players set currency = 'EUR' where id = ${indian}`));
    expect(state).toBeDefined();
    expect(await readBalance(database.db, indian)).toMatchObject({ currency: 'INR', real: 1000 });
    // Other changes to the row go through.
    await database.db.execute(sql`update players set city = 'Mumbai' where id = ${indian}`);
  });
});
