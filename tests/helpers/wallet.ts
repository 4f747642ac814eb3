// Players, logins and signatures for the API tests.
import { createHmac, randomBytes } from 'node:crypto';
import { startSession } from '../../src/server/auth/sessions.ts';
import type { Db, Executor } from '../../src/server/db/client.ts';
import { players } from '../../src/server/db/schema/index.ts';
import { issueAccessToken } from '../../src/server/auth/tokens.ts';
import type { ServerContext } from '../../src/server/context.ts';
import { walletOf } from '../../src/server/wallet/index.ts';

/**
 * Inserts `count` players straight into the table (registration is another module's) and
 * returns their ids. Their wallet currency is EUR, or `currency`: one for all, or a list
 * the players take in turn (`['EUR', 'INR']`: every other player in rupees).
 */
export async function createPlayers(db: Db, count: number, currency: string | readonly string[] = 'EUR'): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const currencies = typeof currency === 'string' ? [currency] : currency;
  const values = Array.from({ length: count }, (_, i) => ({
    currency: currencies[i % currencies.length] as string,
    username: `w${tag}${i}`,
    passwordHash: 'not-a-real-hash',
    email: `w${tag}${i}@casino.test`,
    firstName: 'Wallet',
    lastName: `Player ${i}`,
    birthday: '1990-01-01',
    country: currencies[i % currencies.length] === 'INR' ? 'IN' : 'DE',
    phoneNumber: '+4915112345678',
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postalCode: '10117',
  }));
  const ids: number[] = [];
  // In slices: one insert of thousands of rows would pass PostgreSQL's parameter limit.
  for (let i = 0; i < values.length; i += 500) {
    const inserted = await db
      .insert(players)
      .values(values.slice(i, i + 500))
      .returning({ id: players.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Where a test's login is started and signed: a test API's `ctx`, or a database and a key. */
export interface LoginPlace {
  database: { db: Executor };
  config: { jwtSecret: string };
}

/**
 * A real login of the player (a refresh-token family, as logging in starts) and an access
 * token of it: calls that move money or change the account refuse tokens without a live
 * login. `sessionId` is the login, for a test that ends it. A staff login is made as one
 * that passed the second step, as the seeded staff account's logins do (staff calls want it);
 * the account must still have a factor.
 */
export async function loginFor(place: LoginPlace, playerId: number, scope: string[] = ['player']): Promise<{ token: string; sessionId: string }> {
  const secondFactor = scope.includes('admin');
  const { sessionId } = await startSession(place.database.db, playerId, undefined, { secondFactor });
  return { token: await issueAccessToken(place.config.jwtSecret, { playerId, scope, sessionId, secondFactor }), sessionId };
}

/** An access token of a fresh real login of the player (see loginFor). */
export async function tokenFor(place: LoginPlace, playerId: number, scope: string[] = ['player']): Promise<string> {
  return (await loginFor(place, playerId, scope)).token;
}

/** A new player who deposited `cents` by card (nothing for 0), and an access token of a real login. */
export async function fundedPlayer(api: { ctx: ServerContext }, cents: number): Promise<{ id: number; token: string }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
  if (cents > 0) await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: id, amount: cents, provider: 'card' });
  return { id, token: await tokenFor(api.ctx, id) };
}

/** The X-Signature a game studio sends: hex HMAC-SHA256 of the raw body. */
export function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** A fresh operation id. */
export const newKey = (prefix = 'op') => `${prefix}-${randomBytes(8).toString('hex')}`;
