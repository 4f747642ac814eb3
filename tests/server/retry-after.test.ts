// Every "too many requests" answer tells the client when to come back: 429 with
// `Retry-After`, the window of the limit that was hit.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/server/auth/rate-limit.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { type LoggedIn, logIn, register, signUpForm, uniqueIp, uniqueName } from './accounts/helpers.ts';

describe('Retry-After on every 429', () => {
  let api: TestApi;
  let alice: LoggedIn & { username: string; email: string };
  beforeAll(async () => {
    api = await testApi();
    const form = await register(api);
    alice = { ...form, ...(await logIn(api, form.username, form.password)) };
  });
  afterAll(() => api?.close());

  /** Sends `body()` from one address until it is refused as too many, at most `max` times. */
  async function untilLimited(path: string, body: () => unknown, max: number, token?: string): Promise<Response> {
    const ip = uniqueIp();
    for (let i = 0; i < max; i++) {
      const response = await api.call(path, body(), { ip, ...(token ? { token } : {}) });
      if (response.status === 429) return response;
      await response.body?.cancel();
    }
    throw new Error(`${path} never answered 429 in ${max} calls`);
  }

  const expectRetryAfter = async (response: Response, seconds: number) => {
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ status: 0, message: 'too_many_attempts' });
    expect(response.headers.get('retry-after')).toBe(String(seconds));
  };

  it('on a demo game page opening one fun session after another (studio/session)', async () => {
    const response = await untilLimited('studio/session', () => ({ demo: 'no-such-game' }), LIMITS.gameLaunchPerIp.max + 1);
    await expectRetryAfter(response, LIMITS.gameLaunchPerIp.windowSeconds);
  });

  it('on a lobby launching game after game (front/get_game_url)', async () => {
    const response = await untilLimited('front/get_game_url', () => ({ game_code: 'no-such-game' }), LIMITS.gameLaunchPerIp.max + 1);
    await expectRetryAfter(response, LIMITS.gameLaunchPerIp.windowSeconds);
  });

  it('on logins that keep failing', async () => {
    const response = await untilLimited('front/auth/login/', () => ({ username: uniqueName(), password: 'wrong-password' }), 100);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('on sign-ups from one address', async () => {
    const response = await untilLimited('front/register_player', () => signUpForm(), LIMITS.registerPerIp.max + 1);
    await expectRetryAfter(response, LIMITS.registerPerIp.windowSeconds);
  });

  it('on password reset and username reminder requests', async () => {
    const reset = await untilLimited('front/reset_player_password', () => ({ username: uniqueName(), email: `${uniqueName()}@mail.test` }), 50);
    await expectRetryAfter(reset, LIMITS.resetPerIp.windowSeconds);
    const reminder = await untilLimited('front/send_player_username', () => ({ email: `${uniqueName()}@mail.test` }), 50);
    await expectRetryAfter(reminder, LIMITS.usernamePerIp.windowSeconds);
  });

  it('on password changes', async () => {
    const change = () => ({ oldPassword: 'not-the-password', newPassword: 'abcdef', confirmPassword: 'abcdef' });
    const response = await untilLimited('front/update_player_password', change, LIMITS.passwordChangePerPlayer.max + 1, alice.accessToken);
    await expectRetryAfter(response, LIMITS.passwordChangePerPlayer.windowSeconds);
  });

  it('on contact messages and chat lines', async () => {
    const contact = () => ({
      player_name: 'Erika',
      email: 'erika@mail.test',
      countryPhone: '+49',
      phone_number1: '15112345678',
      note: 'Hello',
    });
    await expectRetryAfter(await untilLimited('front/player_send_message', contact, LIMITS.contactPerIp.max + 1), LIMITS.contactPerIp.windowSeconds);
    await expectRetryAfter(await untilLimited('front/chat_send', () => ({ text: 'Hello?' }), LIMITS.chatPerIp.max + 1), LIMITS.chatPerIp.windowSeconds);
  });

  it('because no route answers 429 except through tooManyAttempts', () => {
    const root = join(import.meta.dirname, '../../src/server');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const elsewhere = files
      .filter((f) => f !== 'http.ts' && /[(,]\s*429\b/.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => relative(root, join(root, f)));
    expect(elsewhere).toEqual([]);
  });
});
