// Players, tokens and signatures for the wallet's tests.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { players } from '../../src/server/db/schema/index.ts';
import { issueAccessToken } from '../../src/server/auth/tokens.ts';

/** Inserts `count` players straight into the table (registration is another module's) and returns their ids. */
export async function createPlayers(db: Db, count: number): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const values = Array.from({ length: count }, (_, i) => ({
    username: `w${tag}${i}`,
    passwordHash: 'not-a-real-hash',
    email: `w${tag}${i}@casino.test`,
    firstName: 'Wallet',
    lastName: `Player ${i}`,
    birthday: '1990-01-01',
    country: 'DE',
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

export function tokenFor(jwtSecret: string, playerId: number): Promise<string> {
  return issueAccessToken(jwtSecret, { playerId, scope: ['player'] });
}

/** The X-Signature a game studio sends: hex HMAC-SHA256 of the raw body. */
export function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** A fresh operation id. */
export const newKey = (prefix = 'op') => `${prefix}-${randomBytes(8).toString('hex')}`;
