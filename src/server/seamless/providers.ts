// The outside studios allowed to call the seamless-wallet API: created, re-keyed, switched
// on and off by staff (`npm run providers`), each action written to wallet_provider_audit.
// A rotation keeps the previous key good for a grace period, so the provider can switch
// without a moment where its requests fail; a key older than that is retired at once, so
// no provider ever has more than two good keys.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { isWalletCurrency } from '../../shared/money.ts';
import type { ServerContext } from '../context.ts';
import { dateOf } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { gameProviders, walletProviderAudit, walletProviderKeys, walletProviders } from '../db/schema/index.ts';
import { newKeyId, newSecret, openSecret, sealSecret } from './keys.ts';

export type WalletProvider = typeof walletProviders.$inferSelect;

/** How long the key before a rotation stays good unless told otherwise. */
export const DEFAULT_GRACE_HOURS = 24;

export type ProviderRefusal =
  | 'provider_exists'
  | 'provider_not_found'
  | 'game_provider_not_found'
  | 'game_provider_taken'
  | 'invalid_code'
  | 'invalid_currency'
  | 'invalid_launch_url'
  | 'invalid_grace';

export interface NewProvider {
  code: string;
  name: string;
  /** The catalogue label (game_providers.slug) whose games this provider serves. */
  gameProvider: string;
  currencies: string[];
  launchUrl: string;
}

/** What a creation or rotation hands the operator once: the key id and the secret in clear. */
export interface IssuedKey {
  provider: WalletProvider;
  keyId: string;
  secret: string;
  /** When the key before this one stops being accepted (a rotation). */
  previousRetiresAt?: Date;
}

const CODE = /^[a-z0-9][a-z0-9-]{1,39}$/;

/**
 * A path of our own origin (the sandbox studio's, or one the front proxy sends to the
 * provider): the lobby frames only same-origin pages (the pages' CSP says frame-src 'self').
 */
export function validLaunchUrl(url: string): boolean {
  return /^\/[\w\-./]*$/.test(url) && !url.startsWith('//') && url.length <= 200;
}

/** The provider whose games are the catalogue label `gameProviderId`'s, if that label is an outside provider. */
export async function providerOfLabel(db: Db, gameProviderId: number): Promise<WalletProvider | undefined> {
  const [p] = await db.select().from(walletProviders).where(eq(walletProviders.gameProviderId, gameProviderId));
  return p;
}

/** Where a launch of an outside provider's game sends the player: its launch URL with the token (real play), the game, language, mode and currency. */
export function launchUrlOf(provider: WalletProvider, launch: { token?: string; gameId: string; lang: string; currency: string }): string {
  const q = new URLSearchParams({
    game_id: launch.gameId,
    lang: launch.lang,
    mode: launch.token ? 'real' : 'fun',
    currency: launch.currency,
    ...(launch.token ? { session: launch.token } : {}),
  });
  return `${provider.launchUrl}?${q}`;
}

async function audit(db: Db, providerId: number | null, via: string, action: string, details: Record<string, unknown> = {}) {
  await db.insert(walletProviderAudit).values({ providerId, via, action, details });
}

export async function findProvider(db: Db, code: string): Promise<WalletProvider | undefined> {
  const [p] = await db.select().from(walletProviders).where(eq(walletProviders.code, code));
  return p;
}

export async function listProviders(db: Db, now: Date) {
  const rows = await db
    .select({ provider: walletProviders, label: gameProviders.providerName })
    .from(walletProviders)
    .innerJoin(gameProviders, eq(gameProviders.id, walletProviders.gameProviderId))
    .orderBy(walletProviders.id);
  const keys = await db
    .select({ providerId: walletProviderKeys.providerId, keyId: walletProviderKeys.keyId, retiresAt: walletProviderKeys.retiresAt })
    .from(walletProviderKeys)
    .where(or(isNull(walletProviderKeys.retiresAt), gt(walletProviderKeys.retiresAt, now)))
    .orderBy(desc(walletProviderKeys.id));
  return rows.map((r) => ({ ...r.provider, label: r.label, keys: keys.filter((k) => k.providerId === r.provider.id) }));
}

function checkCurrencies(currencies: string[]): string[] | undefined {
  const upper = [...new Set(currencies.map((c) => c.trim().toUpperCase()))];
  return upper.length > 0 && upper.every(isWalletCurrency) ? upper.sort() : undefined;
}

