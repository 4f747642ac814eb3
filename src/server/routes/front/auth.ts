// The session calls of the contract's auth module: login (with its trailing slash),
// the current player, and the refresh token's rotation and end.
import type { Reply } from '../../../shared/contract/index.ts';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { loginParams } from '../../../shared/schemas/auth.ts';
import { passkeyLoginOptionsParams, secondFactorParams } from '../../../shared/schemas/security.ts';
import { completeLogin, dummyHash, type LoginResult, logIn } from '../../auth/login.ts';
import { passkeyLoginOptions } from '../../auth/two-factor.ts';
import { optionalPlayer } from '../../http-auth.ts';
import { sessionPlayer } from '../../auth/profile.ts';
import { REFRESH_TOKEN_TTL_SECONDS, endLogin, endSession, rotateSession } from '../../auth/sessions.ts';
import { bearerToken, issueAccessToken, verifyAccessToken } from '../../auth/tokens.ts';
import { studioOf } from '../../games/studio.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody, refusal, tooManyAttempts } from '../../http.ts';
import { protectionRefusal } from '../../protection/reply.ts';

/** SPEC §9's storage names: cookies prefixed `front.`, refresh prefix `_refresh_token.`, strategy `local`. */
export const REFRESH_COOKIE = 'front._refresh_token.local';
/** The cookie goes only to these calls, nowhere else on the site. */
const REFRESH_COOKIE_PATH = '/api/front/auth';

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

  /** Both steps of a login end here: the tokens, a ticket for the second step, or why not. */
  const answer = (c: Context<AppEnv>, result: LoginResult, failure: string) => {
    if (result.kind === 'limited') return tooManyAttempts(c, result.retryAfterSeconds);
    if (result.kind === 'failed') return c.json(refusal(failure), 401);
    if (result.kind === 'barred') return c.json(protectionRefusal(result.bar), 403);
    if (result.kind === 'second_factor')
      return c.json({
        status: 1,
        second_factor: { ticket: result.ticket, methods: result.methods, expires_in: result.expiresIn },
      } satisfies Reply<'front/auth/login'>);
    setRefreshCookie(c, result.session.refreshToken);
    return c.json({ status: 1, accessToken: result.accessToken } satisfies Reply<'front/auth/login'> & Reply<'front/auth/second_factor'>);
  };

  const login = async (c: Context<AppEnv>) => {
    const { username, password } = await parseBody(c, loginParams);
    return answer(c, await logIn(ctx, { username, password }, c.get('clientIp')), 'failed_login');
  };

  return (
    new Hono<AppEnv>()
      .post('/auth/login', login)
      .post('/auth/login/', login)
      // The second step: a wrong code is 401 `wrong_second_factor`; a ticket spent, expired or
      // worn out by wrong codes is 401 `login_ticket_expired` (the password is asked again).
      .post('/auth/second_factor', async (c) => {
        const { ticket, ...proof } = await parseBody(c, secondFactorParams);
        const result = await completeLogin(ctx, ticket, proof as Parameters<typeof completeLogin>[2], c.get('clientIp'));
        if (result.kind === 'invalid_ticket') return c.json(refusal('login_ticket_expired'), 401);
        return answer(c, result, 'wrong_second_factor');
      })
      .post('/auth/passkey_options', async (c) => {
        const { ticket } = await parseBody(c, passkeyLoginOptionsParams);
        const options = await passkeyLoginOptions(ctx, ticket);
        if (options === 'invalid_ticket') return c.json(refusal('login_ticket_expired'), 401);
        if (options === 'no_passkey') return c.json(refusal('no_passkey') satisfies Reply<'front/auth/passkey_options'>);
        return c.json({ status: 1, options } satisfies Reply<'front/auth/passkey_options'>);
      })
      // No token: a guest, `player: null`. A bad token: 401, so the browser signs out.
      .get('/auth/player', optionalPlayer(ctx), async (c) => {
        const claims = c.get('player');
        const player = claims ? await sessionPlayer(database.db, claims.playerId) : undefined;
        return c.json({ status: 1, player: player ?? null } satisfies Reply<'front/auth/player'>);
      })
      .post('/auth/refresh', async (c) => {
        const token = getCookie(c, REFRESH_COOKIE);
        const rotation = token ? await rotateSession(ctx, token) : ({ kind: 'invalid' } as const);
        if (rotation.kind !== 'rotated') {
          clearRefreshCookie(c);
          return c.json(refusal('unauthorized'), 401);
        }
        const { session, scope } = rotation;
        setRefreshCookie(c, session.refreshToken);
        const accessToken = await issueAccessToken(config.jwtSecret, {
          playerId: session.playerId,
          scope,
          sessionId: session.sessionId,
          secondFactor: session.secondFactor,
        });
        return c.json({ status: 1, accessToken } satisfies Reply<'front/auth/refresh'>);
      })
      .post('/auth/logout', async (c) => {
        const token = getCookie(c, REFRESH_COOKIE);
        let playerId = token ? await endSession(database.db, token) : undefined;
        // A client that keeps no cookie logs out with its access token: the login it names ends
        // the same way. A token that is no longer valid ends nothing and is no error: logging out stays possible.
        const claims = await verifyAccessToken(config.jwtSecret, bearerToken(c.req.header('authorization')));
        if (claims && (await endLogin(database.db, claims.playerId, claims.sessionId))) playerId ??= claims.playerId;
        // A game left open in another tab must not keep betting for a player who signed out.
        if (playerId !== undefined) await studio.revokeSessions(playerId);
        clearRefreshCookie(c);
        return c.json({ status: 1 } satisfies Reply<'front/auth/logout'>);
      })
  );
}
