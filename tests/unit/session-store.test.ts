// The session store (src/stores/session.ts) with fetch stubbed: restore on page start,
// login and logout, the renewal before expiry, the one refresh at a time (in this tab and
// across tabs through Web Locks) and the sign-out on any 401. Each test loads the store
// afresh: it keeps the refresh under way and the page's restore in module state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, deferred, memoryStorage, stubApi } from '../helpers/api-stub.ts';

type SessionModule = typeof import('../../src/stores/session.ts');
type ApiModule = typeof import('../../src/lib/api.ts');

let api: ApiStub;
let localStore: Storage;
let assign: ReturnType<typeof vi.fn>;

/** A JWT-shaped token expiring at `exp` (epoch ms); only its payload is read. */
function token(name: string, exp: number): string {
  const payload = Buffer.from(JSON.stringify({ sub: name, exp: Math.floor(exp / 1000) })).toString('base64url');
  return `header.${payload}.signature`;
}

const player = {
  id: 7,
  username: 'alice',
  first_name: 'Alice',
  last_name: 'Liddell',
  email: 'alice@example.com',
  country: 'FI',
  phone_number: '',
  scope: ['player'],
  currency: 'EUR',
  total_balance: 12.5,
  real_balance: 10,
  bonus_balance: 2.5,
  locked_balance: 0,
};

async function load(options: { window?: boolean } = {}): Promise<{ store: SessionModule; lib: ApiModule }> {
  if (options.window) vi.stubGlobal('window', {});
  vi.resetModules();
  const store = await import('../../src/stores/session.ts');
  const lib = await import('../../src/lib/api.ts');
  return { store, lib };
}

