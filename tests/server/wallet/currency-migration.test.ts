// The currencies migration on a database that already holds money: a German and an
// Indian player who deposited and bet before wallets had currencies. Afterwards the
// Indian player is in rupees with every one of their operations (system side included)
// moved to the rupee house and clearing, the euro side keeps only euro money, each
// currency sums to zero, and the wallet goes on working on the migrated data.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { noPushes } from '../../../src/server/context.ts';
import { type Database, fromPglite, migrationsFolder, openDatabase, rows } from '../../../src/server/db/client.ts';
import { auditLedger, balancedPerCurrency, createWallet, readBalance } from '../../../src/server/wallet/index.ts';
import { engine } from '../../helpers/db.ts';
import { adminUrl, runPrefix, urlFor } from '../../helpers/pg-urls.ts';
import { newKey } from '../../helpers/wallet.ts';

/** The migrations folder as it was before currencies: the same files, the journal cut before the `…_currencies` migration. */
function migrationsBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casino-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const currencies = journal.entries.findIndex((e) => e.tag.endsWith('_currencies'));
  expect(currencies).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, currencies);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

let database: Database;
let migrateRest: () => Promise<void>;
let cleanup: () => Promise<void>;
let oldFolder: string;

beforeAll(async () => {
  oldFolder = migrationsBefore();
  if (engine === 'pglite') {
    const client = await PGlite.create();
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: oldFolder });
    database = fromPglite(client);
    migrateRest = () => migratePglite(drizzlePglite({ client }), { migrationsFolder });
    cleanup = () => database.close();
  } else {
    const name = `${runPrefix(inject('pgRun'))}mig_${newKey('m').slice(2)}`.replace(/-/g, '_');
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    const migrateWith = async (folder: string) => {
      const client = postgres(urlFor(name), { max: 1, onnotice: () => {} });
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: folder });
      await client.end();
    };
    await migrateWith(oldFolder);
    database = await openDatabase({ database: { kind: 'postgres', url: urlFor(name), poolSize: 4 } }, { migrate: false });
    migrateRest = () => migrateWith(migrationsFolder);
    cleanup = async () => {
      await database.close();
      const drop = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      await drop.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  }
}, 60_000);
afterAll(async () => {
  await cleanup?.();
  rmSync(oldFolder, { recursive: true, force: true });
});

const exec = (q: SQL) => database.db.execute(q);
const one = async <T>(q: SQL) => (await rows<T>(database.db, q))[0] as T;

/** A player as the schema before currencies had them. */
async function oldPlayer(username: string, country: string): Promise<number> {
  const row = await one<{ id: number }>(
    sql`insert into players (username, password_hash, email, first_name, last_name, birthday, country, phone_number, city, address, postal_code)
        values (${username}, 'x', ${`${username}@mail.test`}, 'Old', 'Player', '1990-01-01', ${country}, '+10000000000', 'City', 'Street 1', '12345')
        returning id`,
  );
  return Number(row.id);
}

/** One balanced operation of the old ledger: its entries, and the balances they changed. */
async function oldOperation(kind: string, playerId: number, lines: [accountId: number, amount: number][]): Promise<void> {
  const op = await one<{ id: string | number }>(
    sql`insert into wallet_operations (kind, op_key, player_id, fingerprint, outcome) values (${kind}, ${newKey(kind)}, ${playerId}, '[]', 'accepted') returning id`,
  );
  for (const [accountId, amount] of lines) {
    await exec(sql`insert into wallet_entries (operation_id, account_id, amount) values (${Number(op.id)}, ${accountId}, ${amount})`);
    await exec(sql`update wallet_accounts set balance = balance + ${amount} where id = ${accountId}`);
  }
}

