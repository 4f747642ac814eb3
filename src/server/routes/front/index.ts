import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { AppEnv } from '../../http.ts';
import { accountRoutes } from './account.ts';
import { authRoutes } from './auth.ts';
import { contentRoutes } from './content.ts';
import { gameRoutes } from './games.ts';
import { geoRoutes } from './geo.ts';
import { identityRoutes } from './identity.ts';
import { paymentFrontRoutes } from './payments.ts';
import { playerRoutes } from './players.ts';
import { protectionRoutes } from './protection.ts';
import { securityRoutes } from './security.ts';
import { settingRoutes } from './settings.ts';
import { sportsRoutes } from './sports.ts';
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
    .route('/', paymentFrontRoutes(ctx))
    .route('/', authRoutes(ctx))
    .route('/', accountRoutes(ctx))
    .route('/', protectionRoutes(ctx))
    .route('/', securityRoutes(ctx))
    .route('/', identityRoutes(ctx))
    .route('/', supportRoutes(ctx))
    .route('/', sportsRoutes(ctx));
}
