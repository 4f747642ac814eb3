// An outside game provider plays rounds through the seamless-wallet API, over real HTTP
// (a socket on loopback), as its server would: each request signed with its key over the
// timestamp and the raw body. Good and bad signatures, a stale timestamp, a replayed
// request, the same transaction id with another body, a rollback before its bet, a win by
// round, insufficient funds answered with the balance, limits, key rotation, bets racing
// for the last of the money, and the ledger conserved at the end. Then the sandbox studio,
// the project's own outside provider, plays a round from its page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { gameProviders, games, walletProviderAudit, walletProviders } from '../../src/server/db/schema/index.ts';
import { signPayload } from '../../src/server/payments/signature.ts';
import { runProvidersCommand } from '../../src/server/seamless/cli.ts';
import { createProvider, rotateKey, setEnabled } from '../../src/server/seamless/providers.ts';
import { SANDBOX_PROVIDER, sandboxGameId } from '../../src/server/seamless/sandbox.ts';
import { auditLedger, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
let api: TestApi;
let server: Server;
let base: string;
let providerId: number;
let key = { id: '', secret: '' };

const GAME = 'acme-games:rocket';

beforeAll(async () => {
  api = await testApi({}, { clock });
  const db = api.ctx.database.db;
  const [label] = await db.insert(gameProviders).values({ slug: 'acme-games', providerName: 'Acme Games', position: 60 }).returning();
  await db.insert(games).values({
    externalGameId: GAME,
    slug: 'acme-rocket',
    name: 'Rocket',
    providerId: label!.id,
    groupId: 7,
    type: 'online',
    engine: 'provider',
    thumbnail: '/games/sandbox/sandbox-coin-flip.svg',
  });
  const created = await createProvider(
    api.ctx,
    { code: 'acme', name: 'Acme Games', gameProvider: 'acme-games', currencies: ['EUR'], launchUrl: '/acme/launch' },
    'test',
  );
  if (!created.ok) throw new Error(created.code);
  providerId = created.issued.provider.id;
  key = { id: created.issued.keyId, secret: created.issued.secret };
  server = createServer(getRequestListener(api.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

interface Sent {
  status: number;
  body: Record<string, unknown> & { status: number; message?: string; balance?: number; currency?: string; transaction_id?: string };
  text: string;
}

interface SendOptions {
  as?: { id: string; secret: string };
  /** Unix seconds of the signature; the clock's now by default. */
  at?: number;
  /** Headers sent as they are, instead of the signed ones. */
  headers?: Record<string, string>;
}

/** The signed request a provider's server sends for `call`: the raw body, its key id, t and v1 over "<t>.<call>.<body>". */
function signed(call: string, raw: string, o: SendOptions = {}): Record<string, string> {
  const k = o.as ?? key;
  const t = o.at ?? Math.floor(clock.now() / 1000);
  return o.headers ?? { 'content-type': 'application/json', 'x-provider-key': k.id, 'x-provider-signature': signPayload(k.secret, `${call}.${raw}`, t) };
}

async function post(call: string, raw: string, headers: Record<string, string>): Promise<Sent> {
  const response = await fetch(`${base}/api/providers/v1/${call}`, { method: 'POST', headers, body: raw });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text };
}

const send = (call: string, body: Record<string, unknown>, o: SendOptions = {}) => {
  const raw = JSON.stringify(body);
  return post(call, raw, signed(call, raw, o));
};

/** A player with `deposit` cents in EUR, launched into the provider's game: the session token the provider is handed. */
async function launchedPlayer(deposit: number, currency = 'EUR'): Promise<{ playerId: number; session: string; token: string }> {
  const [playerId] = await createPlayers(api.ctx.database.db, 1, currency);
  if (deposit > 0) await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: playerId!, amount: deposit, provider: 'card' });
  const token = await tokenFor(api.ctx, playerId!);
  const { body } = await api.json<{ status: number; gameURL: string }>('front/get_game_url', { game_id: GAME, is_real: true, lang: 'en' }, { token });
  expect(body.status).toBe(1);
  const url = new URL(body.gameURL, base);
  expect(url.pathname).toBe('/acme/launch');
  expect(url.searchParams.get('game_id')).toBe(GAME);
  return { playerId: playerId!, session: url.searchParams.get('session') as string, token };
}

const tx = () => newKey('tx');

describe('the seamless-wallet API, as an outside provider calls it', () => {
  it('answers the balance of a correctly signed request, in minor units of the player’s currency', async () => {
    const p = await launchedPlayer(12_345);
    const r = await send('balance', { session: p.session });
    expect(r).toMatchObject({ status: 200, body: { status: 1, balance: 12_345, currency: 'EUR' } });
  });

  it('refuses a wrong signature, an unknown key, a missing header and a body changed after signing, moving nothing', async () => {
    const p = await launchedPlayer(1_000);
    const bet = { session: p.session, transaction_id: tx(), round_id: 'r-bad', game_id: GAME, amount: 100, currency: 'EUR' };
    const raw = JSON.stringify(bet);
    expect(await send('bet', bet, { as: { id: key.id, secret: 'not-the-secret' } })).toMatchObject({ status: 401, body: { message: 'bad_signature' } });
    expect(await send('bet', bet, { as: { id: 'acme-000000000000', secret: key.secret } })).toMatchObject({ status: 401, body: { message: 'bad_signature' } });
    expect(await post('bet', raw, { 'content-type': 'application/json', 'x-provider-key': key.id })).toMatchObject({ status: 401 });
    const tampered = JSON.stringify({ ...bet, amount: 1 });
    expect(await post('bet', tampered, signed('bet', raw))).toMatchObject({ status: 401, body: { message: 'bad_signature' } });
    // A bet's body is a valid win's too: its signature names the call, so it cannot be sent as a win.
    expect(await post('win', raw, signed('bet', raw))).toMatchObject({ status: 401, body: { message: 'bad_signature' } });
    expect((await readBalance(api.ctx.database.db, p.playerId)).real).toBe(1_000);
  });

  it('refuses a timestamp more than five minutes away from our clock, either way', async () => {
    const p = await launchedPlayer(1_000);
    const now = Math.floor(clock.now() / 1000);
    const bet = () => ({ session: p.session, transaction_id: tx(), round_id: 'r-stale', game_id: GAME, amount: 100, currency: 'EUR' });
    expect(await send('bet', bet(), { at: now - 301 })).toMatchObject({ status: 401, body: { message: 'stale_signature' } });
    expect(await send('bet', bet(), { at: now + 301 })).toMatchObject({ status: 401, body: { message: 'stale_signature' } });
    expect(await send('bet', bet(), { at: now - 299 })).toMatchObject({ status: 200, body: { status: 1 } });
    expect((await readBalance(api.ctx.database.db, p.playerId)).real).toBe(900);
  });

  it('plays a round: bet, then win, the balance after each', async () => {
    const p = await launchedPlayer(10_000);
    const bet = await send('bet', { session: p.session, transaction_id: 'b-1', round_id: 'round-1', game_id: GAME, amount: 250, currency: 'EUR' });
    expect(bet.body).toMatchObject({ status: 1, balance: 9_750, currency: 'EUR' });
    expect(bet.body.transaction_id).toMatch(/^\d+$/);
    const win = await send('win', {
      session: p.session,
      transaction_id: 'w-1',
      round_id: 'round-1',
      game_id: GAME,
      amount: 600,
      currency: 'EUR',
      bet_transaction_id: 'b-1',
    });
    expect(win.body).toMatchObject({ status: 1, balance: 10_350 });
    // The bet list shows the round under the provider's label.
    const { body: list } = await api.json<{ status: number; rows?: unknown }>('front/get_bet_list', { filterPeriod: 0 }, { token: p.token });
    expect(JSON.stringify(list)).toContain('Acme Games');
  });

  it('answers a replayed request with the first answer, byte for byte, and moves nothing', async () => {
    const p = await launchedPlayer(5_000);
    const raw = JSON.stringify({ session: p.session, transaction_id: 'b-replay', round_id: 'round-replay', game_id: GAME, amount: 400, currency: 'EUR' });
    const headers = signed('bet', raw);
    const first = await post('bet', raw, headers);
    const again = await post('bet', raw, headers);
    const twice = await Promise.all([post('bet', raw, headers), post('bet', raw, headers)]);
    expect(first.body).toMatchObject({ status: 1, balance: 4_600 });
    for (const r of [again, ...twice]) expect(r.text).toBe(first.text);
    expect((await readBalance(api.ctx.database.db, p.playerId)).real).toBe(4_600);
  });

  it('refuses the same transaction id with another body (conflict), with the balance, and moves nothing', async () => {
    const p = await launchedPlayer(5_000);
    const first = { session: p.session, transaction_id: 'b-conflict', round_id: 'round-c', game_id: GAME, amount: 100, currency: 'EUR' };
    expect((await send('bet', first)).body).toMatchObject({ status: 1, balance: 4_900 });
    expect((await send('bet', { ...first, amount: 200 })).body).toMatchObject({ status: 0, message: 'conflict', balance: 4_900 });
    expect((await send('bet', { ...first, round_id: 'round-other' })).body).toMatchObject({ status: 0, message: 'conflict' });
    const win = { session: p.session, transaction_id: 'w-conflict', round_id: 'round-c', game_id: GAME, amount: 50, currency: 'EUR' };
    expect((await send('win', win)).body).toMatchObject({ status: 1, balance: 4_950 });
    expect((await send('win', { ...win, amount: 5_000 })).body).toMatchObject({ status: 0, message: 'conflict', balance: 4_950 });
    expect((await readBalance(api.ctx.database.db, p.playerId)).real).toBe(4_950);
  });

  it('remembers a rollback of a bet not seen yet, and refuses that bet when it comes late', async () => {
    const p = await launchedPlayer(2_000);
    const rollback = await send('rollback', { session: p.session, transaction_id: 'rb-early', game_id: GAME, bet_transaction_id: 'b-late', currency: 'EUR' });
    expect(rollback.body).toMatchObject({ status: 1, balance: 2_000 });
    const late = await send('bet', { session: p.session, transaction_id: 'b-late', round_id: 'round-late', game_id: GAME, amount: 500, currency: 'EUR' });
    expect(late.body).toMatchObject({ status: 0, message: 'bet_rolled_back', balance: 2_000 });
    // A rollback of a bet that landed returns its stake, once; the round's win is then refused.
    await send('bet', { session: p.session, transaction_id: 'b-undo', round_id: 'round-undo', game_id: GAME, amount: 300, currency: 'EUR' });
    const undo = { session: p.session, transaction_id: 'rb-undo', game_id: GAME, bet_transaction_id: 'b-undo', currency: 'EUR' };
    expect((await send('rollback', undo)).body).toMatchObject({ status: 1, balance: 2_000 });
    expect((await send('rollback', undo)).body).toMatchObject({ status: 1, balance: 2_000 });
    const win = {
      session: p.session,
      transaction_id: 'w-undo',
      round_id: 'round-undo',
      game_id: GAME,
      amount: 900,
      currency: 'EUR',
      bet_transaction_id: 'b-undo',
    };
    expect((await send('win', win)).body).toMatchObject({ status: 0, message: 'bet_rolled_back' });
    expect((await readBalance(api.ctx.database.db, p.playerId)).real).toBe(2_000);
  });

  it('pays a win that names only its round when the round is known, and refuses one for a round never staked', async () => {
    const p = await launchedPlayer(1_000);
    const stranger = await send('win', { session: p.session, transaction_id: 'w-nobet', round_id: 'round-never', game_id: GAME, amount: 700, currency: 'EUR' });
    expect(stranger.body).toMatchObject({ status: 0, message: 'unknown_bet', balance: 1_000 });
    await send('bet', { session: p.session, transaction_id: 'b-r', round_id: 'round-known', game_id: GAME, amount: 100, currency: 'EUR' });
    const byRound = await send('win', { session: p.session, transaction_id: 'w-r', round_id: 'round-known', game_id: GAME, amount: 700, currency: 'EUR' });
    expect(byRound.body).toMatchObject({ status: 1, balance: 1_600 });
    // Another player's round is not this player's.
    const other = await launchedPlayer(0);
    const theirs = await send('win', { session: other.session, transaction_id: 'w-r2', round_id: 'round-known', game_id: GAME, amount: 700, currency: 'EUR' });
    expect(theirs.body).toMatchObject({ status: 0, message: 'unknown_bet' });
  });

  it('answers insufficient funds with the current balance', async () => {
    const p = await launchedPlayer(300);
    const r = await send('bet', { session: p.session, transaction_id: tx(), round_id: 'round-poor', game_id: GAME, amount: 301, currency: 'EUR' });
    expect(r).toMatchObject({ status: 200, body: { status: 0, message: 'insufficient_funds', balance: 300, currency: 'EUR' } });
  });

  it('never overdraws when bets race for the last of the money', async () => {
    const p = await launchedPlayer(1_000);
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        send('bet', { session: p.session, transaction_id: `race-${i}`, round_id: `race-${i}`, game_id: GAME, amount: 100, currency: 'EUR' }),
      ),
    );
    const taken = replies.filter((r) => r.body.status === 1);
    expect(taken).toHaveLength(10);
    expect(replies.filter((r) => r.body.message === 'insufficient_funds')).toHaveLength(14);
    expect((await readBalance(api.ctx.database.db, p.playerId)).real).toBe(0);
  });

  it('refuses a currency that is not the player’s or not the provider’s, a session of another game or provider, and an unknown session', async () => {
    const p = await launchedPlayer(1_000);
    const bet = { session: p.session, transaction_id: tx(), round_id: 'round-cur', game_id: GAME, amount: 100, currency: 'INR' };
    expect((await send('bet', bet)).body).toMatchObject({ status: 0, message: 'currency_mismatch' });
    expect(await send('bet', { ...bet, currency: 'EUR', game_id: 'acme-games:other' })).toMatchObject({ status: 400, body: { message: 'game_mismatch' } });
    expect(await send('balance', { session: 'no-such-session' })).toMatchObject({ status: 404, body: { message: 'session_not_found' } });
    // The sandbox studio's own key cannot reach Acme's players.
    const sandboxKey = {
      id: SANDBOX_PROVIDER.keyId,
      secret: (await import('../../src/server/seamless/sandbox.ts')).sandboxSecret(api.ctx.config.webhookSecret),
    };
    expect(await send('balance', { session: p.session }, { as: sandboxKey })).toMatchObject({ status: 404, body: { message: 'session_not_found' } });
    expect((await readBalance(api.ctx.database.db, p.playerId)).real).toBe(1_000);
    // A player whose wallet is in a currency the provider does not take cannot launch its games.
    const [rupees] = await createPlayers(api.ctx.database.db, 1, 'INR');
    const { body } = await api.json('front/get_game_url', { game_id: GAME, is_real: true, lang: 'en' }, { token: await tokenFor(api.ctx, rupees!) });
    expect(body).toMatchObject({ status: 0, message: 'game_not_available' });
  });

  it('applies the player’s limits and breaks to the provider’s bets, and still pays wins after the session ended', async () => {
    const p = await launchedPlayer(10_000);
    expect((await api.json('front/set_player_limit', { kind: 'wager_day', amount: 5 }, { token: p.token })).body).toMatchObject({ status: 1 });
    await send('bet', { session: p.session, transaction_id: 'b-lim1', round_id: 'round-lim', game_id: GAME, amount: 400, currency: 'EUR' });
    const over = await send('bet', { session: p.session, transaction_id: 'b-lim2', round_id: 'round-lim2', game_id: GAME, amount: 101, currency: 'EUR' });
    expect(over.body).toMatchObject({ status: 0, message: 'limit_reached', balance: 9_600, limit: { kind: 'wager_day', amount: 500, currency: 'EUR' } });
    expect((await api.json('front/take_break', { duration: '24h' }, { token: p.token })).body).toMatchObject({ status: 1 });
    // The break ended the launch: no more stakes, but the round in flight is paid.
    const after = await send('bet', { session: p.session, transaction_id: 'b-lim3', round_id: 'round-lim3', game_id: GAME, amount: 1, currency: 'EUR' });
    expect(after.body).toMatchObject({ status: 0, message: 'session_expired' });
    const win = await send('win', { session: p.session, transaction_id: 'w-lim', round_id: 'round-lim', game_id: GAME, amount: 800, currency: 'EUR' });
    expect(win.body).toMatchObject({ status: 1, balance: 10_400 });
  });

  it('rotates a key: both keys sign during the grace period, the old one not after it, and a disabled provider is refused', async () => {
    const p = await launchedPlayer(1_000);
    const old = key;
    const rotated = await rotateKey(api.ctx, 'acme', 1, 'test');
    if (!rotated.ok) throw new Error(rotated.code);
    const fresh = { id: rotated.issued.keyId, secret: rotated.issued.secret };
    expect((await send('balance', { session: p.session }, { as: old })).body).toMatchObject({ status: 1 });
    expect((await send('balance', { session: p.session }, { as: fresh })).body).toMatchObject({ status: 1 });
    clock.advance(3_600_001);
    expect(await send('balance', { session: p.session }, { as: old })).toMatchObject({ status: 401 });
    expect((await send('balance', { session: p.session }, { as: fresh })).body).toMatchObject({ status: 1 });
    key = fresh;
    expect((await setEnabled(api.ctx, 'acme', false, 'test')).ok).toBe(true);
    expect(await send('balance', { session: p.session })).toMatchObject({ status: 403, body: { message: 'provider_disabled' } });
    await setEnabled(api.ctx, 'acme', true, 'test');
    const actions = await api.ctx.database.db
      .select({ action: walletProviderAudit.action })
      .from(walletProviderAudit)
      .where(eq(walletProviderAudit.providerId, providerId));
    expect(actions.map((a) => a.action)).toEqual(['create', 'rotate_key', 'disable', 'enable']);
    // The secret is stored sealed, never in clear.
    const stored = await api.ctx.database.db.execute(sql`select sealed_secret from wallet_provider_keys where key_id = ${fresh.id}`);
    expect(JSON.stringify(stored)).not.toContain(fresh.secret);
  });

  it('leaves the ledger conserved: every currency sums to zero, no account below zero or drifted', async () => {
    const audit = await auditLedger(api.ctx.database.db);
    expect(audit).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [], mixedOperations: [] });
    expect(Object.values(audit.currencies).every((c) => c.total === 0)).toBe(true);
  });
});

