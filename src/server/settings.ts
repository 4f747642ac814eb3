import { eq } from 'drizzle-orm';
import type { Executor } from './db/client.ts';
import { settings } from './db/schema/index.ts';
import { BUILT_IN_PROFILES, DEFAULT_PROFILE_BY_COUNTRY } from '../shared/jurisdiction.ts';
import type { z } from '../shared/schemas/common.ts';
import type { updateSettingParams } from '../shared/schemas/admin.ts';

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
      currencyByCountry: { IN: 'INR' },
      sportsMinStake: 10,
      sportsMaxStake: 100_000,
      sportsMaxPayout: 5_000_000,
      jurisdictionProfiles: BUILT_IN_PROFILES,
      jurisdictionByCountry: DEFAULT_PROFILE_BY_COUNTRY,
      updatedAt: new Date(0),
    }
  );
}

/** A staff change to the settings, as `admin/update_setting` takes it: only the fields given change. */
export type SettingsChange = z.infer<typeof updateSettingParams>;

/** The settings after a change, or the country whose profile name the change would leave unknown. */
export type SettingsUpdate = { ok: true; settings: SiteSettings } | { ok: false; unknownProfileFor: string };

const upperKeys = <T>(m: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(m).map(([country, value]) => [country.trim().toUpperCase(), value]));

/**
 * Applies a staff change: blacklists without repeats, country codes upper-case, and
 * every country naming a jurisdiction profile that exists after the change (a refusal
 * changes nothing). The caller invalidates its settings cache.
 */
export async function updateSettings(db: Executor, p: SettingsChange): Promise<SettingsUpdate> {
  const change: Partial<typeof settings.$inferInsert> = { updatedAt: new Date() };
  if (p.country_black_list) change.countryBlackList = [...new Set(p.country_black_list)];
  if (p.ip_black_list) change.ipBlackList = [...new Set(p.ip_black_list)];
  if (p.one_account_per_ip !== undefined) change.oneAccountPerIp = p.one_account_per_ip;
  if (p.password_min_length !== undefined) change.passwordMinLength = p.password_min_length;
  if (p.chat_script_url !== undefined) change.chatScriptUrl = p.chat_script_url;
  if (p.currency_by_country) change.currencyByCountry = upperKeys(p.currency_by_country);
  if (p.jurisdiction_profiles) change.jurisdictionProfiles = p.jurisdiction_profiles;
  if (p.jurisdiction_by_country) {
    const known = p.jurisdiction_profiles ?? (await readSettings(db)).jurisdictionProfiles;
    const map = upperKeys(p.jurisdiction_by_country);
    const unknown = Object.entries(map).find(([, name]) => !(name in known));
    if (unknown) return { ok: false, unknownProfileFor: unknown[0] };
    change.jurisdictionByCountry = map;
  } else if (p.jurisdiction_profiles) {
    // Profiles replaced: a country may not be left naming one that is gone.
    const current = (await readSettings(db)).jurisdictionByCountry;
    const orphan = Object.entries(current).find(([, name]) => !(name in (p.jurisdiction_profiles ?? {})));
    if (orphan) return { ok: false, unknownProfileFor: orphan[0] };
  }
  await db.insert(settings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  await db.update(settings).set(change).where(eq(settings.id, SETTINGS_ID));
  return { ok: true, settings: await readSettings(db) };
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
