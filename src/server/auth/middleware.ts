// Who is calling: the player is always the one in the access token, never a body field.
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { players } from '../db/schema/index.ts';
import type { ServerContext } from '../context.ts';
import { type AppEnv, HttpError } from '../http.ts';
import { type AccessClaims, bearerToken, hasScope, verifyAccessToken } from './tokens.ts';

export type AuthEnv = AppEnv & { Variables: AppEnv['Variables'] & { player: AccessClaims } };
export type MaybeAuthEnv = AppEnv & { Variables: AppEnv['Variables'] & { player: AccessClaims | undefined } };

/** 401 unless the request carries a valid access token; sets `player`. */
export function requirePlayer({ config }: ServerContext) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const claims = await verifyAccessToken(config.jwtSecret, bearerToken(c.req.header('authorization')));
    if (!claims) throw new HttpError(401, 'unauthorized');
    c.set('player', claims);
    await next();
  });
}

/** Sets `player` when a valid token is sent; a missing one is fine, a bad one is 401. */
export function optionalPlayer({ config }: ServerContext) {
  return createMiddleware<MaybeAuthEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const claims = token ? await verifyAccessToken(config.jwtSecret, token) : undefined;
    if (token && !claims) throw new HttpError(401, 'unauthorized');
    c.set('player', claims);
    await next();
  });
}

/**
 * 401 without a token, 403 unless the player holds `scope`. The scope is checked in
 * the token and again in the database, so revoking staff rights takes effect at once.
 */
export function requireScope(ctx: ServerContext, scope: string) {
  const auth = requirePlayer(ctx);
  return createMiddleware<AuthEnv>(async (c, next) => {
    await auth(c, async () => {
      const claims = c.get('player');
      if (!hasScope(claims.scope, scope)) throw new HttpError(403, 'forbidden');
      const [row] = await ctx.database.db.select({ scope: players.scope, status: players.status }).from(players).where(eq(players.id, claims.playerId));
      if (!row || row.status === 'blocked' || !hasScope(row.scope, scope)) throw new HttpError(403, 'forbidden');
      await next();
    });
  });
}
