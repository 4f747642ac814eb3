import { Hono } from 'hono';
import { gameProvidersParams, gamesParams, gameUrlParams } from '../../../shared/schemas/games.ts';
import { type MaybeAuthEnv, optionalPlayer } from '../../auth/middleware.ts';
import { consume, LIMITS, limitKey } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { findLaunchableGame, listGames, listProviders } from '../../games/lobby.ts';
import { studioOf } from '../../games/studio.ts';
import { countryOf } from '../../geo/ip-country.ts';
import { HttpError, parseBody, refusal } from '../../http.ts';

/** The lobby: games, providers and launch links. Listing is public; real play needs the token's player. */
export function gameRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const studio = studioOf(ctx);
  return new Hono<MaybeAuthEnv>()
    .post('/get_games', async (c) => {
      const q = await parseBody(c, gamesParams);
      const gameList = await listGames(
        db,
        { search: q.filterGame, providerId: q.filterProvider, groupId: q.filterGroup, section: q.section, type: q.type, country: q.country },
        q.page,
        q.itemsPerPage,
      );
      return c.json({ status: 1, gameList });
    })
    .post('/get_game_providers', async (c) => {
      const q = await parseBody(c, gameProvidersParams);
      return c.json({ status: 1, gameProviderList: await listProviders(db, { type: q.type, country: q.country }) });
    })
    .post('/get_game_url', optionalPlayer(ctx), async (c) => {
      const q = await parseBody(c, gameUrlParams);
      const player = c.get('player');
      if (!(await consume(db, limitKey('game', 'ip', c.get('clientIp')), LIMITS.gameLaunchPerIp))) return c.json(refusal('too_many_attempts'), 429);
      // Real money needs the token's player; the body's player_id is never believed.
      if (q.is_real && !player) throw new HttpError(401, 'unauthorized');
      // Where the request comes from decides, not the country the page says it is in.
      const game = await findLaunchableGame(db, { externalId: q.game_id, slug: q.game_code }, countryOf(c.get('clientIp')));
      if (!game) return c.json(refusal('game_not_available'));
      const token = await studio.launch({
        gameId: game.id,
        playerId: player?.playerId ?? null,
        mode: q.is_real ? 'real' : 'fun',
        locale: q.lang,
        ip: c.get('clientIp'),
      });
      const prefix = q.lang === 'en' ? '' : `/${q.lang}`;
      return c.json({ status: 1, gameURL: `${prefix}/play/${game.engine}#s=${token}` });
    });
}