beforeEach(() => {
  api = stubApi();
  localStore = memoryStorage();
  vi.stubGlobal('localStorage', localStore);
  vi.stubGlobal('sessionStorage', memoryStorage());
  // No Web Locks unless a test brings them.
  vi.stubGlobal('navigator', {});
  assign = vi.fn();
  vi.stubGlobal('location', { assign });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('restoreSession', () => {
  it('asks nothing for a guest and marks the session known', async () => {
    const { store } = await load();
    await store.restoreSession();
    expect(api.sent).toEqual([]);
    expect(store.$session.get()).toEqual({ user: null, loggedIn: false, busy: false, known: true });
  });

  it('refreshes (keepalive) and fetches the player with the new token, once per page', async () => {
    localStore.setItem('auth.strategy', 'local');
    const access = token('alice', Date.now() + 15 * 60_000);
    api.answers['front/auth/refresh'] = { body: { status: 1, accessToken: access } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    const { store, lib } = await load();
    await Promise.all([store.restoreSession(), store.restoreSession()]);
    await store.restoreSession();
    expect(api.sent.map((s) => [s.method, s.path, s.keepalive])).toEqual([
      ['POST', 'front/auth/refresh', true],
      ['GET', 'front/auth/player', false],
    ]);
    expect(api.sent[1]?.authorization).toBe(`Bearer ${access}`);
    expect(lib.getAccessToken()).toBe(access);
    expect(store.$session.get()).toEqual({ user: player, loggedIn: true, busy: false, known: true });
  });

  it('forgets the strategy when the refresh cookie is refused', async () => {
    localStore.setItem('auth.strategy', 'local');
    api.answers['front/auth/refresh'] = { http: 401, body: { status: 0, message: 'unauthorized' } };
    const { store, lib } = await load();
    await store.restoreSession();
    expect(api.paths()).toEqual(['front/auth/refresh']);
    expect(localStore.getItem('auth.strategy')).toBeNull();
    expect(lib.getAccessToken()).toBeUndefined();
    expect(store.$session.get()).toEqual({ user: null, loggedIn: false, busy: false, known: true });
  });

  it('logs a failed player fetch and ends the session', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStore.setItem('auth.strategy', 'local');
    api.answers['front/auth/refresh'] = { body: { status: 1, accessToken: token('alice', Date.now() + 60 * 60_000) } };
    api.answers['front/auth/player'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    const { store, lib } = await load();
    await store.restoreSession();
    expect(logged).toHaveBeenCalledOnce();
    expect(lib.getAccessToken()).toBeUndefined();
    expect(localStore.getItem('auth.strategy')).toBeNull();
    expect(store.$session.get()).toMatchObject({ loggedIn: false, known: true });
    logged.mockRestore();
  });
});

describe('login', () => {
  it('sends the credentials with the visitor’s address and tells the listeners', async () => {
    const access = token('alice', Date.now() + 15 * 60_000);
    api.answers['front/auth/login/'] = { body: { status: 1, accessToken: access } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    const { store } = await load();
    const { $visitor } = await import('../../src/stores/visitor.ts');
    $visitor.setKey('ip', '203.0.113.9');
    const heard: number[] = [];
    store.onLoggedIn((p) => heard.push(p.id));
    const busy: boolean[] = [];
    store.$session.listen((s) => busy.push(s.busy));
    expect(await store.login({ username: 'alice', password: 'secret-pw' })).toEqual(player);
    expect(api.sent[0]).toMatchObject({
      path: 'front/auth/login/',
      body: { username: 'alice', password: 'secret-pw', ip_address: '203.0.113.9' },
      authorization: null,
    });
    expect(api.sent[1]).toMatchObject({ path: 'front/auth/player', authorization: `Bearer ${access}` });
    expect(heard).toEqual([7]);
    expect(busy).toContain(true);
    expect(store.$session.get()).toEqual({ user: player, loggedIn: true, busy: false, known: true });
    expect(localStore.getItem('auth.strategy')).toBe('local');
  });

  it('throws on a refused login, leaves nobody logged in and tells no listener', async () => {
    api.answers['front/auth/login/'] = { http: 401, body: { status: 0, message: 'failed_login' } };
    const { store, lib } = await load();
    const listener = vi.fn();
    store.onLoggedIn(listener);
    await expect(store.login({ username: 'alice', password: 'wrong' })).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
    expect(lib.getAccessToken()).toBeUndefined();
    expect(store.$session.get()).toEqual({ user: null, loggedIn: false, busy: false, known: true });
    expect(localStore.getItem('auth.strategy')).toBeNull();
  });

  it('counts a token without a player as a failed login', async () => {
    api.answers['front/auth/login/'] = { body: { status: 1, accessToken: token('alice', Date.now() + 60_000) } };
    api.answers['front/auth/player'] = { body: { status: 1, player: null } };
    const { store, lib } = await load();
    await expect(store.login({ username: 'alice', password: 'pw' })).rejects.toThrow('no player');
    expect(lib.getAccessToken()).toBeUndefined();
    expect(store.$session.get().loggedIn).toBe(false);
  });
});

describe('login with a second factor', () => {
  it('answers the step for a ticket, and logs in only when the code is taken', async () => {
    api.answers['front/auth/login/'] = { body: { status: 1, second_factor: { ticket: 'T1', methods: ['totp', 'recovery'], expires_in: 300 } } };
    const access = token('alice', Date.now() + 15 * 60_000);
    api.answers['front/auth/second_factor'] = (body) =>
      body.code === '123456' ? { body: { status: 1, accessToken: access } } : { http: 401, body: { status: 0, message: 'wrong_second_factor' } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    const { store, lib } = await load();
    const listener = vi.fn();
    store.onLoggedIn(listener);

    expect(await store.login({ username: 'alice', password: 'pw' })).toEqual({ ticket: 'T1', methods: ['totp', 'recovery'] });
    expect(lib.getAccessToken()).toBeUndefined();
    expect(store.$session.get()).toMatchObject({ loggedIn: false, busy: false });

    await expect(store.proveSecondFactor('T1', 'totp', '000000')).rejects.toMatchObject({ status: 401, data: { message: 'wrong_second_factor' } });
    expect(store.$session.get().loggedIn).toBe(false);
    expect(listener).not.toHaveBeenCalled();

    expect(await store.proveSecondFactor('T1', 'totp', '123456')).toEqual(player);
    expect(api.sent.at(-2)).toMatchObject({ path: 'front/auth/second_factor', body: { ticket: 'T1', method: 'totp', code: '123456' } });
    expect(lib.getAccessToken()).toBe(access);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.$session.get()).toEqual({ user: player, loggedIn: true, busy: false, known: true });
  });
});

describe('token renewal', () => {
  it('refreshes a minute before the access token expires and adopts the new one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const first = token('alice', Date.now() + 15 * 60_000);
    const second = token('alice', Date.now() + 30 * 60_000);
    api.answers['front/auth/login/'] = { body: { status: 1, accessToken: first } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    api.answers['front/auth/refresh'] = { body: { status: 1, accessToken: second } };
    const { store, lib } = await load();
    await store.login({ username: 'alice', password: 'pw' });
    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1_000);
    expect(api.paths()).not.toContain('front/auth/refresh');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.paths().filter((p) => p === 'front/auth/refresh')).toHaveLength(1);
    expect(lib.getAccessToken()).toBe(second);
  });

  it('shares one refresh between callers in the same tab', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Expiring in 30 s: the renewal waits its 10 s minimum.
    api.answers['front/auth/login/'] = { body: { status: 1, accessToken: token('alice', Date.now() + 30_000) } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    const held = deferred<{ body: unknown }>();
    api.answers['front/auth/refresh'] = () => held.promise;
    const { store, lib } = await load();
    await store.login({ username: 'alice', password: 'pw' });
    const restored = store.restoreSession();
    await vi.advanceTimersByTimeAsync(10_000);
    // The timer's refresh found the restore's one under way.
    const renewed = token('alice', Date.now() + 15 * 60_000);
    held.resolve({ body: { status: 1, accessToken: renewed } });
    await restored;
    await vi.advanceTimersByTimeAsync(0);
    expect(api.paths().filter((p) => p === 'front/auth/refresh')).toHaveLength(1);
    expect(lib.getAccessToken()).toBe(renewed);
    expect(store.$session.get().loggedIn).toBe(true);
  });
});

describe('refresh across tabs (Web Locks)', () => {
  function locks(request: (name: string, options: LockOptions, task: () => Promise<unknown>) => Promise<unknown>) {
    const calls: { name: string; options: LockOptions }[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, options: LockOptions, task: () => Promise<unknown>) => {
          calls.push({ name, options });
          return request(name, options, task);
        },
      },
    });
    return calls;
  }

  it('refreshes under the site’s lock, with a time limit on the wait', async () => {
    const calls = locks((_name, _options, task) => task());
    localStore.setItem('auth.strategy', 'local');
    api.answers['front/auth/refresh'] = { body: { status: 1, accessToken: token('alice', Date.now() + 15 * 60_000) } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    const { store } = await load();
    await store.restoreSession();
    expect(calls.map((c) => c.name)).toEqual(['front.auth.refresh']);
    expect(calls[0]?.options.signal).toBeInstanceOf(AbortSignal);
    expect(store.$session.get().loggedIn).toBe(true);
  });

  it('goes ahead alone when the lock is never granted', async () => {
    locks(() => Promise.reject(new DOMException('timed out', 'TimeoutError')));
    localStore.setItem('auth.strategy', 'local');
    api.answers['front/auth/refresh'] = { body: { status: 1, accessToken: token('alice', Date.now() + 15 * 60_000) } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    const { store } = await load();
    await store.restoreSession();
    expect(api.paths()).toEqual(['front/auth/refresh', 'front/auth/player']);
    expect(store.$session.get().loggedIn).toBe(true);
  });

  it('does not try again alone when the refresh under the lock failed', async () => {
    locks((_name, _options, task) => task());
    localStore.setItem('auth.strategy', 'local');
    api.answers['front/auth/refresh'] = { http: 401, body: { status: 0, message: 'unauthorized' } };
    const { store } = await load();
    await store.restoreSession();
    expect(api.paths()).toEqual(['front/auth/refresh']);
    expect(store.$session.get()).toMatchObject({ loggedIn: false, known: true });
  });
});

describe('signOut and 401', () => {
  it('signOut ends the session even when the server call fails, then goes to the casino', async () => {
    api.answers['front/auth/login/'] = { body: { status: 1, accessToken: token('alice', Date.now() + 15 * 60_000) } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    api.answers['front/auth/logout'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    const { store, lib } = await load();
    await store.login({ username: 'alice', password: 'pw' });
    await store.signOut();
    expect(api.sent.at(-1)).toMatchObject({ path: 'front/auth/logout', method: 'POST' });
    expect(lib.getAccessToken()).toBeUndefined();
    expect(localStore.getItem('auth.strategy')).toBeNull();
    expect(store.$session.get().loggedIn).toBe(false);
    expect(assign).toHaveBeenCalledWith('/online-casino');
  });

  it('a 401 on any call signs a logged-in player out and goes home; a guest stays put', async () => {
    api.answers['front/auth/login/'] = { body: { status: 1, accessToken: token('alice', Date.now() + 15 * 60_000) } };
    api.answers['front/auth/player'] = { body: { status: 1, player } };
    const { store, lib } = await load({ window: true });
    await lib.call('front/get_player_balance').catch(() => undefined);
    expect(assign).not.toHaveBeenCalled();
    await store.login({ username: 'alice', password: 'pw' });
    api.answers['front/get_player_balance'] = { http: 401, body: { status: 0, message: 'unauthorized' } };
    await expect(lib.call('front/get_player_balance')).rejects.toMatchObject({ status: 401 });
    expect(store.$session.get().loggedIn).toBe(false);
    expect(lib.getAccessToken()).toBeUndefined();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/');
  });
});

describe('the wanted page', () => {
  it('is remembered for the login and handed out once', async () => {
    const { store } = await load();
    expect(store.hasWantedPage()).toBe(false);
    store.rememberWantedPage('/account/deposit');
    expect(store.hasWantedPage()).toBe(true);
    expect(store.takeWantedPage()).toBe('/account/deposit');
    expect(store.takeWantedPage()).toBeNull();
    expect(store.hasWantedPage()).toBe(false);
  });
});