describe('npm run providers', () => {
  it('creates a provider whose printed key signs at once, lists it, rotates it, and will not rotate the sandbox studio’s derived key', async () => {
    const db = api.ctx.database.db;
    await db.insert(gameProviders).values({ slug: 'bolt-games', providerName: 'Bolt Games', position: 61 });
    const out: string[] = [];
    const run = (...args: string[]) => runProvidersCommand(api.ctx, args, (line) => out.push(line));
    expect(await run('create', 'bolt', 'bolt-games', 'eur', '/bolt/launch', 'Bolt', 'Games')).toBe(0);
    const keyId = /key id: +(\S+)/.exec(out.join('\n'))?.[1] as string;
    const secret = /secret: +(\S+)/.exec(out.join('\n'))?.[1] as string;
    // No session of Bolt's exists yet, so a good signature gets as far as the session lookup.
    expect(await send('balance', { session: 'none-yet' }, { as: { id: keyId, secret } })).toMatchObject({
      status: 404,
      body: { message: 'session_not_found' },
    });
    expect(await run('create', 'bolt', 'bolt-games', 'EUR', '/bolt/launch', 'Again')).toBe(1);
    expect(await run('create', 'yen', 'bolt-games', 'JPY', '/bolt/launch', 'Yen')).toBe(1);
    out.length = 0;
    expect(await run('list')).toBe(0);
    expect(out.join('\n')).toMatch(/bolt .*games of Bolt Games {2}EUR {2}\/bolt\/launch {2}keys: bolt-/);
    expect(await run('rotate', 'bolt', '0')).toBe(0);
    expect(await send('balance', { session: 'none-yet' }, { as: { id: keyId, secret } })).toMatchObject({ status: 401 });
    expect(await run('rotate', SANDBOX_PROVIDER.code)).toBe(1);
    expect(await run('frobnicate', 'bolt')).toBe(2);
  });
});

