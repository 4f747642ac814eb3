// The game pages' calls. A game page holds no player credentials: the launch token in
// its URL fragment is the only key, and it plays one game for one player until it expires.
import { launchRefusal } from '../../jurisdiction/play.ts';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { StudioRefusal } from '../../../shared/contract/games.ts';
import {
  crashBetParams,
  crashCashoutParams,
  crashStateParams,
  bingoBuyParams,
  bingoStateParams,
  liveBetParams,
  liveStateParams,
  studioActParams,
  studioFairnessParams,
  studioRotateSeedParams,
  studioSessionParams,
  studioStartParams,
} from '../../../shared/schemas/games.ts';
import { studioRealityCheckParams } from '../../../shared/schemas/protection.ts';
import { consume, LIMITS, limitKey } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { findLaunchableGame } from '../../games/listing.ts';
import { CRASH_GAME, CrashError, crashOf } from '../../games/crash.ts';
import { BINGO_CATALOG, bingoOf } from '../../games/bingo.ts';
import { LIVE_GAMES, LIVE_RTP, liveOf } from '../../games/live.ts';
import { BINGO_POOL_SHARE, BINGO_RULES, isBingoGame } from '../../../shared/bingo.ts';
import { toAmount } from '../../../shared/money.ts';
import { StudioError, studioOf } from '../../games/studio.ts';
import type { Reply } from '../../../shared/contract/index.ts';
import { ROULETTE_LIMITS, STAKE_LIMITS } from '../../../shared/game-tables.ts';
import { isLiveTable } from '../../../shared/live.ts';
import { CRASH_HOUSE_EDGE } from '../../../shared/crash.ts';
import { countryOf } from '../../geo/ip-country.ts';
import { type AppEnv, parseBody, refusal, tooManyAttempts } from '../../http.ts';

function studioRefusal(c: Context<AppEnv>, error: unknown) {
  if (!(error instanceof StudioError) && !(error instanceof CrashError)) throw error;
  const body: StudioRefusal = {
    ...refusal(error.code),
    ...(error.balance !== undefined ? { balance: error.balance } : {}),
    ...(error instanceof StudioError ? error.detail : {}),
  };
  return c.json(body, error.httpStatus);
}

