import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/server/clock.ts';
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
    const production = await testApi({
      NODE_ENV: 'production',
      SITE_URL: 'https://casino.example',
      JWT_SECRET: 'j'.repeat(40),
      WEBHOOK_SECRET: 'w'.repeat(40),
      PROVIDER_SECRETS_KEY: 'p'.repeat(40),
      SEED_DEMO: 'true',
    });
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

  it('does not count successful logins against the address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 25; i++) expect((await api.call('front/auth/login/', { username: 'demo', password: 'demo1234' }, { ip })).status).toBe(200);
  });
});

describe('refreshes that race, and a spent token shown again', () => {
  const clock = manualClock();
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi({}, { clock });
  });
  afterAll(() => api?.close());

  const refresh = async (refreshToken: string) => {
    const response = await api.call('front/auth/refresh', {}, withRefresh(refreshToken));
    const body = (await response.json()) as { accessToken?: string };
    return { status: response.status, accessToken: body.accessToken, cookie: cookiesOf(response)[REFRESH] };
  };
  const me = async (token: string | undefined) =>
    (await api.json<{ player: { username: string } | null }>('front/auth/player', undefined, { method: 'GET', token: token ?? '' })).body.player;
  /** The login's tokens: how many could still be traded, and how many were revoked. */
  const family = async (playerId: number) => {
    const rows = await api.ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.playerId, playerId));
    return { usable: rows.filter((r) => !r.usedAt && !r.revokedAt).length, revoked: rows.filter((r) => r.revokedAt).length };
  };
  const newPlayer = async () => {
    const form = await register(api);
    return logIn(api, form.username, form.password, uniqueIp());
  };

  it('lets five refreshes sent at once with one cookie all through, and the login lives on', async () => {
    const session = await newPlayer();
    const replies = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refreshToken)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // Every tab is handed the same next token, so whichever cookie lands last is the live one.
    const next = new Set(replies.map((r) => r.cookie?.value));
    expect(next.size).toBe(1);
    expect(await family(session.playerId)).toEqual({ usable: 1, revoked: 0 });
    for (const reply of replies) expect(await me(reply.accessToken)).toMatchObject({ id: session.playerId });

    const after = await refresh([...next][0] ?? '');
    expect(after.status).toBe(200);
    expect(await me(after.accessToken)).toMatchObject({ id: session.playerId });
    expect(await family(session.playerId)).toEqual({ usable: 1, revoked: 0 });
  });

  it('answers a spent token shown again within 30 s with the same successor, and revokes nothing', async () => {
    const session = await newPlayer();
    const first = await refresh(session.refreshToken);
    clock.advance(29_000);
    const replay = await refresh(session.refreshToken);
    expect(replay.status).toBe(200);
    expect(replay.cookie?.value).toBe(first.cookie?.value);
    expect(await me(replay.accessToken)).toMatchObject({ id: session.playerId });
    expect(await family(session.playerId)).toEqual({ usable: 1, revoked: 0 });
    expect((await refresh(first.cookie?.value ?? '')).status).toBe(200);
  });

  it('answers a replay with the token that has replaced the successor since, not with a new branch', async () => {
    const session = await newPlayer();
    const first = await refresh(session.refreshToken);
    clock.advance(5_000);
    const second = await refresh(first.cookie?.value ?? '');
    clock.advance(5_000);
    const replay = await refresh(session.refreshToken);
    expect(replay.status).toBe(200);
    expect(replay.cookie?.value).toBe(second.cookie?.value);
    expect(await family(session.playerId)).toEqual({ usable: 1, revoked: 0 });
  });

  it('treats a spent token shown again after 31 s as theft: 401, and the whole login is revoked', async () => {
    const session = await newPlayer();
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    clock.advance(31_000);
    const replay = await refresh(session.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.cookie?.attributes).toMatch(/Max-Age=0/);
    // The legitimate holder's newer token died with the family.
    expect((await refresh(first.cookie?.value ?? '')).status).toBe(401);
    expect((await family(session.playerId)).usable).toBe(0);
  });

  it('leaves the other logins of a player alone when one is revoked for theft', async () => {
    const form = await register(api);
    const stolen = await logIn(api, form.username, form.password, uniqueIp());
    const other = await logIn(api, form.username, form.password, uniqueIp());
    await refresh(stolen.refreshToken);
    clock.advance(31_000);
    expect((await refresh(stolen.refreshToken)).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('gives nothing back for a spent token of a login that has ended, even within the window', async () => {
    const session = await newPlayer();
    const first = await refresh(session.refreshToken);
    await api.call('front/auth/logout', {}, withRefresh(first.cookie?.value ?? ''));
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await refresh(first.cookie?.value ?? '')).status).toBe(401);
  });

  it('ends the whole login when a logout crosses refreshes in flight', async () => {
    for (let round = 0; round < 5; round++) {
      const session = await newPlayer();
      const [, ...refreshes] = await Promise.all([
        api.call('front/auth/logout', {}, withRefresh(session.refreshToken)),
        ...Array.from({ length: 4 }, () => refresh(session.refreshToken)),
      ]);
      // Whatever each refresh answered, nothing it handed out outlives the logout.
      expect(await family(session.playerId)).toEqual({ usable: 0, revoked: expect.any(Number) });
      for (const reply of refreshes) if (reply.cookie?.value) expect((await refresh(reply.cookie.value)).status).toBe(401);
    }
  });

  it('keeps one token of a login that can be traded while rotations and replays cross', async () => {
    const session = await newPlayer();
    let cookie = session.refreshToken;
    const spent: string[] = [];
    for (let i = 0; i < 4; i++) {
      const [rotation, ...replays] = await Promise.all([refresh(cookie), ...spent.slice(-2).map((t) => refresh(t))]);
      expect([rotation?.status, ...replays.map((r) => r.status)]).toEqual([200, ...replays.map(() => 200)]);
      spent.push(cookie);
      cookie = rotation?.cookie?.value ?? '';
      expect(await family(session.playerId)).toEqual({ usable: 1, revoked: 0 });
      clock.advance(2_000);
    }
    expect((await refresh(cookie)).status).toBe(200);
  });
});
