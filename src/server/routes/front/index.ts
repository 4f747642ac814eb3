import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { AppEnv } from '../../http.ts';
import { contentRoutes } from './content.ts';
import { geoRoutes } from './geo.ts';
import { playerRoutes } from './players.ts';
import { settingRoutes } from './settings.ts';

/** Calls under /api/front: the player-facing contract. */
export function frontRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().route('/', settingRoutes(ctx)).route('/', playerRoutes(ctx)).route('/', geoRoutes()).route('/', contentRoutes(ctx));
}
