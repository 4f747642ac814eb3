// Staff accounts (owners only): an owner mails a staff member the one-time link that
// enrols their first second factor (auth/staff-enrolment.ts; the link goes to the staff
// member's mailbox only, never into the reply), and sets their roles (auth/staff-roles.ts).
import { Hono } from 'hono';
import type { Reply } from '../../../shared/contract/index.ts';
import { staffEnrolmentParams, staffRolesParams } from '../../../shared/schemas/security.ts';
import { issueStaffEnrolment, mailStaffEnrolment } from '../../auth/staff-enrolment.ts';
import { setStaffRoles } from '../../auth/staff-roles.ts';
import type { ServerContext } from '../../context.ts';
import type { AuthEnv } from '../../http-auth.ts';
import { parseBody, refusal } from '../../http.ts';

export function adminSecurityRoutes(ctx: ServerContext) {
  return new Hono<AuthEnv>()
    .post('/send_staff_enrolment', async (c) => {
      const { playerId } = await parseBody(c, staffEnrolmentParams);
      const issued = await issueStaffEnrolment(ctx, { staffId: c.get('player').playerId, via: 'api' }, { playerId });
      if (!issued.ok) return c.json(refusal(issued.message) satisfies Reply<'admin/send_staff_enrolment'>);
      await mailStaffEnrolment(ctx, issued);
      return c.json({ status: 1, emailed_to: issued.email, expires_in: issued.expiresIn } satisfies Reply<'admin/send_staff_enrolment'>);
    })
    .post('/set_staff_roles', async (c) => {
      const { playerId, roles } = await parseBody(c, staffRolesParams);
      const set = await setStaffRoles(ctx, { staffId: c.get('player').playerId, via: 'api' }, playerId, roles);
      if (!set.ok) return c.json(refusal(set.message) satisfies Reply<'admin/set_staff_roles'>);
      return c.json({ status: 1, roles: set.roles, previous: set.previous } satisfies Reply<'admin/set_staff_roles'>);
    });
}
