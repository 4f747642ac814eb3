// The balance store (src/stores/balance.ts: the session's balances, the socket's pushes,
// the reply of get_player_balance) and the safer-gambling store (src/stores/limits.ts)
// with fetch and socket.io-client stubbed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaferGamblingReply } from '../../src/shared/protection.ts';
import { type ApiStub, stubApi } from '../helpers/api-stub.ts';

interface FakeSocket {
  options: { path: string; transports: string[]; auth: (cb: (data: unknown) => void) => void };
  handlers: Map<string, (payload?: unknown) => void>;
  disconnect: ReturnType<typeof vi.fn>;
}

const sockets: FakeSocket[] = [];

vi.mock('socket.io-client', () => ({
  io: (options: FakeSocket['options']) => {
    const socket: FakeSocket = { options, handlers: new Map(), disconnect: vi.fn() };
    sockets.push(socket);
    return { on: (event: string, handler: (payload?: unknown) => void) => socket.handlers.set(event, handler), disconnect: socket.disconnect };
  },
}));

let api: ApiStub;

beforeEach(() => {
  api = stubApi();
  sockets.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const balance = { currency: 'EUR', total_balance: 12.5, real_balance: 10, bonus_balance: 2.5, locked_balance: 0 };
const player = { id: 7, username: 'alice', first_name: 'A', last_name: 'L', email: 'a@example.com', country: 'FI', phone_number: '', scope: [], ...balance };

describe('balance store', () => {
  async function load() {
    vi.stubGlobal('window', {});
    vi.resetModules();
    const { $balance, $depositResult, refreshBalance } = await import('../../src/stores/balance.ts');
    const { $session } = await import('../../src/stores/session.ts');
    const { setAccessToken } = await import('../../src/lib/api.ts');
    return { $balance, $depositResult, refreshBalance, $session, setAccessToken };
  }

  it('shows the session’s balances, then the socket’s pushes for this player only', async () => {
    const { $balance, $depositResult, $session, setAccessToken } = await load();
    setAccessToken('token-7');
    const seen: unknown[] = [];
    const unbind = $balance.subscribe((b) => seen.push(b));
    $session.set({ user: player, loggedIn: true, busy: false, known: true });
    // Only the BalanceInfo fields are kept, not the rest of the player.
    expect($balance.get()).toEqual(balance);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket;
    expect(socket.options).toMatchObject({ path: '/socket.io', transports: ['websocket'] });
    const auth = vi.fn();
    socket.options.auth(auth);
    expect(auth).toHaveBeenCalledWith({ token: 'token-7' });
    expect([...socket.handlers.keys()].sort()).toEqual(['connect', 'deposit_result_7', 'update_balance_7']);
    socket.handlers.get('update_balance_7')?.({ ...balance, total_balance: 30, real_balance: 27.5, extra: 'ignored' });
    expect($balance.get()).toEqual({ ...balance, total_balance: 30, real_balance: 27.5 });
    const pushed = { status: 1, tx_id: 'pay_3', amount: 25, currency: 'EUR', reason: null };
    socket.handlers.get('deposit_result_7')?.(pushed);
    expect($depositResult.get()).toEqual(pushed);
    expect(seen[0]).toBeNull();
    unbind();
  });

  it('asks for the balance on each (re)connection and applies the reply; a refusal changes nothing', async () => {
    const { $balance, $session } = await load();
    const unbind = $balance.listen(() => {});
    $session.set({ user: player, loggedIn: true, busy: false, known: true });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    api.answers['front/get_player_balance'] = { body: { status: 1, player: { ...balance, total_balance: 99, real_balance: 96.5 }, bonus: null } };
    sockets[0]?.handlers.get('connect')?.();
    await vi.waitFor(() => expect($balance.get()?.total_balance).toBe(99));
    expect(api.sent).toMatchObject([{ path: 'front/get_player_balance', method: 'POST' }]);
    api.answers['front/get_player_balance'] = { body: { status: 0, message: 'player_not_found' } };
    sockets[0]?.handlers.get('connect')?.();
    await vi.waitFor(() => expect(api.sent).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 0));
    expect($balance.get()?.total_balance).toBe(99);
    // A failed call is swallowed by the reconnection handler and leaves the balance too.
    api.answers['front/get_player_balance'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    sockets[0]?.handlers.get('connect')?.();
    await vi.waitFor(() => expect(api.sent).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 0));
    expect($balance.get()?.total_balance).toBe(99);
    unbind();
  });

  it('refreshBalance throws on a failed call', async () => {
    const { refreshBalance } = await load();
    api.answers['front/get_player_balance'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    await expect(refreshBalance()).rejects.toMatchObject({ status: 500 });
  });

  it('keeps one socket per player and drops it and the balance at logout', async () => {
    const { $balance, $session } = await load();
    const unbind = $balance.listen(() => {});
    $session.set({ user: player, loggedIn: true, busy: false, known: true });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    // The same player again (a fetchPlayer after a deposit): no second socket.
    $session.set({ user: { ...player, total_balance: 20 }, loggedIn: true, busy: false, known: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(sockets).toHaveLength(1);
    expect($balance.get()?.total_balance).toBe(20);
    $session.set({ user: null, loggedIn: false, busy: false, known: true });
    expect($balance.get()).toBeNull();
    expect(sockets[0]?.disconnect).toHaveBeenCalledOnce();
    // Another player logs in: a new socket in their room.
    $session.set({ user: { ...player, id: 8 }, loggedIn: true, busy: false, known: true });
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets[1]?.handlers.has('update_balance_8')).toBe(true);
    unbind();
  });

  it('does nothing outside the browser', async () => {
    vi.resetModules();
    vi.stubGlobal('window', undefined);
    const { $balance } = await import('../../src/stores/balance.ts');
    const { $session } = await import('../../src/stores/session.ts');
    const unbind = $balance.listen(() => {});
    $session.set({ user: player, loggedIn: true, busy: false, known: true });
    await new Promise((r) => setTimeout(r, 0));
    expect($balance.get()).toBeNull();
    expect(sockets).toHaveLength(0);
    unbind();
  });
});

describe('safer-gambling store', () => {
  const reply: SaferGamblingReply = {
    status: 1,
    currency: 'EUR',
    cooling_off_hours: 24,
    limits: [
      { kind: 'deposit_day', amount: 100, pending: null },
      { kind: 'loss_week', amount: null, pending: null },
    ],
    reality_check_minutes: null,
    months: [],
  };

  async function load() {
    vi.resetModules();
    return import('../../src/stores/limits.ts');
  }

  it('loads the state, and marks a failed load without losing what was shown', async () => {
    const store = await load();
    api.answers['front/get_safer_gambling'] = { body: reply };
    const loading: boolean[] = [];
    store.$saferGambling.listen((s) => loading.push(s.loading));
    await store.loadSaferGambling();
    expect(store.$saferGambling.get()).toEqual({ data: reply, loading: false, failed: false });
    expect(loading).toEqual([true, false]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.answers['front/get_safer_gambling'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    await store.loadSaferGambling();
    expect(store.$saferGambling.get()).toEqual({ data: reply, loading: false, failed: true });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('setLimit sends the kind and amount and puts the new row in place of the old one', async () => {
    const store = await load();
    api.answers['front/get_safer_gambling'] = { body: reply };
    await store.loadSaferGambling();
    const row = { kind: 'deposit_day' as const, amount: 100, pending: { amount: 500, remove: false, confirmable_from: '2026-01-02T00:00:00.000Z' } };
    api.answers['front/set_player_limit'] = { body: { status: 1, limit: row, outcome: 'waiting' } };
    const result = await store.setLimit('deposit_day', '500.00');
    expect(result).toEqual({ ok: true, value: { status: 1, limit: row, outcome: 'waiting' } });
    expect(api.sent.at(-1)).toMatchObject({ path: 'front/set_player_limit', body: { kind: 'deposit_day', amount: '500.00' } });
    expect(store.$saferGambling.get().data?.limits).toEqual([row, { kind: 'loss_week', amount: null, pending: null }]);
  });

  it('a refusal, a field error and a 429 each come back as a message, and the state stays', async () => {
    const store = await load();
    api.answers['front/get_safer_gambling'] = { body: reply };
    await store.loadSaferGambling();
    api.answers['front/confirm_player_limit'] = { body: { status: 0, message: 'limit_cooling_off' } };
    expect(await store.confirmLimit('deposit_day')).toEqual({ ok: false, message: 'limit_cooling_off' });
    api.answers['front/set_player_limit'] = { http: 400, body: { status: 0, message: 'validation_failed', errors: { amount: 'amount_invalid' } } };
    expect(await store.setLimit('loss_week', 'lots')).toEqual({ ok: false, message: 'amount_invalid', field: 'amount', status: 400 });
    api.answers['front/set_player_limit'] = { http: 429, body: { status: 0 } };
    expect(await store.setLimit('loss_week', '5')).toEqual({ ok: false, message: 'too_many_attempts', status: 429 });
    api.answers['front/set_player_limit'] = { http: 500, body: {} };
    expect(await store.setLimit('loss_week', '5')).toEqual({ ok: false, message: 'action_failed', status: 500 });
    expect(store.$saferGambling.get().data).toEqual(reply);
  });

  it('confirmLimit replaces the row; takeBreak and closeAccount send what they are given', async () => {
    const store = await load();
    api.answers['front/get_safer_gambling'] = { body: reply };
    await store.loadSaferGambling();
    const removed = { kind: 'deposit_day' as const, amount: null, pending: null };
    api.answers['front/confirm_player_limit'] = { body: { status: 1, limit: removed } };
    expect(await store.confirmLimit('deposit_day')).toMatchObject({ ok: true });
    expect(store.$saferGambling.get().data?.limits[0]).toEqual(removed);
    api.answers['front/take_break'] = { body: { status: 1, until: '2026-02-01T00:00:00.000Z', break_kind: 'timeout' } };
    expect(await store.takeBreak('1w')).toMatchObject({ ok: true, value: { break_kind: 'timeout' } });
    expect(api.sent.at(-1)?.body).toEqual({ duration: '1w' });
    api.answers['front/close_account'] = { body: { status: 1 } };
    expect(await store.closeAccount('pw-123456')).toEqual({ ok: true, value: undefined });
    expect(api.sent.at(-1)).toMatchObject({ path: 'front/close_account', body: { password: 'pw-123456' } });
  });

  it('setRealityCheck keeps the chosen minutes in the state', async () => {
    const store = await load();
    api.answers['front/get_safer_gambling'] = { body: reply };
    await store.loadSaferGambling();
    api.answers['front/set_reality_check'] = { body: { status: 1, reality_check_minutes: 30 } };
    expect(await store.setRealityCheck(30)).toEqual({ ok: true, value: 30 });
    expect(api.sent.at(-1)?.body).toEqual({ minutes: 30 });
    expect(store.$saferGambling.get().data?.reality_check_minutes).toBe(30);
  });
});
