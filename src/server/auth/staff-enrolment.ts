// The one way a staff account gets its first second factor: a one-time enrolment link,
// mailed to the staff member by an admin (`admin/send_staff_enrolment`) or issued at the
// command line (`npm run support -- enrol`). The password alone never adds one: a thief with
// it would otherwise enrol an app of their own and pass every staff call with it.
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { identityAudit, players } from '../db/schema/index.ts';
import { siteLink } from '../mail/templates.ts';
import { createAccountToken, TOKEN_TTL_SECONDS } from './account-tokens.ts';
import { findByUsername } from './players.ts';
import { hasScope } from './tokens.ts';

/** The Security tab, where the link's `enrol` is read. */
const SECURITY_TAB = { path: '/user-management', tab: '10' } as const;

export type StaffEnrolment =
  | { ok: true; playerId: number; username: string; email: string; locale: string; link: string; expiresIn: number }
  | { ok: false; message: 'player_not_found' | 'not_staff' };

/** Who asks for a link: a staff account through the API, or `cli:<os user>`. */
export interface EnrolmentIssuer {
  staffId: number | null;
  via: string;
}

/**
 * A new one-time link for a staff account (by id, or by username at the command line) to
 * enrol its first second factor within TOKEN_TTL_SECONDS.staff_enrolment; an earlier unused
 * link stops working. Audited in identity_audit, where staff actions on an account are kept.
 */
export async function issueStaffEnrolment(
  ctx: ServerContext,
  who: EnrolmentIssuer,
  target: { playerId: number } | { username: string },
): Promise<StaffEnrolment> {
  const db = ctx.database.db;
  const player = 'playerId' in target ? (await db.select().from(players).where(eq(players.id, target.playerId)))[0] : await findByUsername(db, target.username);
  if (!player || player.status === 'blocked') return { ok: false, message: 'player_not_found' };
  if (!hasScope(player.scope, 'admin')) return { ok: false, message: 'not_staff' };
  const token = await db.transaction(async (tx) => {
    const made = await createAccountToken(tx, player.id, 'staff_enrolment');
    await tx.insert(identityAudit).values({ staffId: who.staffId, via: who.via, action: 'staff_enrolment_link', playerId: player.id, details: {} });
    return made;
  });
  return {
    ok: true,
    playerId: player.id,
    username: player.username,
    email: player.email,
    locale: player.interfaceLocal,
    link: siteLink(ctx.config.siteUrl, SECURITY_TAB.path, player.interfaceLocal, { tab: SECURITY_TAB.tab, enrol: token }),
    expiresIn: TOKEN_TTL_SECONDS.staff_enrolment,
  };
}

/** Mails the link to the staff member, in their language. */
export function mailStaffEnrolment(ctx: ServerContext, issued: Extract<StaffEnrolment, { ok: true }>): Promise<void> {
  return ctx.mailer.send({ to: issued.email, kind: 'staffEnrolment', locale: issued.locale, params: { username: issued.username, link: issued.link } });
}
