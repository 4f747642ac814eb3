import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, refreshTokens } from '../../../src/server/db/schema/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { cookiesOf, logIn, REFRESH, register, uniqueIp, withRefresh } from './helpers.ts';

describe('login and session', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi();
  });
  afterAll(() => api?.close());

  const me = (token?: string) => api.json('front/auth/player', undefined, token ? { method: 'GET', token } : { method: 'GET' });

  it('logs in at front/auth/login/ with its trailing slash, and without it', async () => {
    for (const path of ['front/auth/login/', 'front/auth/login']) {
      const response = await api.call(path, { username: 'demo', password: 'demo1234', ip_address: '' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: number; accessToken: string };
      expect(body.status).toBe(1);
      expect(body.accessToken.split('.')).toHaveLength(3);
      expect((await me(body.accessToken)).body.player).toMatchObject({ username: 'demo', scope: ['player'] });
    }
  });

  it('sets the refresh token as an HttpOnly, SameSite=Strict cookie only the auth calls receive', async () => {
    const response = await api.call('front/auth/login/', { username: 'Demo', password: 'demo1234' });
    const cookie = cookiesOf(response)[REFRESH];
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/SameSite=Strict/i);
    expect(cookie?.attributes).toMatch(/Path=\/api\/front\/auth(;|$)/);
    expect(cookie?.attributes).not.toMatch(/Secure/i);
    // The database holds only its hash.
    const stored = await api.ctx.database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.map((r) => r.hash)).not.toContain(cookie?.value);
  });

  it('marks the cookie Secure in production', async () => {
    const production = await testApi({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), WEBHOOK_SECRET: 'w'.repeat(40), SEED_DEMO: 'true' });
    try {
      const response = await production.call('front/auth/login/', { username: 'demo', password: 'demo1234' });
      expect(cookiesOf(response)[REFRESH]?.attributes).toMatch(/Secure/);
    } finally {
      await production.close();
    }
  });

  it('answers wrong credentials with 401 failed_login, the same for an unknown username', async () => {
    const wrong = await api.json('front/auth/login/', { username: 'demo', password: 'wrong-password' }, { ip: uniqueIp() });
    const unknown = await api.json('front/auth/login/', { username: 'nobody-at-all', password: 'whatever' }, { ip: uniqueIp() });
    expect(wrong).toEqual({ status: 401, body: { status: 0, message: 'failed_login' } });
    expect(unknown).toEqual(wrong);
  });

  it('takes as long to refuse an unknown username as a wrong password', async () => {
    const time = async (username: string) => {
      const t0 = performance.now();
      await api.call('front/auth/login/', { username, password: 'not-the-password' }, { ip: uniqueIp() });
      return performance.now() - t0;
    };
    await time('demo');
    await time('someone-unknown');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time('demo'));
      unknown.push(await time(`ghost-${i}`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    // Both run one argon2 verification; without the dummy hash the unknown name would answer
    // in about a millisecond, fifty times faster. The wide margin keeps a loaded machine
    // (the whole suite runs in parallel) from failing the test while a leak still would.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    expect(median(unknown)).toBeLessThan(median(known) * 4);
  });

  it('validates the login form like the modal: username and a password of at least 3', async () => {
    const { status, body } = await api.json('front/auth/login/', { username: '', password: 'ab' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ username: 'field_required', password: 'password_validation' });
  });

  it('refuses a blocked player like a wrong password', async () => {
    const form = await register(api);
    await api.ctx.database.db.update(players).set({ status: 'blocked' }).where(eq(players.username, form.username));
    expect(await api.json('front/auth/login/', { username: form.username, password: form.password }, { ip: uniqueIp() })).toEqual({
      status: 401,
      body: { status: 0, message: 'failed_login' },
    });
  });

  it('answers front/auth/player with player null without a token, and 401 with a bad one', async () => {
    expect(await me()).toEqual({ status: 200, body: { status: 1, player: null } });
    expect(await me('not.a.token')).toEqual({ status: 401, body: { status: 0, message: 'unauthorized' } });
  });

  it('never sends the password hash or private fields with the player', async () => {
    const session = await logIn(api, 'demo', 'demo1234');
    const text = JSON.stringify((await me(session.accessToken)).body);
    expect(text).not.toMatch(/argon2|password|hash|birthday|ip_address/i);
  });

  it('rotates the refresh token: the new one works, the old one is spent', async () => {
    const session = await logIn(api, 'demo', 'demo1234');
    const first = await api.call('front/auth/refresh', {}, withRefresh(session.refreshToken));
    expect(first.status).toBe(200);
    const { accessToken } = (await first.json()) as { accessToken: string };
    expect((await me(accessToken)).body.player).toMatchObject({ username: 'demo' });
    const next = cookiesOf(first)[REFRESH]?.value ?? '';
    expect(next).not.toBe(session.refreshToken);
    expect((await api.call('front/auth/refresh', {}, withRefresh(next))).status).toBe(200);
  });

  it('treats a reused refresh token as theft: 401, and the whole family is revoked', async () => {
    const session = await logIn(api, 'demo', 'demo1234');
    const rotated = await api.call('front/auth/refresh', {}, withRefresh(session.refreshToken));
    const current = cookiesOf(rotated)[REFRESH]?.value ?? '';

    const replay = await api.call('front/auth/refresh', {}, withRefresh(session.refreshToken));
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ status: 0, message: 'unauthorized' });
    expect(cookiesOf(replay)[REFRESH]?.attributes).toMatch(/Max-Age=0/);
    // The legitimate holder's newer token died with the family.
    expect((await api.call('front/auth/refresh', {}, withRefresh(current))).status).toBe(401);
    // Another login of the same player is untouched.
    const other = await logIn(api, 'demo', 'demo1234');
    expect((await api.call('front/auth/refresh', {}, withRefresh(other.refreshToken))).status).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with one token through', async () => {
    const session = await logIn(api, 'demo', 'demo1234');
    const statuses = (await Promise.all([1, 2].map(() => api.call('front/auth/refresh', {}, withRefresh(session.refreshToken))))).map((r) => r.status);
    expect(statuses).toContain(401);
  });

  it('answers refresh without a cookie, or with an unknown one, with 401', async () => {
    expect((await api.call('front/auth/refresh', {})).status).toBe(401);
    expect((await api.call('front/auth/refresh', {}, withRefresh('made-up'))).status).toBe(401);
  });

  it('logs out: the refresh token is revoked and the cookie cleared', async () => {
    const session = await logIn(api, 'demo', 'demo1234');
    const out = await api.call('front/auth/logout', {}, withRefresh(session.refreshToken));
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ status: 1 });
    expect(cookiesOf(out)[REFRESH]?.attributes).toMatch(/Max-Age=0/);
    expect((await api.call('front/auth/refresh', {}, withRefresh(session.refreshToken))).status).toBe(401);
    // Logging out twice, or without a session, is not an error.
    expect((await api.json('front/auth/logout', {})).body).toEqual({ status: 1 });
  });

  it('stops refreshing a player who was blocked since logging in', async () => {
    const form = await register(api);
    const session = await logIn(api, form.username, form.password);
    await api.ctx.database.db.update(players).set({ status: 'blocked' }).where(eq(players.username, form.username));
    expect((await api.call('front/auth/refresh', {}, withRefresh(session.refreshToken))).status).toBe(401);
    expect((await me(session.accessToken)).body).toEqual({ status: 1, player: null });
  });

  it('after 10 wrong passwords for one username, answers 429 even with the right one', async () => {
    const form = await register(api);
    for (let i = 0; i < 10; i++) {
      expect((await api.call('front/auth/login/', { username: form.username, password: `wrong-${i}` }, { ip: uniqueIp() })).status, `attempt ${i + 1}`).toBe(
        401,
      );
    }
    const locked = await api.call('front/auth/login/', { username: form.username, password: form.password }, { ip: uniqueIp() });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ status: 0, message: 'too_many_attempts' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('20 wrong passwords from one address end in 429, whatever usernames they try', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await api.call('front/auth/login/', { username: `guess-${i}`, password: 'password' }, { ip })).status, `attempt ${i + 1}`).toBe(401);
    }
    expect((await api.call('front/auth/login/', { username: 'demo', password: 'demo1234' }, { ip })).status).toBe(429);
    // Another address is not affected.
    expect((await api.call('front/auth/login/', { username: 'demo', password: 'demo1234' }, { ip: uniqueIp() })).status).toBe(200);
  });

  it('does not count successful logins against the address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 25; i++) expect((await api.call('front/auth/login/', { username: 'demo', password: 'demo1234' }, { ip })).status).toBe(200);
  });

  it('lets no parallel burst of guesses past the limit', async () => {
    const form = await register(api);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.call('front/auth/login/', { username: form.username, password: `burst-${i}` }, { ip: uniqueIp() })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});
