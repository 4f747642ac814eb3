// Demo data for a first start: settings with empty blacklists, the lobby's game
// groups (id 2 is sports) and games, a demo player and a staff account. Safe to run on every
// start: rows that exist are left alone, but accounts without a username key get theirs.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { fillUsernameKeys } from '../auth/players.ts';
import { enrolKnownSecret } from '../auth/two-factor.ts';
import { usernameKey } from '../auth/usernames.ts';
import { seedContent } from './seed-content.ts';
import { seedGames } from './seed-games.ts';
import { seedSandboxStudio } from '../seamless/sandbox.ts';
import type { Config } from '../config.ts';
import { seedProcessors } from '../payments/processors.ts';
import { noPushes } from '../context.ts';
import { createWallet } from '../wallet/operations.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../db/client.ts';
import { gameGroups, players, settings } from '../db/schema/index.ts';

export const DEMO_PLAYER = { username: 'demo', password: 'demo1234' } as const;
export const DEMO_STAFF = { username: 'admin', password: 'admin1234' } as const;
/**
 * The demo staff account's authenticator secret (development seed only; staff calls need a
 * second factor). Add it to any authenticator app, or print the current code with
 * `npm run totp`.
 */
export const DEMO_STAFF_TOTP_SECRET = 'CASINOEAGLESDEMOSTAFFTOTPSECRET2';
/** The demo player's starting balance: 1,000.00. */
export const DEMO_DEPOSIT_CENTS = 100_000;

export const GAME_GROUPS: (typeof gameGroups.$inferInsert)[] = [
  { id: 1, groupName: 'Slots', groupSlug: 'slots', type: 'online', position: 1, theme: 'slot' },
  { id: 2, groupName: 'Sports', groupSlug: 'sports', type: 'online', position: 2, theme: 'sport' },
  { id: 3, groupName: 'Roulette', groupSlug: 'roulette', type: 'online', position: 3, theme: 'table' },
  { id: 4, groupName: 'Blackjack', groupSlug: 'blackjack', type: 'online', position: 4, theme: 'table' },
  { id: 5, groupName: 'Baccarat', groupSlug: 'baccarat', type: 'online', position: 5, theme: 'table' },
  { id: 6, groupName: 'Video Poker', groupSlug: 'video-poker', type: 'online', position: 6, theme: 'video_poker' },
  { id: 7, groupName: 'Instant Win', groupSlug: 'instant-win', type: 'online', position: 7, theme: 'instant' },
  { id: 8, groupName: 'Dice', groupSlug: 'dice', type: 'online', position: 8, theme: 'arcade' },
  { id: 9, groupName: 'Keno', groupSlug: 'keno', type: 'online', position: 9, theme: 'lottery' },
  { id: 10, groupName: 'Scratch Cards', groupSlug: 'scratch-cards', type: 'online', position: 10, theme: 'lottery' },
  { id: 20, groupName: 'Live Dealer', groupSlug: 'live-dealer', type: 'live', position: 1, theme: 'live' },
  { id: 21, groupName: 'European Roulette', groupSlug: 'european-roulette', type: 'live', position: 2, theme: 'live' },
  { id: 22, groupName: "Casino Hold'em", groupSlug: 'casino-holdem', type: 'live', position: 3, theme: 'live' },
];

/** Whether this database has never been seeded. */
export async function isFirstStart(db: Db): Promise<boolean> {
  const result = await db.select({ n: sql<number>`count(*)::int` }).from(settings);
  return (result[0]?.n ?? 0) === 0;
}

/** Seeds what a working site needs; demo accounts only when `withDemoAccounts`. */
export async function seed(
  db: Db,
  options: {
    withDemoAccounts: boolean;
    logger?: Logger;
    /** The sandbox studio's key is sealed with these; the sandbox's processors and games are seeded only where `sandbox` is on. */
    config: Pick<Config, 'webhookSecret' | 'providerSecretsKey' | 'sandbox'>;
    /** The key TOTP secrets are sealed with, to enrol the demo staff account's app; left out in production. */
    demoStaffTotpKey?: string | undefined;
  },
): Promise<void> {
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  await db.insert(gameGroups).values(GAME_GROUPS).onConflictDoNothing();
  await seedGames(db);
  // Test doubles of outside parties: never seeded where a test card would be real money.
  if (options.config.sandbox) {
    await seedSandboxStudio(db, options.config);
    await seedProcessors(db);
  }
  await seedContent(db);
  await fillUsernameKeys(db, options.logger);
  if (!options.withDemoAccounts) return;
  // Hashing costs a few dozen milliseconds each: only on the start that creates the accounts.
  const existing = await db.select({ id: players.id }).from(players).where(sql`lower(${players.username}) = ${DEMO_PLAYER.username}`);
  if (existing.length === 0) await seedDemoAccounts(db);
  // Every start, not only the first: a development database from before staff needed a
  // second factor gets the staff account's known key too (an app already enrolled is kept).
  if (options.demoStaffTotpKey) {
    const [staff] = await db.select({ id: players.id }).from(players).where(sql`lower(${players.username}) = ${DEMO_STAFF.username}`);
    if (staff) await enrolKnownSecret(db, options.demoStaffTotpKey, staff.id, DEMO_STAFF_TOTP_SECRET);
  }
  const [demo] = await db.select({ id: players.id }).from(players).where(sql`lower(${players.username}) = ${DEMO_PLAYER.username}`);
  // The demo player starts with play money, deposited once through the wallet like any deposit.
  if (demo) await createWallet(db, noPushes).deposit({ key: 'demo-seed-deposit', playerId: demo.id, amount: DEMO_DEPOSIT_CENTS, provider: 'Demo' });
  options.logger?.info({ player: DEMO_PLAYER.username, staff: DEMO_STAFF.username }, 'demo accounts ready');
}

async function seedDemoAccounts(db: Db): Promise<void> {
  const base = {
    email: 'demo@casino.test',
    firstName: 'Demo',
    lastName: 'Player',
    gender: 'male' as const,
    birthday: '1990-01-01',
    country: 'DE',
    phoneNumber: '+4915112345678',
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postalCode: '10117',
    interfaceLocal: 'en',
  };
  await db
    .insert(players)
    .values([
      { ...base, username: DEMO_PLAYER.username, usernameKey: usernameKey(DEMO_PLAYER.username), passwordHash: await hashPassword(DEMO_PLAYER.password) },
      {
        ...base,
        username: DEMO_STAFF.username,
        usernameKey: usernameKey(DEMO_STAFF.username),
        email: 'staff@casino.test',
        firstName: 'Site',
        lastName: 'Staff',
        passwordHash: await hashPassword(DEMO_STAFF.password),
        scope: ['player', 'admin', 'owner'],
      },
    ])
    .onConflictDoNothing();
}
