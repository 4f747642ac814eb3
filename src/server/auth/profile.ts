// The player's own record: what they may read, the few fields they may change, and
// their password. The player is always the one in the token; body ids play no part.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PlayerProfile } from '../../shared/contract/account.ts';
import type { SessionPlayer } from '../../shared/contract/auth.ts';
import type { ProfileChanges } from '../../shared/schemas/player.ts';
import type { ServerContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { players } from '../db/schema/index.ts';
import { readBalance, toBalanceInfo } from '../wallet/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { consume, LIMITS, limitKey } from './rate-limit.ts';
import { revokeSessions } from './sessions.ts';

/** The player's profile; undefined when there is no such (unblocked) player. */
export async function playerProfile(db: Executor, playerId: number): Promise<PlayerProfile | undefined> {
  const [p] = await db.select().from(players).where(eq(players.id, playerId));
  if (!p || p.status === 'blocked') return undefined;
  return {
    id: p.id,
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    email_verified: p.emailVerifiedAt !== null,
    birthday: p.birthday,
    gender: p.gender,
    address: p.address,
    postal_code: p.postalCode,
    city: p.city,
    country: p.country,
    phone_number: p.phoneNumber,
    interface_local: p.interfaceLocal,
    notify_newletter: p.notifyNewsletter,
  };
}

/** The player behind a session; undefined when there is no such (unblocked) player. */
export async function sessionPlayer(db: Executor, playerId: number): Promise<SessionPlayer | undefined> {
  const [p] = await db.select().from(players).where(eq(players.id, playerId));
  if (!p || p.status === 'blocked') return undefined;
  const { currency, total_balance, real_balance, bonus_balance, locked_balance } = toBalanceInfo(await readBalance(db, p.id));
  return {
    id: p.id,
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    country: p.country,
    phone_number: p.phoneNumber,
    currency,
    total_balance,
    real_balance,
    bonus_balance,
    locked_balance,
    scope: p.scope,
  };
}

export type ProfileUpdate = 'updated' | 'no_player' | 'country_by_support';

/**
 * Applies the whitelisted changes; `no_player` when the player does not exist or is blocked.
 * The country is the registered one that every market rule reads (jurisdiction profile,
 * processors): the page may send it back unchanged, but a different one is refused
 * (`country_by_support`) and nothing changes. Support changes it (identity/service.ts's
 * changeCountry, audited).
 */
export async function updateProfile(db: Executor, playerId: number, changes: ProfileChanges): Promise<ProfileUpdate> {
  const [current] = await db.select({ country: players.country, status: players.status }).from(players).where(eq(players.id, playerId));
  if (!current || current.status === 'blocked') return 'no_player';
  if (changes.country !== undefined && changes.country !== current.country.trim().toUpperCase()) return 'country_by_support';
  // Listed one by one on purpose: a field added to the schema later does not become writable by accident.
  const set: Partial<typeof players.$inferInsert> = {};
  if (changes.gender !== undefined) set.gender = changes.gender;
  if (changes.address !== undefined) set.address = changes.address;
  if (changes.postal_code !== undefined) set.postalCode = changes.postal_code;
  if (changes.city !== undefined) set.city = changes.city;
  if ('phone_number' in changes && typeof changes.phone_number === 'string') set.phoneNumber = changes.phone_number;
  if (changes.interface_local !== undefined) set.interfaceLocal = changes.interface_local;
  const updated = await db
    .update(players)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(players.id, playerId), ne(players.status, 'blocked')))
    .returning({ id: players.id });
  return updated.length > 0 ? 'updated' : 'no_player';
}

export type PasswordChange = 'changed' | 'wrong_old_password' | 'too_many_attempts';

/**
 * Changes the password after checking the old one. Every other login of the player
 * ends; the one that asked (`sessionId`) stays.
 */
export async function changePassword(
  ctx: ServerContext,
  playerId: number,
  passwords: { oldPassword: string; newPassword: string },
  sessionId: string | undefined,
): Promise<PasswordChange> {
  const db = ctx.database.db;
  // A stolen access token must not become a way to guess the password.
  if (!(await consume(db, limitKey('password', 'player', playerId), LIMITS.passwordChangePerPlayer))) return 'too_many_attempts';
  const [row] = await db.select({ passwordHash: players.passwordHash }).from(players).where(eq(players.id, playerId));
  if (!row || !(await verifyPassword(row.passwordHash, passwords.oldPassword))) return 'wrong_old_password';
  const passwordHash = await hashPassword(passwords.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(players).set({ passwordHash, updatedAt: sql`now()` }).where(eq(players.id, playerId));
    await revokeSessions(tx, playerId, sessionId);
  });
  return 'changed';
}