export async function createProvider(
  ctx: ServerContext,
  input: NewProvider,
  via: string,
): Promise<{ ok: true; issued: IssuedKey } | { ok: false; code: ProviderRefusal }> {
  const { db } = ctx.database;
  if (!CODE.test(input.code)) return { ok: false, code: 'invalid_code' };
  const currencies = checkCurrencies(input.currencies);
  if (!currencies) return { ok: false, code: 'invalid_currency' };
  if (!validLaunchUrl(input.launchUrl)) return { ok: false, code: 'invalid_launch_url' };
  const [label] = await db.select({ id: gameProviders.id }).from(gameProviders).where(eq(gameProviders.slug, input.gameProvider));
  if (!label) return { ok: false, code: 'game_provider_not_found' };
  if (await findProvider(db, input.code)) return { ok: false, code: 'provider_exists' };
  const [taken] = await db.select({ id: walletProviders.id }).from(walletProviders).where(eq(walletProviders.gameProviderId, label.id));
  if (taken) return { ok: false, code: 'game_provider_taken' };
  const secret = newSecret();
  const keyId = newKeyId(input.code);
  const provider = await db.transaction(async (tx) => {
    const [p] = await tx
      .insert(walletProviders)
      .values({ code: input.code, name: input.name, gameProviderId: label.id, currencies, launchUrl: input.launchUrl })
      .returning();
    const created = p as WalletProvider;
    await tx.insert(walletProviderKeys).values({ providerId: created.id, keyId, sealedSecret: sealSecret(ctx.config.providerSecretsKey, secret) });
    await tx.insert(walletProviderAudit).values({
      providerId: created.id,
      via,
      action: 'create',
      details: { code: input.code, name: input.name, currencies, launchUrl: input.launchUrl, keyId },
    });
    return created;
  });
  forgetKeys(ctx);
  return { ok: true, issued: { provider, keyId, secret } };
}

/**
 * A new current key. The key that was current stays good for `graceHours` (0: stops at
 * once, for a leaked key); any older key still in its grace period stops now.
 */
export async function rotateKey(
  ctx: ServerContext,
  code: string,
  graceHours: number,
  via: string,
): Promise<{ ok: true; issued: IssuedKey } | { ok: false; code: ProviderRefusal }> {
  const { db } = ctx.database;
  if (!Number.isFinite(graceHours) || graceHours < 0 || graceHours > 24 * 30) return { ok: false, code: 'invalid_grace' };
  const provider = await findProvider(db, code);
  if (!provider) return { ok: false, code: 'provider_not_found' };
  const now = dateOf(ctx.clock);
  const retiresAt = dateOf(ctx.clock, graceHours * 3_600_000);
  const secret = newSecret();
  const keyId = newKeyId(code);
  await db.transaction(async (tx) => {
    // One rotation at a time per provider: two at once would leave three good keys.
    await tx.execute(sql`select id from wallet_providers where id = ${provider.id} for update`);
    await tx
      .update(walletProviderKeys)
      .set({ retiresAt: now })
      .where(and(eq(walletProviderKeys.providerId, provider.id), gt(walletProviderKeys.retiresAt, now)));
    await tx
      .update(walletProviderKeys)
      .set({ retiresAt })
      .where(and(eq(walletProviderKeys.providerId, provider.id), isNull(walletProviderKeys.retiresAt)));
    await tx.insert(walletProviderKeys).values({ providerId: provider.id, keyId, sealedSecret: sealSecret(ctx.config.providerSecretsKey, secret) });
    await tx
      .insert(walletProviderAudit)
      .values({ providerId: provider.id, via, action: 'rotate_key', details: { keyId, previousRetiresAt: retiresAt.toISOString() } });
  });
  forgetKeys(ctx);
  return { ok: true, issued: { provider, keyId, secret, previousRetiresAt: retiresAt } };
}

export async function setEnabled(
  ctx: ServerContext,
  code: string,
  enabled: boolean,
  via: string,
): Promise<{ ok: true } | { ok: false; code: ProviderRefusal }> {
  const { db } = ctx.database;
  const provider = await findProvider(db, code);
  if (!provider) return { ok: false, code: 'provider_not_found' };
  await db.update(walletProviders).set({ enabled }).where(eq(walletProviders.id, provider.id));
  await audit(db, provider.id, via, enabled ? 'enable' : 'disable');
  forgetKeys(ctx);
  return { ok: true };
}

