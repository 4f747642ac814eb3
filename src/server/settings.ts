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

/**
 * Settings are read on every page view (the visitor gate) and change rarely: keep
 * them in memory for a few seconds. A change made here is seen at once; one made
 * through another instance within `ttlMs`.
 */
export class SettingsCache {
  private value: SiteSettings | undefined;
  private loadedAt = 0;
  private pending: Promise<SiteSettings> | undefined;
  private readonly db: Executor;
  private readonly ttlMs: number;

  constructor(db: Executor, ttlMs = 5000) {
    this.db = db;
    this.ttlMs = ttlMs;
  }

  async get(): Promise<SiteSettings> {
    if (this.value && Date.now() - this.loadedAt < this.ttlMs) return this.value;
    this.pending ??= readSettings(this.db).then(
      (value) => {
        this.value = value;
        this.loadedAt = Date.now();
        this.pending = undefined;
        return value;
      },
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }

  /** The cached row when it is fresh, without waiting; a stale one starts a reload and answers undefined. */
  peek(): SiteSettings | undefined {
    if (this.value && Date.now() - this.loadedAt < this.ttlMs) return this.value;
    this.get().catch(() => {});
    return undefined;
  }

  /** Forgets the cached row, after this instance changed it. */
  invalidate(): void {
    this.value = undefined;
  }
}
