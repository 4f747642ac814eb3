import { eq } from 'drizzle-orm';
import type { Executor } from './db/client.ts';
import { settings } from './db/schema/index.ts';

export type SiteSettings = typeof settings.$inferSelect;

export const SETTINGS_ID = 1;

/** The site settings row; the defaults apply when it has not been seeded yet. */
export async function readSettings(db: Executor): Promise<SiteSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
  return (
    row ?? {
      id: SETTINGS_ID,
      countryBlackList: [],
      ipBlackList: [],
      oneAccountPerIp: false,
      passwordMinLength: 3,
      chatScriptUrl: null,
      updatedAt: new Date(0),
    }
  );
}

/** Blacklists as the contract sends them: arrays of upper-case country codes and exact IPs. */
export function blacklists(s: SiteSettings): { country_black_list: string[]; ip_black_list: string[] } {
  return {
    country_black_list: s.countryBlackList.map((c) => c.trim().toUpperCase()).filter(Boolean),
    ip_black_list: s.ipBlackList.map((ip) => ip.trim()).filter(Boolean),
  };
}
