// Who did what to money outside a player's own calls: staff at the desk or the command
// line, and the webhooks' own decisions that staff must follow up (payment_audit).
import type { ServerContext } from '../context.ts';
import { paymentAudit } from '../db/schema/index.ts';

export interface Staff {
  staffId: number | null;
  via: string;
}

export async function audit(ctx: ServerContext, who: Staff, action: string, target: string, details: Record<string, unknown> = {}): Promise<void> {
  await ctx.database.db.insert(paymentAudit).values({ staffId: who.staffId, via: who.via, action, target, details });
}
