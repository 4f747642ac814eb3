// The jurisdiction profile in force for a country or a player: rules as data in the
// settings (`jurisdiction_profiles`, `jurisdiction_by_country`), read through the
// settings cache. Every rule is enforced where its call is handled; this module only says
// which rules apply.
import { eq } from 'drizzle-orm';
import { DEFAULT_PROFILE, type JurisdictionProfile } from '../../shared/jurisdiction.ts';
import type { ServerContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { players } from '../db/schema/index.ts';
import type { SiteSettings } from '../settings.ts';

/** The profile of `country` under these settings: its entry, else `default`, else SPEC.md's rules. */
export function profileIn(s: Pick<SiteSettings, 'jurisdictionProfiles' | 'jurisdictionByCountry'>, country: string | null | undefined): JurisdictionProfile {
  const name = (country && s.jurisdictionByCountry[country.trim().toUpperCase()]) || 'default';
  // A profile written by hand may lack a newer rule: SPEC.md's value fills it.
  return { ...DEFAULT_PROFILE, ...(s.jurisdictionProfiles.default ?? {}), ...(s.jurisdictionProfiles[name] ?? {}) };
}

/** The profile of a country (a guest's, a registration's). */
export async function profileForCountry(ctx: ServerContext, country: string | null | undefined): Promise<JurisdictionProfile> {
  return profileIn(await ctx.settings.get(), country);
}

/** The profile of a player: their registered country's (what a request says is not believed). */
export async function profileForPlayer(ctx: ServerContext, playerId: number, db: Executor = ctx.database.db): Promise<JurisdictionProfile> {
  const [row] = await db.select({ country: players.country }).from(players).where(eq(players.id, playerId));
  return profileForCountry(ctx, row?.country);
}