export function studioRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const studio = studioOf(ctx);
  return (
    new Hono<AppEnv>()
      .post('/session', async (c) => {
        const q = await parseBody(c, studioSessionParams);
        try {
          if ('session' in q) return c.json(await studio.session(q.session));
          const ip = c.get('clientIp');
          if (!(await consume(db, limitKey('game', 'ip', ip), LIMITS.gameLaunchPerIp))) return tooManyAttempts(c, LIMITS.gameLaunchPerIp.windowSeconds);
          const barred = await launchRefusal(ctx, undefined, false, ip);
          if (barred) return c.json(refusal(barred), 403);
          const game = await findLaunchableGame(db, { slug: q.demo }, countryOf(ip));
          if (!game) return c.json(refusal('game_not_available'), 404);
          const token = await studio.launch({ gameId: game.id, playerId: null, mode: 'fun', locale: q.lang, ip });
          // The crash and live tables' pages ask their own state (crash/state, live/state) with the session handed here.
          if (game.engine === 'crash' || isLiveTable(game.engine) || isBingoGame(game.engine)) return c.json({ status: 1, session: token });
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
      .post('/reality_check', async (c) => {
        const q = await parseBody(c, studioRealityCheckParams);
        try {
          return c.json(await studio.realityCheck(q.session, q.continue === true));
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
      })
      .post('/fairness', async (c) => {
        const q = await parseBody(c, studioFairnessParams);
        try {
          return c.json(await studio.fairness(q.session));
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      // The crash schedule: everyone in the same rounds; the launch token names the player.
      .post('/crash/state', async (c) => {
        const q = await parseBody(c, crashStateParams);
        try {
          const launch = await studio.launchOf(q.session);
          if (launch.game.engine !== 'crash') throw new StudioError('game_not_found', 404);
          const state = await crashOf(ctx).state(launch.playerId, q.round);
          // The page needs no player id: the token names the player.
          const { playerId: _player, ...shown } = launch;
          return c.json({
            status: 1,
            ...shown,
            game: { ...launch.game, provider: CRASH_GAME.provider },
            houseEdge: CRASH_HOUSE_EDGE,
            rtp: 1 - CRASH_HOUSE_EDGE,
            ...state,
          });
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      .post('/crash/bet', async (c) => {
        const q = await parseBody(c, crashBetParams);
        try {
          const launch = await studio.launchOf(q.session);
          if (launch.game.engine !== 'crash') throw new StudioError('game_not_found', 404);
          // Shared rounds move real money only; free play watches.
          if (launch.playerId === null) throw new StudioError('crash_real_only');
          const auto = q.autoCashout == null ? null : Math.round(q.autoCashout * 100);
          return c.json({ status: 1, bet: await crashOf(ctx).bet(launch.playerId, Math.round(q.amount * 100), auto) });
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      .post('/crash/cashout', async (c) => {
        const q = await parseBody(c, crashCashoutParams);
        try {
          const launch = await studio.launchOf(q.session);
          if (launch.playerId === null || launch.game.engine !== 'crash') throw new StudioError('crash_no_bet', 409);
          return c.json({ status: 1, bet: await crashOf(ctx).cashOut(launch.playerId) });
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      // The live tables: everyone at a table in the same rounds; the launch token names the player and the table.
      .post('/live/state', async (c) => {
        const q = await parseBody(c, liveStateParams);
        try {
          const launch = await studio.launchOf(q.session);
          const table = launch.game.engine;
          if (!isLiveTable(table)) throw new StudioError('game_not_found', 404);
          const state = await liveOf(ctx).state(table, launch.playerId);
          const limits = table === 'live-roulette' ? ROULETTE_LIMITS : { spotMin: STAKE_LIMITS.min, spotMax: STAKE_LIMITS.max, tableMax: STAKE_LIMITS.max };
          return c.json({
            status: 1,
            mode: launch.mode,
            currency: launch.currency,
            balance: launch.balance,
            game: { ...launch.game, provider: LIVE_GAMES[table].provider },
            rtp: LIVE_RTP[table],
            limits,
            ...state,
          } satisfies Reply<'studio/live/state'>);
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      .post('/live/bet', async (c) => {
        const q = await parseBody(c, liveBetParams);
        try {
          const launch = await studio.launchOf(q.session);
          const table = launch.game.engine;
          if (!isLiveTable(table)) throw new StudioError('game_not_found', 404);
          // Shared rounds move real money only; free play watches.
          if (launch.playerId === null) throw new StudioError('live_real_only');
          const { balance, ...bet } = await liveOf(ctx).bet(table, launch.playerId, q.choice);
          return c.json({ status: 1, bet, balance } satisfies Reply<'studio/live/bet'>);
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      // The bingo rooms: everyone in the same scheduled games; the launch token names the player and the room.
      .post('/bingo/state', async (c) => {
        const q = await parseBody(c, bingoStateParams);
        try {
          const launch = await studio.launchOf(q.session);
          const game = launch.game.engine;
          if (!isBingoGame(game)) throw new StudioError('game_not_found', 404);
          const rules = BINGO_RULES[game];
          return c.json({
            status: 1,
            mode: launch.mode,
            currency: launch.currency,
            balance: launch.balance,
            game: { ...launch.game, provider: BINGO_CATALOG[game].provider },
            rtp: BINGO_POOL_SHARE,
            price: toAmount(rules.price),
            maxTickets: rules.maxTickets,
            prizeShares: rules.prizes.map((p) => ({ ...p })),
            ...(await bingoOf(ctx).state(game, launch.playerId)),
          } satisfies Reply<'studio/bingo/state'>);
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      .post('/bingo/buy', async (c) => {
        const q = await parseBody(c, bingoBuyParams);
        try {
          const launch = await studio.launchOf(q.session);
          const game = launch.game.engine;
          if (!isBingoGame(game)) throw new StudioError('game_not_found', 404);
          // Tickets are bought with real money only; free play watches.
          if (launch.playerId === null) throw new StudioError('bingo_real_only');
          const { balance, ...purchase } = await bingoOf(ctx).buy(game, launch.playerId, q.tickets);
          return c.json({ status: 1, purchase, balance } satisfies Reply<'studio/bingo/buy'>);
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
      .post('/rotate_seed', async (c) => {
        const q = await parseBody(c, studioRotateSeedParams);
        try {
          return c.json(await studio.rotateSeed(q.session, q.clientSeed));
        } catch (error) {
          return studioRefusal(c, error);
        }
      })
  );
}
