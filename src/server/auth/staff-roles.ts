// Staff roles (src/shared/staff-roles.ts): which area of the staff calls a staff account
// reaches. The database's scope list is the authority, read on every staff call, so a role
// taken away stops at once, whatever the account's token says.
import { eq, sql } from 'drizzle-orm';
import { holdsRole, rolesOf, STAFF_ROLES, type StaffRole } from '../../shared/staff-roles.ts';
import type { ServerContext } from '../context.ts';
import { identityAudit, players } from '../db/schema/index.ts';
import { hasScope } from './tokens.ts';

export type SetRolesResult = { ok: true; roles: StaffRole[]; previous: StaffRole[] } | { ok: false; message: 'player_not_found' | 'not_staff' | 'last_owner' };

/**
 * Sets a staff account's roles to exactly `roles`, audited in identity_audit (where staff
 * actions on an account are kept) with the previous ones. The last owner keeps the owner
 * role: without one, nobody could manage staff but the command line.
 */
export async function setStaffRoles(
  ctx: ServerContext,
  who: { staffId: number | null; via: string },
  playerId: number,
  roles: StaffRole[],
): Promise<SetRolesResult> {
  return ctx.database.db.transaction(async (tx) => {
    // Owners are counted under a lock, so that two owners cannot take each other's role at once.
    await tx.execute(sql`select pg_advisory_xact_lock(724312)`);
    const [player] = await tx.select({ scope: players.scope, status: players.status }).from(players).where(eq(players.id, playerId));
    if (!player) return { ok: false, message: 'player_not_found' } as const;
    if (!hasScope(player.scope, 'admin')) return { ok: false, message: 'not_staff' } as const;
    const previous = rolesOf(player.scope);
    if (previous.includes('owner') && !roles.includes('owner')) {
      const owners = await tx
        .select({ scope: players.scope })
        .from(players)
        .where(sql`${players.scope} @> '["admin","owner"]'::jsonb and ${players.status} <> 'blocked'`);
      if (owners.length <= 1) return { ok: false, message: 'last_owner' } as const;
    }
    const kept = (player.scope as string[]).filter((s) => !(STAFF_ROLES as readonly string[]).includes(s));
    await tx
      .update(players)
      .set({ scope: [...kept, ...roles], updatedAt: new Date() })
      .where(eq(players.id, playerId));
    await tx.insert(identityAudit).values({ staffId: who.staffId, via: who.via, action: 'staff_roles', playerId, details: { previous, roles } });
    return { ok: true, roles: rolesOf(roles), previous } as const;
  });
}

export { holdsRole };
