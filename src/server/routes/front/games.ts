import type { Reply } from '../../../shared/contract/index.ts';
import { launchRefusal } from '../../jurisdiction/play.ts';
import { Hono } from 'hono';
import { and, eq, type SQL } from 'drizzle-orm';
import {
  fairnessParams,
  gameProvidersParams,
  gamesParams,
  gameUrlParams,
  type RotateSeedReply,
  rotateSeedParams,
  roundDetailsParams,
} from '../../../shared/schemas/games.ts';
import { type AuthEnv, type MaybeAuthEnv, optionalLivePlayer, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import { consume, LIMITS, limitKey } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { dateOf } from '../../clock.ts';
import { gameRounds } from '../../db/schema/index.ts';
import { fairnessOf, rotateSeed, roundDetails, shownSeed } from '../../games/fairness.ts';
import { findLaunchableGame, listGames, listProviders } from '../../games/listing.ts';
import { studioOf } from '../../games/studio.ts';
import { launchUrlOf, providerOfLabel } from '../../seamless/providers.ts';
import { walletCurrency } from '../../wallet/index.ts';
import { currencyOf } from '../../../shared/money.ts';
import { countryOf } from '../../geo/ip-country.ts';
import { HttpError, parseBody, refusal, tooManyAttempts } from '../../http.ts';

/** The lobby: games, providers and launch links. Listing is public; real play needs the token's player. */
export function gameRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const studio = studioOf(ctx);
  const player = requirePlayer(ctx);
  const livePlayer = requireLivePlayer(ctx);
  const fairness = new Hono<AuthEnv>()
    // The player's seeds (the server seed in use as its SHA-256, rotated ones in full) and latest rounds.
    .post('/get_fairness', player, async (c) => {
      await parseBody(c, fairnessParams);
      return c.json(await fairnessOf(db, { playerId: c.get('player').playerId }));
    })
    .post('/rotate_seed', livePlayer, async (c) => {
      const q = await parseBody(c, rotateSeedParams);
      const rotated = await rotateSeed(db, { playerId: c.get('player').playerId }, dateOf(ctx.clock), q.client_seed);
      if (!rotated.ok) return c.json(refusal(rotated.code), rotated.code === 'round_in_progress' ? 409 : 400);
      return c.json({ status: 1, revealed: shownSeed(rotated.revealed), active: shownSeed(rotated.active) } satisfies RotateSeedReply);
    })
    // One round of the bet list with its seeds, nonce and outcome; only the player's own.
    .post('/get_round_details', player, async (c) => {
      const q = await parseBody(c, roundDetailsParams);
      const id = Number(q.round_id.slice('studio-'.length));
      const [round] = await roundDetails(db, and(eq(gameRounds.id, id), eq(gameRounds.playerId, c.get('player').playerId)) as SQL);
      if (!round) return c.json(refusal('round_not_found'), 404);
      return c.json({ status: 1, round });
    });
  return new Hono<MaybeAuthEnv>()
    .route('/', fairness)
    .post('/get_games', async (c) => {
      const q = await parseBody(c, gamesParams);
      const gameList = await listGames(
        db,
        { search: q.filterGame, providerId: q.filterProvider, groupId: q.filterGroup, section: q.section, type: q.type, country: q.country },
        q.page,
        q.itemsPerPage,
      );
      return c.json({ status: 1, gameList } satisfies Reply<'front/get_games'>);
    })
    .post('/get_game_providers', async (c) => {
      const q = await parseBody(c, gameProvidersParams);
      return c.json({ status: 1, gameProviderList: await listProviders(db, { type: q.type, country: q.country }) } satisfies Reply<'front/get_game_providers'>);
    })
    .post('/get_game_url', optionalLivePlayer(ctx), async (c) => {
      const q = await parseBody(c, gameUrlParams);
      const player = c.get('player');
      if (!(await consume(db, limitKey('game', 'ip', c.get('clientIp')), LIMITS.gameLaunchPerIp)))
        return tooManyAttempts(c, LIMITS.gameLaunchPerIp.windowSeconds);
      // Real money needs the token's player; the body's player_id is never believed.
      if (q.is_real && !player) throw new HttpError(401, 'unauthorized');
      const refused = await launchRefusal(ctx, player?.playerId, q.is_real === true, c.get('clientIp'));
      if (refused) return c.json(refusal(refused));
      // Where the request comes from decides, not the country the page says it is in.
      const game = await findLaunchableGame(db, { externalId: q.game_id, slug: q.game_code }, countryOf(c.get('clientIp')));
      if (!game) return c.json(refusal('game_not_available'));
      // An outside provider's game: the provider's page, with a launch token its server gives back to our seamless wallet.
      const outside = await providerOfLabel(db, game.providerId);
      if (outside) {
        const currency = (player ? await walletCurrency(db, player.playerId) : undefined) ?? currencyOf(q.lang);
        if (!outside.enabled || !outside.currencies.includes(currency)) return c.json(refusal('game_not_available'));
        const token = q.is_real
          ? await studio.launch({ gameId: game.id, playerId: player?.playerId ?? null, mode: 'real', locale: q.lang, ip: c.get('clientIp') })
          : undefined;
        const gameURL = launchUrlOf(outside, { ...(token ? { token } : {}), gameId: game.externalGameId, lang: q.lang, currency });
        return c.json({ status: 1, gameURL } satisfies Reply<'front/get_game_url'>);
      }
      const token = await studio.launch({
        gameId: game.id,
        playerId: player?.playerId ?? null,
        mode: q.is_real ? 'real' : 'fun',
        locale: q.lang,
        ip: c.get('clientIp'),
      });
      const prefix = q.lang === 'en' ? '' : `/${q.lang}`;
      return c.json({ status: 1, gameURL: `${prefix}/play/${game.engine}#s=${token}` } satisfies Reply<'front/get_game_url'>);
    });
}
