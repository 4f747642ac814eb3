// The session calls of the contract's auth module: login (with its trailing slash),
// the current player, and the refresh token's rotation and end.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { loginParams } from '../../../shared/schemas/auth.ts';
import { dummyHash, logIn } from '../../auth/login.ts';
import { optionalPlayer } from '../../auth/middleware.ts';
import { sessionPlayer } from '../../auth/profile.ts';
import { REFRESH_TOKEN_TTL_SECONDS, endSession, rotateSession } from '../../auth/sessions.ts';
import { issueAccessToken } from '../../auth/tokens.ts';
import { studioOf } from '../../games/studio.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody, refusal } from '../../http.ts';

/** SPEC §9's storage names: cookies prefixed `front.`, refresh prefix `_refresh_token.`, strategy `local`. */
export const REFRESH_COOKIE = 'front._refresh_token.local';
/** The cookie goes only to these calls, nowhere else on the site. */
const REFRESH_COOKIE_PATH = '/api/front/auth';

/** 429 with the catalogue key the forms show. */
export function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json(refusal('too_many_attempts'), 429);
}

export function authRoutes(ctx: ServerContext) {
  const { config, database } = ctx;
  const studio = studioOf(ctx);
  // The first unknown-username login must not be the slow one.
  void dummyHash();

  const setRefreshCookie = (c: Context, token: string) =>
    setCookie(c, REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: config.production,
      path: REFRESH_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
  const clearRefreshCookie = (c: Context) =>
    deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: config.production, httpOnly: true, sameSite: 'Strict' });

  const login = async (c: Context<AppEnv>) => {
    const { username, password } = await parseBody(c, loginParams);
    const result = await logIn(ctx, { username, password }, c.get('clientIp'));
    if (result.kind === 'limited') return tooManyAttempts(c, 15 * 60);
    if (result.kind === 'failed') return c.json(refusal('failed_login'), 401);
    setRefreshCookie(c, result.session.refreshToken);
    return c.json({ status: 1, accessToken: result.accessToken });
  };

  return (
    new Hono<AppEnv>()
      .post('/auth/login', login)
      .post('/auth/login/', login)
      // No token: a guest, `player: null`. A bad token: 401, so the browser signs out.
      .get('/auth/player', optionalPlayer(ctx), async (c) => {
        const claims = c.get('player');
        const player = claims ? await sessionPlayer(database.db, claims.playerId) : undefined;
        return c.json({ status: 1, player: player ?? null });
      })
      .post('/auth/refresh', async (c) => {
        const token = getCookie(c, REFRESH_COOKIE);
        const rotation = token ? await rotateSession(database.db, token) : ({ kind: 'invalid' } as const);
        if (rotation.kind !== 'rotated') {
          clearRefreshCookie(c);
          return c.json(refusal('unauthorized'), 401);
        }
        const { session, scope } = rotation;
        setRefreshCookie(c, session.refreshToken);
        const accessToken = await issueAccessToken(config.jwtSecret, { playerId: session.playerId, scope, sessionId: session.sessionId });
        return c.json({ status: 1, accessToken });
      })
      .post('/auth/logout', async (c) => {
        const token = getCookie(c, REFRESH_COOKIE);
        const playerId = token ? await endSession(database.db, token) : undefined;
        // A game left open in another tab must not keep betting for a player who signed out.
        if (playerId !== undefined) await studio.revokeSessions(playerId);
        clearRefreshCookie(c);
        return c.json({ status: 1 });
      })
  );
}