export async function setCurrencies(
  ctx: ServerContext,
  code: string,
  list: string[],
  via: string,
): Promise<{ ok: true; currencies: string[] } | { ok: false; code: ProviderRefusal }> {
  const { db } = ctx.database;
  const provider = await findProvider(db, code);
  if (!provider) return { ok: false, code: 'provider_not_found' };
  const currencies = checkCurrencies(list);
  if (!currencies) return { ok: false, code: 'invalid_currency' };
  await db.update(walletProviders).set({ currencies }).where(eq(walletProviders.id, provider.id));
  await audit(db, provider.id, via, 'currencies', { before: provider.currencies, after: currencies });
  forgetKeys(ctx);
  return { ok: true, currencies };
}

/** How long a process keeps a key it looked up: a rotation, a retirement or a switch takes effect everywhere within this. */
export const KEY_CACHE_MS = 5_000;

interface CachedKey {
  found: { provider: WalletProvider; secret: string; retiresAt: Date | null } | undefined;
  until: number;
}

const keyCaches = new WeakMap<object, Map<string, CachedKey>>();
const cacheOf = (ctx: ServerContext) => {
  let cache = keyCaches.get(ctx.database);
  if (!cache) {
    cache = new Map();
    keyCaches.set(ctx.database, cache);
  }
  return cache;
};

/** Forgets the keys this process looked up, after a change made here (other processes follow within KEY_CACHE_MS). */
export function forgetKeys(ctx: ServerContext): void {
  cacheOf(ctx).clear();
}

/**
 * The provider a request's key id names and that key's secret, while the key is good;
 * undefined otherwise. Looked up (and the secret unsealed) once per KEY_CACHE_MS and process,
 * not once per request; the deadline of a key in its grace period is checked every time.
 */
export async function signingKey(ctx: ServerContext, keyId: string): Promise<{ provider: WalletProvider; secret: string } | undefined> {
  if (keyId.length === 0 || keyId.length > 100) return undefined;
  const cache = cacheOf(ctx);
  const now = ctx.clock.now();
  let entry = cache.get(keyId);
  if (!entry || entry.until <= Date.now()) {
    const [row] = await ctx.database.db
      .select({ provider: walletProviders, sealed: walletProviderKeys.sealedSecret, retiresAt: walletProviderKeys.retiresAt })
      .from(walletProviderKeys)
      .innerJoin(walletProviders, eq(walletProviders.id, walletProviderKeys.providerId))
      .where(eq(walletProviderKeys.keyId, keyId));
    const secret = row ? openSecret(ctx.config.providerSecretsKey, row.sealed) : undefined;
    entry = { found: row && secret !== undefined ? { provider: row.provider, secret, retiresAt: row.retiresAt } : undefined, until: Date.now() + KEY_CACHE_MS };
    // Unknown ids are remembered too, so a flood of made-up ones costs no query each; the map is bounded.
    if (cache.size > 1_000) cache.clear();
    cache.set(keyId, entry);
  }
  const found = entry.found;
  if (!found || (found.retiresAt !== null && found.retiresAt.getTime() <= now)) return undefined;
  return { provider: found.provider, secret: found.secret };
}

/**
 * Keeps a provider's fixed key (the sandbox studio's, whose secret is derived from ours)
 * current: inserted the first time, re-sealed when the secret or PROVIDER_SECRETS_KEY changed.
 */
export async function ensureFixedKey(db: Db, master: string, providerId: number, keyId: string, secret: string): Promise<void> {
  const [row] = await db.select().from(walletProviderKeys).where(eq(walletProviderKeys.keyId, keyId));
  if (row && row.providerId === providerId && row.retiresAt === null && openSecret(master, row.sealedSecret) === secret) return;
  const sealedSecret = sealSecret(master, secret);
  if (row) await db.update(walletProviderKeys).set({ sealedSecret, retiresAt: null, providerId }).where(eq(walletProviderKeys.id, row.id));
  else await db.insert(walletProviderKeys).values({ providerId, keyId, sealedSecret });
  await audit(db, providerId, 'seed', row ? 'reseal_key' : 'create_key', { keyId });
}