describe('the sandbox studio, an outside provider of this project', () => {
  it('is seeded with its games and plays a real-money round from its page through the API', async () => {
    const db = api.ctx.database.db;
    const [provider] = await db.select().from(walletProviders).where(eq(walletProviders.code, SANDBOX_PROVIDER.code));
    expect(provider).toMatchObject({ enabled: true, currencies: ['EUR', 'INR'] });
    const [playerId] = await createPlayers(db, 1, 'INR');
    await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: playerId!, amount: 5_000, provider: 'card' });
    const token = await tokenFor(api.ctx, playerId!);
    const { body } = await api.json<{ gameURL: string }>(
      'front/get_game_url',
      { game_id: sandboxGameId('sandbox-coin-flip'), is_real: true, lang: 'en' },
      { token },
    );
    const launch = await fetch(new URL(body.gameURL, base));
    expect(launch.status).toBe(200);
    expect(launch.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const page = await launch.text();
    expect(page).toContain('₹50.00');
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] as string;
    const form = new URLSearchParams({
      game: field('game'),
      mode: field('mode'),
      currency: field('currency'),
      round: field('round'),
      session: field('session'),
      pick: '0',
      stake: '100',
    });
    const play = () => fetch(`${base}/api/sandbox/games/play`, { method: 'POST', body: form });
    const first = await (await play()).text();
    // The same form posted twice plays the same round once.
    const second = await (await play()).text();
    const balance = (await readBalance(db, playerId!)).real;
    expect([4_900, 5_096]).toContain(balance);
    const shown = balance === 5_096 ? '₹50.96' : '₹49.00';
    expect(first).toContain(shown);
    expect(second).toContain(shown);
    const bets = await db.execute(sql`select bet_key, round_id, provider, state from player_bets where player_id = ${playerId}`);
    const rows = (Array.isArray(bets) ? bets : (bets as { rows: unknown[] }).rows) as { bet_key: string; round_id: string; provider: string; state: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bet_key: `provider:${provider!.id}:${field('round')}-bet`, provider: 'Sandbox Studio', state: 'settled' });
  });

  it('plays free play on its own pretend money, without our wallet', async () => {
    const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_id: sandboxGameId('sandbox-lucky-seven'), is_real: false, lang: 'en' });
    const url = new URL(body.gameURL, base);
    expect(url.searchParams.get('mode')).toBe('fun');
    expect(url.searchParams.has('session')).toBe(false);
    const page = await (await fetch(url)).text();
    expect(page).toContain('free play');
    expect(page).toContain('€1,000.00');
  });
});
