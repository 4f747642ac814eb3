// Staff accounts' second factors: an admin mails a staff member the one-time link that
// enrols their first one (auth/staff-enrolment.ts). The link goes to the staff member's
// mailbox only, never into the reply.
import { Hono } from 'hono';
import type { Reply } from '../../../shared/contract/index.ts';
import { staffEnrolmentParams } from '../../../shared/schemas/security.ts';
import { issueStaffEnrolment, mailStaffEnrolment } from '../../auth/staff-enrolment.ts';
import type { ServerContext } from '../../context.ts';
import type { AuthEnv } from '../../http-auth.ts';
import { parseBody, refusal } from '../../http.ts';

export function adminSecurityRoutes(ctx: ServerContext) {
  return new Hono<AuthEnv>().post('/send_staff_enrolment', async (c) => {
    const { playerId } = await parseBody(c, staffEnrolmentParams);
    const issued = await issueStaffEnrolment(ctx, { staffId: c.get('player').playerId, via: 'api' }, { playerId });
    if (!issued.ok) return c.json(refusal(issued.message) satisfies Reply<'admin/send_staff_enrolment'>);
    await mailStaffEnrolment(ctx, issued);
    return c.json({ status: 1, emailed_to: issued.email, expires_in: issued.expiresIn } satisfies Reply<'admin/send_staff_enrolment'>);
  });
}
