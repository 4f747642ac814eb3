// Who is calling: the player is always the one in the access token, never a body field.
// The HTTP layer's side of auth (middleware for the routes), beside http.ts; the rules live in auth/.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { players } from './db/schema/index.ts';
import type { ServerContext } from './context.ts';
import { type AppEnv, HttpError } from './http.ts';
import { isLoginLive, type LiveLogin } from './auth/sessions.ts';
import { hasSecondFactor } from './auth/two-factor.ts';
import { holdsRole, type StaffRole } from '../shared/staff-roles.ts';
import { type AccessClaims, bearerToken, hasScope, verifyAccessToken } from './auth/tokens.ts';

/** `login`: set by the live checks (requireLivePlayer), what the login's read told of the player. */
export type AuthEnv = AppEnv & { Variables: AppEnv['Variables'] & { player: AccessClaims; login?: LiveLogin } };
export type MaybeAuthEnv = AppEnv & { Variables: AppEnv['Variables'] & { player: AccessClaims | undefined } };

/**
 * Which calls check the login behind the token. Reads trust the token alone (cheap, and
 * an ended login shows nothing it could not see a minute earlier). Calls that move money
 * or change the account also ask the database whether the token's login (`sid`, its
 * refresh-token family) still stands, so a logout, a password change or a theft
 * revocation stops them at once instead of when the token runs out.
 */
async function callerOf({ config, database }: ServerContext, c: Context, live: boolean): Promise<{ claims: AccessClaims; login?: LiveLogin } | undefined> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return undefined;
  // A bad token is always 401 (never "a guest"), so the browser signs out.
  const claims = await verifyAccessToken(config.jwtSecret, token);
  if (!claims) throw new HttpError(401, 'unauthorized');
  if (!live) return { claims };
  const login = await isLoginLive(database.db, claims.playerId, claims.sessionId);
  if (!login) throw new HttpError(401, 'unauthorized');
  return { claims, login };
}

function required(ctx: ServerContext, live: boolean) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const caller = await callerOf(ctx, c, live);
    if (!caller) throw new HttpError(401, 'unauthorized');
    c.set('player', caller.claims);
    if (caller.login) c.set('login', caller.login);
    await next();
  });
}

function optional(ctx: ServerContext, live: boolean) {
  return createMiddleware<MaybeAuthEnv>(async (c, next) => {
    c.set('player', (await callerOf(ctx, c, live))?.claims);
    await next();
  });
}

/** 401 unless the request carries a valid access token; sets `player`. For reads. */
export const requirePlayer = (ctx: ServerContext) => required(ctx, false);

/** requirePlayer, and the token's login must not have ended: for calls that move money or change the account. */
export const requireLivePlayer = (ctx: ServerContext) => required(ctx, true);

/** Sets `player` when a valid token is sent; a missing one is fine (a guest), a bad one is 401. */
export const optionalPlayer = (ctx: ServerContext) => optional(ctx, false);

/** optionalPlayer, and a token that is sent must come from a login that has not ended. */
export const optionalLivePlayer = (ctx: ServerContext) => optional(ctx, true);

/**
 * 401 without a token, 403 unless the player holds `scope`. The scope is checked in
 * the token and again in the database, so revoking staff rights takes effect at once;
 * 401 when the staff member's login has ended. 403 `staff_second_factor_required` unless
 * the account has a second factor and this very login passed it: a factor on the account
 * is not enough, since a password-only login could have enrolled it.
 */
/**
 * Calls of `scope` only, checked in the token and the database. With `roleFor`, staff calls
 * also need the role of the call's area (src/shared/staff-roles.ts), read from the database.
 */
export function requireScope(ctx: ServerContext, scope: string, roleFor?: (path: string) => StaffRole) {
  const auth = requirePlayer(ctx);
  return createMiddleware<AuthEnv>(async (c, next) => {
    await auth(c, async () => {
      const claims = c.get('player');
      if (!hasScope(claims.scope, scope)) throw new HttpError(403, 'forbidden');
      const [row] = await ctx.database.db.select({ scope: players.scope, status: players.status }).from(players).where(eq(players.id, claims.playerId));
      if (!row || row.status === 'blocked' || !hasScope(row.scope, scope)) throw new HttpError(403, 'forbidden');
      if (roleFor && !holdsRole(row.scope, roleFor(c.req.path))) throw new HttpError(403, 'forbidden');
      // Staff calls change the site for everyone: a staff login that ended stops here too.
      const login = await isLoginLive(ctx.database.db, claims.playerId, claims.sessionId);
      if (!login) throw new HttpError(401, 'unauthorized');
      // A stolen staff password alone changes nothing: the token says the login passed the
      // second step, its family says so too (kept through every refresh of that login), and
      // the account still has a factor (removing the last one ends staff access).
      if (!claims.secondFactor || !login.secondFactor || !(await hasSecondFactor(ctx.database.db, claims.playerId)))
        throw new HttpError(403, 'staff_second_factor_required');
      c.set('login', login);
      await next();
    });
  });
}
