import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, settings } from '../../../src/server/db/schema/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { cookiesOf, type LoggedIn, logIn, REFRESH, register, withRefresh } from './helpers.ts';

describe('profile and password', () => {
  let api: TestApi;
  let alice: LoggedIn & { username: string; password: string; email: string };
  let bob: LoggedIn & { username: string };
  beforeAll(async () => {
    api = await testApi();
    const a = await register(api, { first_name: 'Alice', interface_local: 'fr' });
    alice = { ...a, ...(await logIn(api, a.username, a.password)) };
    const b = await register(api, { first_name: 'Bob' });
    bob = { ...b, ...(await logIn(api, b.username, b.password)) };
  });
  afterAll(() => api?.close());

  const profileOf = async (token: string, body: unknown = {}) =>
    api.json<{ status: number; player: Record<string, unknown> }>('front/get_player_profile', body, { token });

  it('shows the player their own profile, whatever id the body names', async () => {
    const own = await profileOf(alice.accessToken);
    expect(own.status).toBe(200);
    expect(own.body.player).toMatchObject({
      id: alice.playerId,
      username: alice.username,
      first_name: 'Alice',
      last_name: 'Mustermann',
      email: alice.email,
      email_verified: false,
      gender: 'male',
      address: 'Unter den Linden 1',
      postal_code: '10117',
      city: 'Berlin',
      country: 'DE',
      phone_number: '+4915112345678',
      interface_local: 'fr',
      notify_newletter: false,
    });
    expect(own.body.player.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(own.body)).not.toMatch(/argon2|password/i);
    for (const body of [{ playerId: bob.playerId }, { id: bob.playerId }, { player_id: bob.playerId }]) {
      expect((await profileOf(alice.accessToken, body)).body).toEqual(own.body);
    }
  });

  it('needs a token for every account call', async () => {
    for (const path of [
      'front/get_player_profile',
      'front/update_profile',
      'front/update_player_password',
      'front/get_player_messages',
      'front/read_player_message',
    ]) {
      expect(await api.json(path, { id: 1 }), path).toEqual({ status: 401, body: { status: 0, message: 'unauthorized' } });
    }
  });

  it('updates the whitelisted fields from the whole profile object the page sends back', async () => {
    const { body } = await profileOf(alice.accessToken);
    const edited = {
      ...body.player,
      gender: 'female',
      address: 'Rue de Rivoli 1',
      postal_code: '75001',
      city: 'Paris',
      // Sent back as the page has it: the registered country, which only support changes.
      country: 'de',
      countryPhone: { text: 'France', value: '+33' },
      phone_number1: '612345678',
      phone_number: '+33612345678',
      interface_local: 'de',
    };
    const reply = await api.json<{ status: number; player: Record<string, unknown> }>('front/update_profile', edited, { token: alice.accessToken });
    expect(reply.body.status).toBe(1);
    expect(reply.body.player).toMatchObject({
      gender: 'female',
      address: 'Rue de Rivoli 1',
      postal_code: '75001',
      city: 'Paris',
      country: 'DE',
      phone_number: '+33612345678',
      interface_local: 'de',
    });
    expect((await profileOf(alice.accessToken)).body.player).toEqual(reply.body.player);
  });

  it('refuses another country, naming the field, and changes nothing else sent with it', async () => {
    const before = (await profileOf(alice.accessToken)).body.player;
    const moved = await api.json('front/update_profile', { ...before, country: 'FR', city: 'Lyon' }, { token: alice.accessToken });
    expect(moved).toEqual({ status: 400, body: { status: 0, message: 'validation_failed', errors: { country: 'country_change_by_support' } } });
    expect((await profileOf(alice.accessToken)).body.player).toEqual(before);
  });

  it('accepts a phone as one international string too', async () => {
    const reply = await api.json<{ player: Record<string, unknown> }>('front/update_profile', { phone_number: '+358401234567' }, { token: alice.accessToken });
    expect(reply.body.player.phone_number).toBe('+358401234567');
  });

  it('ignores every other field: balances, email, username, scope, status, names, ids', async () => {
    const before = (await profileOf(alice.accessToken)).body.player;
    const attempt = {
      city: 'Lyon',
      id: bob.playerId,
      playerId: bob.playerId,
      username: 'admin2',
      email: 'attacker@evil.test',
      first_name: 'Mallory',
      last_name: 'Evil',
      birthday: '2000-01-01',
      scope: ['player', 'admin'],
      status: 'active',
      total_balance: 1_000_000,
      real_balance: 1_000_000,
      bonus_balance: 5,
      locked_balance: 0,
      password: 'pwned',
      passwordHash: 'x',
      email_verified: true,
      notify_newletter: true,
    };
    const reply = await api.json<{ player: Record<string, unknown> }>('front/update_profile', attempt, { token: alice.accessToken });
    expect(reply.body.player).toEqual({ ...before, city: 'Lyon' });
    const me = await api.json<{ player: Record<string, unknown> }>('front/auth/player', undefined, { method: 'GET', token: alice.accessToken });
    expect(me.body.player).toMatchObject({ username: alice.username, email: alice.email, scope: ['player'], real_balance: 0, total_balance: 0 });
    // Bob is untouched, and Alice can still log in with her password.
    expect((await profileOf(bob.accessToken)).body.player).toMatchObject({ username: bob.username, city: 'Berlin' });
    await logIn(api, alice.username, alice.password);
  });

  it('validates changed fields with the sign-up rules', async () => {
    const bad = async (change: Record<string, unknown>) => (await api.json('front/update_profile', change, { token: alice.accessToken })).body.errors;
    expect(await bad({ city: '' })).toEqual({ city: 'field_required' });
    expect(await bad({ address: '  ' })).toEqual({ address: 'field_required' });
    expect(await bad({ country: 'ZZ' })).toEqual({ country: 'country_validation' });
    expect(await bad({ gender: 'robot' })).toEqual({ gender: 'invalid_value' });
    expect(await bad({ countryPhone: '+1', phone_number1: '123' })).toEqual({ phone_number1: 'phone_number_length_check' });
    expect(await bad({ countryPhone: '+49', phone_number1: '12ab' })).toEqual({ phone_number1: 'phone_number_validation' });
    expect(await bad({ phone_number: '12345' })).toEqual({ phone_number: 'phone_number_validation' });
    expect(await bad({ phone_number: '+12345' })).toEqual({ phone_number: 'phone_number_length_check' });
    expect(await bad({ postal_code: 'x'.repeat(21) })).toEqual({ postal_code: 'field_too_long' });
    expect(await bad({ interface_local: 'klingon' })).toEqual({ interface_local: 'invalid_value' });
  });

  it('changes the password after checking the old one, and the new one works', async () => {
    const form = await register(api);
    const session = await logIn(api, form.username, form.password);
    const wrong = await api.json(
      'front/update_player_password',
      { oldPassword: 'nope', newPassword: 'brand-new', confirmPassword: 'brand-new' },
      { token: session.accessToken },
    );
    expect(wrong).toEqual({ status: 200, body: { status: 0, message: 'wrong_old_password' } });
    const changed = await api.json(
      'front/update_player_password',
      { id: bob.playerId, oldPassword: form.password, newPassword: 'brand-new', confirmPassword: 'brand-new' },
      { token: session.accessToken },
    );
    expect(changed.body).toEqual({ status: 1 });
    expect((await api.call('front/auth/login/', { username: form.username, password: form.password })).status).toBe(401);
    await logIn(api, form.username, 'brand-new');
    // Bob's password did not change, whatever id the body named.
    await logIn(api, bob.username, 'secret123');
  });

  it('ends every other login when the password changes, and keeps the one that changed it', async () => {
    const form = await register(api);
    const here = await logIn(api, form.username, form.password);
    const elsewhere = await logIn(api, form.username, form.password);
    await api.json(
      'front/update_player_password',
      { oldPassword: form.password, newPassword: 'rotated-1', confirmPassword: 'rotated-1' },
      { token: here.accessToken },
    );
    expect((await api.call('front/auth/refresh', {}, withRefresh(elsewhere.refreshToken))).status).toBe(401);
    const kept = await api.call('front/auth/refresh', {}, withRefresh(here.refreshToken));
    expect(kept.status).toBe(200);
    expect(cookiesOf(kept)[REFRESH]?.value).toBeTruthy();
  });

  it('checks the new password: confirmation, the minimum length from settings, and the upper bound', async () => {
    const change = async (body: Record<string, unknown>) => (await api.json('front/update_player_password', body, { token: bob.accessToken })).body.errors;
    expect(await change({ oldPassword: 'secret123', newPassword: 'abcd', confirmPassword: 'abce' })).toEqual({
      confirmPassword: 'confirm_password_validation',
    });
    expect(await change({ oldPassword: 'secret123', newPassword: 'ab', confirmPassword: 'ab' })).toEqual({ newPassword: 'password_validation' });
    expect(await change({ oldPassword: 'secret123', newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) })).toEqual({
      newPassword: 'password_too_long',
    });
    expect(await change({})).toEqual({ oldPassword: 'field_required', newPassword: 'field_required', confirmPassword: 'field_required' });
    await api.ctx.database.db.update(settings).set({ passwordMinLength: 10 });
    api.ctx.settings.invalidate();
    try {
      expect(await change({ oldPassword: 'secret123', newPassword: 'ninechars', confirmPassword: 'ninechars' })).toEqual({
        newPassword: 'password_validation',
      });
    } finally {
      await api.ctx.database.db.update(settings).set({ passwordMinLength: 3 });
      api.ctx.settings.invalidate();
    }
  });

  it('limits guesses of the old password through a stolen token', async () => {
    const form = await register(api);
    const session = await logIn(api, form.username, form.password);
    for (let i = 0; i < 10; i++) {
      const reply = await api.json(
        'front/update_player_password',
        { oldPassword: `guess-${i}`, newPassword: 'abcdef', confirmPassword: 'abcdef' },
        { token: session.accessToken },
      );
      expect(reply.body).toEqual({ status: 0, message: 'wrong_old_password' });
    }
    const limited = await api.json(
      'front/update_player_password',
      { oldPassword: form.password, newPassword: 'abcdef', confirmPassword: 'abcdef' },
      { token: session.accessToken },
    );
    expect(limited).toEqual({ status: 429, body: { status: 0, message: 'too_many_attempts' } });
  });

  it('signs out a player blocked after logging in', async () => {
    const form = await register(api);
    const session = await logIn(api, form.username, form.password);
    await api.ctx.database.db.update(players).set({ status: 'blocked' }).where(eq(players.username, form.username));
    expect((await profileOf(session.accessToken)).status).toBe(401);
  });
});
