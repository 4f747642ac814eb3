import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { AppEnv } from '../../http.ts';
import { accountRoutes } from './account.ts';
import { authRoutes } from './auth.ts';
import { contentRoutes } from './content.ts';
import { gameRoutes } from './games.ts';
import { geoRoutes } from './geo.ts';
import { playerRoutes } from './players.ts';
import { settingRoutes } from './settings.ts';
import { supportRoutes } from './support.ts';
import { walletRoutes } from './wallet.ts';

/** Calls under /api/front: the player-facing contract. */
export function frontRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .route('/', settingRoutes(ctx))
    .route('/', playerRoutes(ctx))
    .route('/', geoRoutes())
    .route('/', contentRoutes(ctx))
    .route('/', gameRoutes(ctx))
    .route('/', walletRoutes(ctx))
    .route('/', authRoutes(ctx))
    .route('/', accountRoutes(ctx))
    .route('/', supportRoutes(ctx));
}
