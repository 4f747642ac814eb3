// Hostile input against the account and support calls: oversize fields, injection
// strings, other players' ids, and forged access tokens.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../../src/server/auth/tokens.ts';
import { players, supportPosts } from '../../../src/server/db/schema/index.ts';
import { walletOf } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { type LoggedIn, logIn, register, signUpForm, uniqueIp, uniqueName } from './helpers.ts';

const INJECTIONS = [
  "'; DROP TABLE players; --",
  "Robert'); DELETE FROM players WHERE ('1'='1",
  '" OR 1=1 --',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
  '${7*7} %s %n \\x00',
  'Ünïcödé ✓ 𝄞 مرحبا',
];

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('attacks on accounts and support', () => {
  let api: TestApi;
  let alice: LoggedIn & { username: string; password: string };
  let bob: LoggedIn & { username: string };
  beforeAll(async () => {
    api = await testApi();
    const a = await register(api);
    alice = { ...a, ...(await logIn(api, a.username, a.password)) };
    const b = await register(api);
    bob = { ...b, ...(await logIn(api, b.username, b.password)) };
  });
  afterAll(() => api?.close());

  describe('every field at its limit and one beyond', () => {
    const email254 = `${'a'.repeat(64)}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(56), 'test'].join('.')}`;
    const cases: [field: string, atLimit: Record<string, unknown>, beyond: Record<string, unknown>, key: string][] = [
      ['username', { username: `u${'x'.repeat(21)}${uniqueName('').slice(1)}`.slice(0, 30) }, { username: 'x'.repeat(31) }, 'username_too_long'],
      [
        'password',
        { password: 'p'.repeat(128), confirmPassword: 'p'.repeat(128) },
        { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
        'password_too_long',
      ],
      ['email', { email: email254 }, { email: `a${email254}` }, 'email_too_long'],
      ['first_name', { first_name: 'F'.repeat(50) }, { first_name: 'F'.repeat(51) }, 'field_too_long'],
      ['last_name', { last_name: 'L'.repeat(50) }, { last_name: 'L'.repeat(51) }, 'field_too_long'],
      ['city', { city: 'C'.repeat(100) }, { city: 'C'.repeat(101) }, 'field_too_long'],
      ['address', { address: 'A'.repeat(200) }, { address: 'A'.repeat(201) }, 'field_too_long'],
      ['postal_code', { postal_code: '9'.repeat(20) }, { postal_code: '9'.repeat(21) }, 'field_too_long'],
      [
        'phone_number1',
        { countryPhone: '+49', phone_number1: '1'.repeat(13) },
        { countryPhone: '+49', phone_number1: '1'.repeat(14) },
        'phone_number_too_long',
      ],
      [
        'phone_number1',
        { countryPhone: '+1', phone_number1: '1'.repeat(6) },
        { countryPhone: '+1', phone_number1: '1'.repeat(5) },
        'phone_number_length_check',
      ],
      ['promo_code', { promo_code: '' }, { promo_code: 'P'.repeat(51) }, 'invalid_promo_code'],
    ];
    it.each(cases)('sign-up %s', async (field, atLimit, beyond, key) => {
      const ok = await api.json('front/register_player', signUpForm(atLimit), { ip: uniqueIp() });
      expect(ok.body, JSON.stringify(ok.body)).toEqual({ status: 1 });
      const refused = await api.json('front/register_player', signUpForm(beyond), { ip: uniqueIp() });
      expect(refused.status).toBe(400);
      expect((refused.body.errors as Record<string, string>)[field]).toBe(key);
    });

    it('keeps a tracking code up to 100 characters and drops a longer or odd one rather than refuse the player', async () => {
      const kept = await register(api, { tracking_code: 't'.repeat(100) });
      const dropped = await register(api, { tracking_code: 't'.repeat(101) });
      const odd = await register(api, { tracking_code: '<b>x</b>' });
      const codeOf = async (username: string) => (await api.ctx.database.db.select().from(players).where(eq(players.username, username)))[0]?.trackingCode;
      expect(await codeOf(kept.username)).toBe('t'.repeat(100));
      expect(await codeOf(dropped.username)).toBeNull();
      expect(await codeOf(odd.username)).toBeNull();
    });

    it('contact form, chat and staff answer', async () => {
      const contact = (over: Record<string, unknown>) => ({ player_name: 'N', email: 'n@mail.test', phone_number1: '1234567', note: 'x', ...over });
      const check = async (path: string, ok: Record<string, unknown>, bad: Record<string, unknown>, field: string, token?: string) => {
        const options = token ? { token, ip: uniqueIp() } : { ip: uniqueIp() };
        expect((await api.json(path, ok, options)).body.status, `${path} ${field} at limit`).toBe(1);
        const refused = await api.json(path, bad, options);
        expect(refused.status).toBe(400);
        expect((refused.body.errors as Record<string, string>)[field]).toBe('field_too_long');
      };
      await check('front/player_send_message', contact({ player_name: 'n'.repeat(100) }), contact({ player_name: 'n'.repeat(101) }), 'player_name');
      await check('front/player_send_message', contact({ note: 'n'.repeat(5000) }), contact({ note: 'n'.repeat(5001) }), 'note');
      await check('front/chat_send', { text: 'c'.repeat(2000) }, { text: 'c'.repeat(2001) }, 'text');
      const staff = await logIn(api, 'admin', 'admin1234');
      const [post] = await api.ctx.database.db.select().from(supportPosts).limit(1);
      await check(
        'admin/reply_player_message',
        { id: post?.threadId, text: 'r'.repeat(10_000) },
        { id: post?.threadId, text: 'r'.repeat(10_001) },
        'text',
        staff.accessToken,
      );
    });

    it('refuses ids outside what a row id can be, without a 500', async () => {
      for (const id of [0, -1, 1.5, 2_147_483_648, 1e308, 'abc', null, [], {}]) {
        const reply = await api.json('front/read_player_message', { id }, { token: alice.accessToken });
        expect(reply.status, JSON.stringify(id)).toBe(400);
      }
    });

    it('refuses NUL characters, which PostgreSQL cannot store, with 400 instead of a 500', async () => {
      expect((await api.json('front/register_player', signUpForm({ city: 'Ber\u0000lin' }), { ip: uniqueIp() })).body.errors).toEqual({
        city: 'invalid_characters',
      });
      expect((await api.json('front/auth/login/', { username: 'de\u0000mo', password: 'demo1234' })).status).toBe(400);
      expect((await api.json('front/validate_promo_code', { promo_code: 'A\u0000' })).status).toBe(400);
      expect((await api.json('front/reset_player_password', { username: 'x\u0000', email: 'a@b.test' })).status).toBe(400);
      expect((await api.json('front/chat_send', { text: '\u0000' }, { ip: uniqueIp() })).status).toBe(400);
    });
  });

  describe('SQL and HTML injection', () => {
    it('stores and returns every profile text field exactly as typed', async () => {
      for (const payload of INJECTIONS) {
        const text = payload.slice(0, 50);
        const form = await register(api, { first_name: text, last_name: text, city: payload, address: payload, postal_code: payload.slice(0, 20) });
        const session = await logIn(api, form.username, form.password);
        const { body } = await api.json<{ player: Record<string, unknown> }>('front/get_player_profile', {}, { token: session.accessToken });
        expect(body.player, payload).toMatchObject({ first_name: text, last_name: text, city: payload, address: payload, postal_code: payload.slice(0, 20) });
        const updated = await api.json<{ player: Record<string, unknown> }>(
          'front/update_profile',
          { city: `${payload}!`, address: payload },
          { token: session.accessToken },
        );
        expect(updated.body.player.city).toBe(`${payload}!`);
      }
      expect((await api.ctx.database.db.select({ id: players.id }).from(players)).length).toBeGreaterThan(INJECTIONS.length);
    });

    it('refuses injection strings as usernames and never finds them as one', async () => {
      for (const payload of INJECTIONS.slice(0, 6)) {
        expect((await api.json('front/register_player', signUpForm({ username: payload }), { ip: uniqueIp() })).body.errors, payload).toMatchObject({
          username: expect.stringMatching(/username_invalid|username_too_long/),
        });
        expect((await api.json('front/auth/login/', { username: payload, password: 'whatever' }, { ip: uniqueIp() })).status).toBe(401);
        expect((await api.json('front/reset_player_password', { username: payload, email: `${uniqueName('a')}@mail.test` }, { ip: uniqueIp() })).body).toEqual({
          status: 1,
        });
        expect((await api.json('front/validate_promo_code', { promo_code: payload })).body).toEqual({ status: 0 });
      }
      await logIn(api, 'demo', 'demo1234');
    });

    it('keeps contact messages and chat lines verbatim', async () => {
      const staff = await logIn(api, 'admin', 'admin1234');
      for (const payload of INJECTIONS) {
        const email = `${uniqueName('inj')}@mail.test`;
        expect(
          (await api.json('front/player_send_message', { player_name: payload, email, phone_number1: '1234567', note: payload }, { ip: uniqueIp() })).body,
        ).toEqual({
          status: 1,
        });
        const threads = await api.json<{ threads: { id: number; name: string; email: string; lastText: string }[] }>(
          'admin/get_support_threads',
          {},
          { token: staff.accessToken },
        );
        expect(threads.body.threads.find((t) => t.email === email)).toMatchObject({ name: payload, lastText: payload });

        const sent = await api.json<{ chatId: string }>('front/chat_send', { text: payload }, { ip: uniqueIp() });
        const history = await api.json<{ chatMessages: { text: string }[] }>('front/chat_history', { chatId: sent.body.chatId });
        expect(history.body.chatMessages.map((m) => m.text)).toEqual([payload]);
      }
    });
  });

  describe('other players’ data', () => {
    it('shows each player their own profile, balance and session whatever ids the body carries', async () => {
      await walletOf(api.ctx).deposit({ key: `attack-test-${alice.playerId}`, playerId: alice.playerId, amount: 12_345, provider: 'test' });
      const alicesBalance = await api.json<{ player: Record<string, number> }>(
        'front/get_player_balance',
        { id: alice.playerId },
        { token: alice.accessToken },
      );
      expect(alicesBalance.body.player.real_balance).toBe(123.45);
      const aliceMe = await api.json<{ player: Record<string, number> }>('front/auth/player', undefined, { method: 'GET', token: alice.accessToken });
      expect(aliceMe.body.player).toMatchObject({ real_balance: 123.45, total_balance: 123.45 });

      const ids = { id: alice.playerId, playerId: alice.playerId, player_id: alice.playerId };
      const bobsBalance = await api.json<{ player: Record<string, number> }>('front/get_player_balance', ids, { token: bob.accessToken });
      expect(bobsBalance.body.player.real_balance).toBe(0);
      const bobsProfile = await api.json<{ player: Record<string, unknown> }>('front/get_player_profile', ids, { token: bob.accessToken });
      expect(bobsProfile.body.player.username).toBe(bob.username);
      const bobsMessages = await api.json<{ playerMessages: { count: number } }>('front/get_player_messages', ids, { token: bob.accessToken });
      expect(bobsMessages.body.playerMessages.count).toBe(0);
    });

    it('treats a valid token for a player who no longer exists as signed out', async () => {
      const ghost = await issueAccessToken(api.ctx.config.jwtSecret, { playerId: 987_654, scope: ['player'] });
      expect((await api.json('front/auth/player', undefined, { method: 'GET', token: ghost })).body).toEqual({ status: 1, player: null });
      expect((await api.json('front/get_player_profile', {}, { token: ghost })).status).toBe(401);
    });
  });

  describe('forged access tokens', () => {
    const protectedCalls = async (token: string) => [
      (await api.json('front/get_player_profile', {}, { token })).status,
      (await api.json('front/auth/player', undefined, { method: 'GET', token })).status,
      (await api.json('front/get_player_messages', {}, { token })).status,
      (await api.json('front/update_profile', { city: 'Hacked' }, { token })).status,
    ];

    it('accepts a genuine token (the baseline)', async () => {
      expect(await protectedCalls(alice.accessToken)).toEqual([200, 200, 200, 200]);
    });

    it('refuses alg none', async () => {
      const [, payload] = alice.accessToken.split('.');
      for (const alg of ['none', 'None', 'NONE']) {
        const token = `${b64({ alg, typ: 'JWT' })}.${payload}.`;
        expect(await protectedCalls(token), alg).toEqual([401, 401, 401, 401]);
      }
    });

    it('refuses a token signed with another key', async () => {
      const token = await issueAccessToken('another-secret-that-is-long-enough-000000', { playerId: alice.playerId, scope: ['player', 'admin'] });
      expect(await protectedCalls(token)).toEqual([401, 401, 401, 401]);
    });

    it('refuses a token whose payload was edited after signing', async () => {
      const [header, payload, signature] = alice.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      for (const edit of [{ sub: String(bob.playerId) }, { scope: ['player', 'admin'] }, { exp: claims.exp + 86_400 }]) {
        const token = `${header}.${b64({ ...claims, ...edit })}.${signature}`;
        expect(await protectedCalls(token), JSON.stringify(edit)).toEqual([401, 401, 401, 401]);
      }
      const staffEdit = `${header}.${b64({ ...claims, scope: ['player', 'admin'] })}.${signature}`;
      expect((await api.json('admin/get_support_threads', {}, { token: staffEdit })).status).toBe(401);
    });

    it('refuses an expired token', async () => {
      const token = await issueAccessToken(api.ctx.config.jwtSecret, { playerId: alice.playerId, scope: ['player'] }, Math.floor(Date.now() / 1000) - 3600);
      expect(await protectedCalls(token)).toEqual([401, 401, 401, 401]);
    });

    it('refuses the right key with another algorithm, issuer, audience or token type', async () => {
      const key = new TextEncoder().encode(api.ctx.config.jwtSecret);
      // Alice's own login, so that only the changed value can be the reason for a refusal.
      const { sid } = JSON.parse(Buffer.from(alice.accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
      const build = (alg: string, iss: string, aud: string, typ = 'access') =>
        new SignJWT({ scope: ['player'], typ, sid })
          .setProtectedHeader({ alg })
          .setSubject(String(alice.playerId))
          .setIssuer(iss)
          .setAudience(aud)
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(key);
      expect(await protectedCalls(await build('HS512', 'casino-eagles', 'casino-front'))).toEqual([401, 401, 401, 401]);
      expect(await protectedCalls(await build('HS256', 'someone-else', 'casino-front'))).toEqual([401, 401, 401, 401]);
      expect(await protectedCalls(await build('HS256', 'casino-eagles', 'another-app'))).toEqual([401, 401, 401, 401]);
      expect(await protectedCalls(await build('HS256', 'casino-eagles', 'casino-front', 'refresh'))).toEqual([401, 401, 401, 401]);
      // The same construction with the right values passes, so the refusals above are about those values.
      expect(await protectedCalls(await build('HS256', 'casino-eagles', 'casino-front'))).toEqual([200, 200, 200, 200]);
    });

    it('refuses garbage in the Authorization header', async () => {
      for (const token of ['', 'x', 'a.b.c', `${alice.accessToken}x`, alice.refreshToken]) {
        const status = (await api.json('front/get_player_profile', {}, { headers: { authorization: `Bearer ${token}` } })).status;
        expect(status, token).toBe(401);
      }
    });
  });
});