describe('the currencies migration on a ledger with money in it', () => {
  let german: number;
  let indian: number;
  const account = async (playerId: number | null, kind: string, shard = 0) =>
    Number(
      (
        await one<{ id: number }>(
          playerId === null
            ? sql`select id from wallet_accounts where player_id is null and kind = ${kind} and shard = ${shard}`
            : sql`select id from wallet_accounts where player_id = ${playerId} and kind = ${kind}`,
        )
      ).id,
    );

  beforeAll(async () => {
    german = await oldPlayer('old_german', 'DE');
    indian = await oldPlayer('old_indian', 'IN');
    for (const p of [german, indian]) await exec(sql`insert into wallet_accounts (player_id, kind) values (${p}, 'real'), (${p}, 'bonus'), (${p}, 'locked')`);
    // One set of system shards served everybody; both players on shard 0 here, so the euro and rupee sides must be told apart by operation.
    await exec(sql`insert into wallet_accounts (kind, shard) values ('house', 0), ('clearing', 0)`);
    const house = await account(null, 'house');
    const clearing = await account(null, 'clearing');
    await oldOperation('deposit', german, [
      [clearing, -10_000],
      [await account(german, 'real'), 10_000],
    ]);
    await oldOperation('bet', german, [
      [await account(german, 'real'), -1_500],
      [house, 1_500],
    ]);
    await oldOperation('deposit', indian, [
      [clearing, -70_000],
      [await account(indian, 'real'), 70_000],
    ]);
    await oldOperation('bet', indian, [
      [await account(indian, 'real'), -4_000],
      [house, 4_000],
    ]);
    await exec(
      sql`insert into promotions (promo_code, bonus_kind, bonus_value, max_bonus, wagering_multiplier, max_cashout) values ('TENFREE', 'fixed', 1000, 1000, 40, 10000)`,
    );
    await migrateRest();
  }, 60_000);

  it('gives the Indian player rupees and everyone else euros, and keeps each balance', async () => {
    expect(await readBalance(database.db, german)).toMatchObject({ currency: 'EUR', real: 8_500 });
    expect(await readBalance(database.db, indian)).toMatchObject({ currency: 'INR', real: 66_000 });
  });

  it("moves the Indian player's house and clearing side to the rupee shards, leaving the euro ones with euro money only", async () => {
    const system = await rows<{ kind: string; currency: string; shard: number; balance: string | number }>(
      database.db,
      sql`select kind, currency, shard, balance from wallet_accounts where player_id is null and balance <> 0 order by currency, kind`,
    );
    expect(system.map((a) => ({ ...a, balance: Number(a.balance) }))).toEqual([
      { kind: 'clearing', currency: 'EUR', shard: 0, balance: -10_000 },
      { kind: 'house', currency: 'EUR', shard: 0, balance: 1_500 },
      { kind: 'clearing', currency: 'INR', shard: 0, balance: -70_000 },
      { kind: 'house', currency: 'INR', shard: 0, balance: 4_000 },
    ]);
    const audit = await auditLedger(database.db);
    expect(audit).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [], mixedOperations: [] });
    expect(audit.currencies).toEqual({ EUR: { total: 0, playersTotal: 8_500 }, INR: { total: 0, playersTotal: 66_000 } });
  });

  it('offers the seeded promotions in rupees with rupee figures of their own (0027 replaced the euro figures 0009 copied)', async () => {
    const inr = await one<{ bonus_value: string | number; max_cashout: string | number }>(
      sql`select a.bonus_value, a.max_cashout from promotion_amounts a join promotions p on p.id = a.promotion_id where p.promo_code = 'TENFREE' and a.currency = 'INR'`,
    );
    expect([Number(inr.bonus_value), Number(inr.max_cashout)]).toEqual([100_000, 1_000_000]);
  });

  it('lets the wallet go on: a rupee bet lands on the rupee house, and entries are immutable again', async () => {
    const wallet = createWallet(database.db, noPushes);
    expect(await wallet.bet({ key: newKey('bet'), playerId: indian, amount: 1000, gameId: 'g', gameName: 'G', roundId: 'r' })).toMatchObject({
      ok: true,
      balance: { currency: 'INR', real: 65_000 },
    });
    const audit = await auditLedger(database.db);
    expect(balancedPerCurrency(audit)).toBe(true);
    expect(audit.currencies.INR?.playersTotal).toBe(65_000);
    await expect(exec(sql`update wallet_entries set amount = amount + 1 where id = (select min(id) from wallet_entries)`)).rejects.toThrow();
  });
});
