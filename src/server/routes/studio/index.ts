// The game pages' calls. A game page holds no player credentials: the launch token in
// its URL fragment is the only key, and it plays one game for one player until it expires.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { studioActParams, studioSessionParams, studioStartParams } from '../../../shared/schemas/games.ts';
import { consume, LIMITS, limitKey } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { findLaunchableGame } from '../../games/lobby.ts';
import { StudioError, studioOf } from '../../games/studio.ts';
import { countryOf } from '../../geo/ip-country.ts';
import { type AppEnv, HttpError, parseBody, refusal } from '../../http.ts';

function studioRefusal(c: Context<AppEnv>, error: unknown) {
  if (!(error instanceof StudioError)) throw error;
  const body = { ...refusal(error.code), ...(error.balance !== undefined ? { balance: error.balance } : {}) };
  return c.json(body, error.httpStatus);
}

export function studioRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const studio = studioOf(ctx);
  return new Hono<AppEnv>()
    .post('/session', async (c) => {
      const q = await parseBody(c, studioSessionParams);
      try {
        if ('session' in q) return c.json(await studio.session(q.session));
        const ip = c.get('clientIp');
        if (!(await consume(db, limitKey('game', 'ip', ip), LIMITS.gameLaunchPerIp))) throw new HttpError(429, 'too_many_attempts');
        const game = await findLaunchableGame(db, { slug: q.demo }, countryOf(ip));
        if (!game) return c.json(refusal('game_not_available'), 404);
        const token = await studio.launch({ gameId: game.id, playerId: null, mode: 'fun', locale: q.lang, ip });
        return c.json(await studio.session(token, true));
      } catch (error) {
        return studioRefusal(c, error);
      }
    })
    .post('/start', async (c) => {
      const q = await parseBody(c, studioStartParams);
      try {
        return c.json(await studio.start(q.session, q));
      } catch (error) {
        return studioRefusal(c, error);
      }
    })
    .post('/act', async (c) => {
      const q = await parseBody(c, studioActParams);
      try {
        return c.json(await studio.act(q.session, q));
      } catch (error) {
        return studioRefusal(c, error);
      }
    });
}
