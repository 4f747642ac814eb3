// Backups and restores (src/server/backup.ts, `npm run backup` / `npm run restore`): players
// play, the database and the identity documents are backed up, play goes on, and the backup
// restored into a new database holds the ledger exactly as it stood at the backup, balanced;
// a restore never lands on data, and a damaged backup is refused before anything is loaded.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BackupError, createBackup, restoreBackup } from '../../src/server/backup.ts';
import type { Config } from '../../src/server/config.ts';
import { noPushes } from '../../src/server/context.ts';
import { type Database, type Executor, openDatabase, rows } from '../../src/server/db/client.ts';
import { auditLedger, balancedPerCurrency, createWallet, type Wallet } from '../../src/server/wallet/index.ts';
import { engine, testDatabase } from '../helpers/db.ts';
import { adminUrl, runPrefix, urlFor } from '../helpers/pg-urls.ts';
import { createPlayers, newKey } from '../helpers/wallet.ts';

const scratch = () => mkdtempSync(join(tmpdir(), 'casino-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new, empty database to restore into: a PostgreSQL database of this run, or a PGlite data directory. */
async function emptyTarget(): Promise<Config['database']> {
  if (engine === 'pglite') return { kind: 'pglite', dir: join(scratch(), 'pglite') };
  const name = `${runPrefix(inject('pgRun'))}${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    await drop.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  return { kind: 'postgres', url: urlFor(name), poolSize: 2 };
}

/** Everything the ledger says: the audit, every account's balance and every operation and entry. */
async function ledger(db: Executor) {
  return {
    audit: await auditLedger(db),
    accounts: await rows(db, sql`select id, player_id, kind, currency, balance::text from wallet_accounts order by id`),
    operations: await rows(db, sql`select id, kind, op_key, player_id, currency, outcome from wallet_operations order by id`),
    entries: await rows(db, sql`select id, operation_id, account_id, amount::text from wallet_entries order by id`),
  };
}

async function play(wallet: Wallet, players: number[], round: string): Promise<void> {
  for (const [i, playerId] of players.entries()) {
    await wallet.deposit({ key: newKey(`dep${round}`), playerId, amount: 10_000 + i * 100, provider: 'card' });
    const betKey = newKey(`bet${round}`);
    expect((await wallet.bet({ key: betKey, playerId, amount: 1_500, gameId: 'dice', gameName: 'Dice', roundId: betKey })).ok).toBe(true);
    if (i % 2 === 0) await wallet.win({ key: newKey(`win${round}`), playerId, betKey, amount: 2_900 });
  }
}

describe(`backup and restore on ${engine}`, () => {
  it('restores the ledger and the documents exactly as they stood at the backup, after play went on', async () => {
    const source: Database & { url?: string } = await testDatabase();
    cleanups.push(() => source.close());
    const wallet = createWallet(source.db, noPushes);
    const players = await createPlayers(source.db, 4, ['EUR', 'INR']);
    await play(wallet, players, 'a');
    const identityDir = join(scratch(), 'identity');
    mkdirSync(join(identityDir, 'ab'), { recursive: true });
    writeFileSync(join(identityDir, 'ab', 'passport.jpg'), randomBytes(2048));
    writeFileSync(join(identityDir, 'utility-bill.pdf'), randomBytes(1024));

    const atBackup = await ledger(source.db);
    expect(balancedPerCurrency(atBackup.audit)).toBe(true);
    const out = join(scratch(), 'backup');
    const settings = { database: source.url ? ({ kind: 'postgres', url: source.url, poolSize: 2 } as const) : ({ kind: 'memory' } as const), identityDir };
    const manifest = await createBackup(settings, out, { pglite: source.pglite });
    expect(manifest).toMatchObject({ format: 1, engine, identityDocuments: 2 });
    expect(manifest.migrations).toBeGreaterThan(20);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(
      [engine === 'postgres' ? 'database.dump' : 'database.tar.gz', 'identity/ab/passport.jpg', 'identity/utility-bill.pdf'].sort(),
    );

    // Play goes on after the backup; none of it is in the restore.
    await play(wallet, players, 'b');
    expect((await ledger(source.db)).operations.length).toBeGreaterThan(atBackup.operations.length);

    const target = await emptyTarget();
    const restoredIdentity = join(scratch(), 'identity');
    await restoreBackup({ database: target, identityDir: restoredIdentity }, out);
    const restored = await openDatabase({ database: target }, { migrate: false });
    cleanups.push(() => restored.close());
    const now = await ledger(restored.db);
    expect(now).toEqual(atBackup);
    expect(balancedPerCurrency(now.audit)).toBe(true);
    expect(readFileSync(join(restoredIdentity, 'ab', 'passport.jpg'))).toEqual(readFileSync(join(identityDir, 'ab', 'passport.jpg')));
    expect(readdirSync(restoredIdentity).sort()).toEqual(['ab', 'utility-bill.pdf']);

    // The restored database takes play on (its sequences and locks are whole).
    const again = createWallet(restored.db, noPushes);
    await play(again, players, 'c');
    expect(balancedPerCurrency(await auditLedger(restored.db))).toBe(true);

    // Never over data: the same target again is refused, and so is a damaged backup.
    await expect(restoreBackup({ database: target, identityDir: join(scratch(), 'identity') }, out)).rejects.toThrow(BackupError);
    const damaged = manifest.files[0]?.path as string;
    writeFileSync(join(out, damaged), Buffer.concat([readFileSync(join(out, damaged)), Buffer.from('x')]));
    await expect(restoreBackup({ database: await emptyTarget(), identityDir: join(scratch(), 'identity') }, out)).rejects.toThrow(/differs from the manifest/);
  }, 120_000);
});
