import { Hono } from 'hono';
import { type AuthEnv, requireScope } from '../../http-auth.ts';
import type { AppEnv } from '../../http.ts';
import type { ServerContext } from '../../context.ts';
import { adminContentRoutes } from './content.ts';
import { adminIdentityRoutes } from './identity.ts';
import { adminPaymentRoutes } from './payments.ts';
import { adminSecurityRoutes } from './security.ts';
import { adminSettingRoutes } from './settings.ts';
import { adminSupportRoutes } from './support.ts';

/** Calls under /api/admin: staff only (scope `admin`, checked in the token and the database). */
export function adminRoutes(ctx: ServerContext): Hono<AppEnv> {
  const staff = new Hono<AuthEnv>()
    .use('*', requireScope(ctx, 'admin'))
    .route('/', adminSettingRoutes(ctx))
    .route('/', adminContentRoutes(ctx))
    .route('/', adminSupportRoutes(ctx))
    .route('/', adminPaymentRoutes(ctx))
    .route('/', adminIdentityRoutes(ctx))
    .route('/', adminSecurityRoutes(ctx));
  // requireScope sets `player` before any handler runs; the parent app cannot know that.
  return staff as unknown as Hono<AppEnv>;
}
