import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, players, settings } from '../../../src/server/db/schema/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { logIn, type MailCatcher, register, startMailCatcher, uniqueIp, uniqueName, withRefresh } from './helpers.ts';

describe('password and username recovery', () => {
  let api: TestApi;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    api = await testApi({ SMTP_URL: mail.url, SITE_URL: 'https://casino.test' });
  });
  afterAll(async () => {
    await api?.close();
    await mail?.close();
  });

  /** Registers a player and throws away the activation mail. */
  const newPlayer = async (overrides: Record<string, unknown> = {}) => {
    const form = await register(api, overrides);
    await mail.next(form.email);
    return form;
  };
  const reset = (body: Record<string, unknown>, ip = uniqueIp()) => api.json('front/reset_player_password', body, { ip });
  const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('reset_token') ?? '';

  it('mails a reset link in the player’s language and the link sets a new password', async () => {
    const form = await newPlayer({ interface_local: 'fr' });
    const before = await logIn(api, form.username, form.password);
    expect(await reset({ username: form.username.toUpperCase(), email: form.email.toUpperCase() })).toEqual({ status: 200, body: { status: 1 } });

    const letter = await mail.next(form.email);
    expect(letter.subject).toBe('Réinitialisez votre mot de passe – Casino Eagles');
    expect(letter.text).toContain(`Bonjour ${form.username}`);
    const link = new URL(letter.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://casino.test/fr');
    const token = tokenOf(letter.links[0]);
    expect(token).toMatch(/^[\w-]{43}$/);

    const done = await api.json('front/confirm_password_reset', { token, password: 'fresh-start', confirmPassword: 'fresh-start' });
    expect(done).toEqual({ status: 200, body: { status: 1 } });
    await logIn(api, form.username, 'fresh-start');
    expect((await api.call('front/auth/login/', { username: form.username, password: form.password }, { ip: uniqueIp() })).status).toBe(401);
    // Every login from before the reset is over.
    expect((await api.call('front/auth/refresh', {}, withRefresh(before.refreshToken))).status).toBe(401);
    // The link works once.
    expect((await api.json('front/confirm_password_reset', { token, password: 'again-1', confirmPassword: 'again-1' })).body).toEqual({
      status: 0,
      message: 'invalid_reset_token',
    });
  });

  it('answers exactly the same when username and email do not match an account, and sends nothing', async () => {
    const form = await newPlayer();
    expect(await reset({ username: form.username, email: 'someone-else@mail.test' })).toEqual({ status: 200, body: { status: 1 } });
    expect(await reset({ username: uniqueName('ghost'), email: form.email })).toEqual({ status: 200, body: { status: 1 } });
    expect(await reset({ username: uniqueName('ghost'), email: 'ghost@mail.test' })).toEqual({ status: 200, body: { status: 1 } });
    await api.ctx.mailer.drain();
    expect(mail.to(form.email)).toHaveLength(1);
    expect(mail.to('someone-else@mail.test')).toHaveLength(0);
    expect(mail.to('ghost@mail.test')).toHaveLength(0);
  });

  it('takes no longer to answer for an existing account than for a missing one', async () => {
    const form = await newPlayer();
    const time = async (username: string, email: string) => {
      const t0 = performance.now();
      await reset({ username, email });
      return performance.now() - t0;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(form.username, form.email));
      unknown.push(await time(uniqueName('ghost'), `ghost${i}@mail.test`));
    }
    await api.ctx.mailer.drain();
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(20, median(unknown)));
  });

  it('writes the mail itself: title and text from the request never reach it', async () => {
    const form = await newPlayer();
    await reset({ username: form.username, email: form.email, title: 'Urgent: verify your bank', text: 'Log in at http://evil.test/steal' });
    const letter = await mail.next(form.email);
    expect(letter.subject).toBe('Reset your password – Casino Eagles');
    expect(`${letter.text}${letter.html}`).not.toContain('evil.test');
    expect(`${letter.text}${letter.html}`).not.toContain('Urgent');
  });

  it('stops a link after one hour, and an older link once a newer one is sent', async () => {
    const form = await newPlayer();
    await reset({ username: form.username, email: form.email });
    const first = tokenOf((await mail.next(form.email)).links[0]);
    await reset({ username: form.username, email: form.email });
    const second = tokenOf((await mail.next(form.email)).links[0]);

    const confirm = (token: string) => api.json('front/confirm_password_reset', { token, password: 'next-one', confirmPassword: 'next-one' });
    expect((await confirm(first)).body).toEqual({ status: 0, message: 'invalid_reset_token' });
    const tokens = await api.ctx.database.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'reset'));
    const newest = tokens.sort((a, b) => b.id - a.id)[0];
    const lifetime = (newest?.expiresAt.getTime() ?? 0) - (newest?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(3_600_000);
    await api.ctx.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, newest?.id ?? 0));
    expect((await confirm(second)).body).toEqual({ status: 0, message: 'invalid_reset_token' });
  });

  it('sends nothing for a blocked account', async () => {
    const form = await newPlayer();
    await api.ctx.database.db.update(players).set({ status: 'blocked' }).where(eq(players.username, form.username));
    expect((await reset({ username: form.username, email: form.email })).body).toEqual({ status: 1 });
    await api.ctx.mailer.drain();
    expect(mail.to(form.email)).toHaveLength(1);
  });

  it('answers malformed requests with 400 and the field keys', async () => {
    expect(await reset({})).toMatchObject({ status: 400, body: { errors: { username: 'field_required', email: 'field_required' } } });
    expect(await reset({ username: 'demo', email: 'nope' })).toMatchObject({ status: 400, body: { errors: { email: 'email_validation' } } });
    const confirm = await api.json('front/confirm_password_reset', { token: 'x', password: 'abcd', confirmPassword: 'abce' });
    expect(confirm).toMatchObject({ status: 400, body: { errors: { confirmPassword: 'confirm_password_validation' } } });
  });

  it('applies the minimum password length from the settings to the new password', async () => {
    const form = await newPlayer();
    await reset({ username: form.username, email: form.email });
    const token = tokenOf((await mail.next(form.email)).links[0]);
    await api.ctx.database.db.update(settings).set({ passwordMinLength: 6 });
    api.ctx.settings.invalidate();
    try {
      const short = await api.json('front/confirm_password_reset', { token, password: 'five5', confirmPassword: 'five5' });
      expect(short).toMatchObject({ status: 400, body: { errors: { password: 'password_validation' } } });
      expect((await api.json('front/confirm_password_reset', { token, password: 'six666', confirmPassword: 'six666' })).body).toEqual({ status: 1 });
    } finally {
      await api.ctx.database.db.update(settings).set({ passwordMinLength: 3 });
      api.ctx.settings.invalidate();
    }
  });

  it('limits reset requests per username and per address', async () => {
    const form = await newPlayer();
    for (let i = 0; i < 5; i++) expect((await reset({ username: form.username, email: `x${i}@mail.test` })).status).toBe(200);
    expect(await reset({ username: form.username, email: form.email })).toEqual({ status: 429, body: { status: 0, message: 'too_many_attempts' } });
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await reset({ username: uniqueName('u'), email: `${uniqueName('e')}@mail.test` }, ip)).status).toBe(200);
    expect((await reset({ username: uniqueName('u'), email: 'one-more@mail.test' }, ip)).status).toBe(429);
  });

  it('mails every username registered with an address, in the newest account’s language', async () => {
    const email = `${uniqueName('shared')}@mail.test`;
    const first = await newPlayer({ email });
    const second = await newPlayer({ email: email.toUpperCase(), interface_local: 'it' });
    const reply = await api.json('front/send_player_username', { email, title: 'x', text: 'http://evil.test' });
    expect(reply).toEqual({ status: 200, body: { status: 1 } });
    const letter = await mail.next(email);
    expect(letter.subject).toBe('Il tuo nome utente – Casino Eagles');
    expect(letter.text).toContain(first.username);
    expect(letter.text).toContain(second.username);
    expect(letter.text).not.toContain('evil.test');
    expect(letter.links).toContain('https://casino.test/it');
  });

  it('answers a username request for an unknown address the same way, and sends nothing', async () => {
    expect(await api.json('front/send_player_username', { email: 'nobody-here@mail.test' })).toEqual({ status: 200, body: { status: 1 } });
    await api.ctx.mailer.drain();
    expect(mail.to('nobody-here@mail.test')).toHaveLength(0);
    expect((await api.json('front/send_player_username', { email: 'bad' })).status).toBe(400);
  });

  it('limits username reminders per address', async () => {
    const email = `${uniqueName('limit')}@mail.test`;
    for (let i = 0; i < 5; i++) expect((await api.json('front/send_player_username', { email }, { ip: uniqueIp() })).status).toBe(200);
    expect((await api.json('front/send_player_username', { email }, { ip: uniqueIp() })).status).toBe(429);
  });
});
