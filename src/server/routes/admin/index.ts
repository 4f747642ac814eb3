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
import type { StaffRole } from '../../../shared/staff-roles.ts';

/**
 * Calls under /api/admin: staff only (scope `admin`, checked in the token and the database),
 * each area's calls to the staff holding its role (or `owner`); a call of no area, owners only.
 */
export function adminRoutes(ctx: ServerContext): Hono<AppEnv> {
  const areas: [StaffRole, Hono<AuthEnv>][] = [
    ['settings', adminSettingRoutes(ctx)],
    ['content', adminContentRoutes(ctx)],
    ['support', adminSupportRoutes(ctx)],
    ['payments', adminPaymentRoutes(ctx)],
    ['identity', adminIdentityRoutes(ctx)],
    ['owner', adminSecurityRoutes(ctx)],
  ];
  // Each call's path names its area (the admin calls take no path parameters).
  const roleOfCall = new Map<string, StaffRole>(
    areas.flatMap(([role, app]) => app.routes.filter((r) => r.method !== 'ALL').map((r) => [`/api/admin${r.path}`, role] as const)),
  );
  const staff = new Hono<AuthEnv>().use(
    '*',
    requireScope(ctx, 'admin', (path) => roleOfCall.get(path.replace(/\/+$/, '')) ?? 'owner'),
  );
  for (const [, app] of areas) staff.route('/', app);
  // requireScope sets `player` before any handler runs; the parent app cannot know that.
  return staff as unknown as Hono<AppEnv>;
}
