import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, promotions, settings } from '../../../src/server/db/schema/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { logIn, type MailCatcher, register, signUpForm, startMailCatcher, uniqueIp, uniqueName } from './helpers.ts';

const hour = 3_600_000;

describe('registration', () => {
  let api: TestApi;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    api = await testApi({ SMTP_URL: mail.url, SITE_URL: 'https://casino.test' });
    await api.ctx.database.db.insert(promotions).values([
      { promoCode: 'SPRING25', status: 'active' },
      { promoCode: 'OLDNEWS', status: 'active', endsAt: new Date(Date.now() - hour) },
      { promoCode: 'SOONER', status: 'active', startsAt: new Date(Date.now() + hour) },
      { promoCode: 'PAUSED', status: 'inactive' },
      { promoCode: 'WINDOW', status: 'active', startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) },
    ]);
  });
  afterAll(async () => {
    await api?.close();
    await mail?.close();
  });

  const setSettings = async (change: Partial<typeof settings.$inferInsert>) => {
    await api.ctx.database.db.update(settings).set(change);
    api.ctx.settings.invalidate();
  };
  const stored = async (username: string) => (await api.ctx.database.db.select().from(players).where(eq(players.username, username)))[0];

  it('creates an account from the whole sign-up form that can log in at once', async () => {
    const form = signUpForm({ gender: 'female', notify_newletter: true, tracking_code: 'aff-42', promo_code: 'spring25', interface_local: 'fi' });
    const reply = await api.json('front/register_player', form, { ip: '203.0.113.10' });
    expect(reply).toEqual({ status: 200, body: { status: 1 } });

    const session = await logIn(api, form.username as string, 'secret123');
    const me = await api.json('front/auth/player', undefined, { method: 'GET', token: session.accessToken });
    expect(me.body.player).toEqual({
      id: session.playerId,
      username: form.username,
      first_name: 'Erika',
      last_name: 'Mustermann',
      email: form.email,
      country: 'DE',
      phone_number: '+4915112345678',
      currency: 'EUR',
      total_balance: 0,
      real_balance: 0,
      bonus_balance: 0,
      locked_balance: 0,
      scope: ['player'],
    });
    const row = await stored(form.username as string);
    expect(row).toMatchObject({
      gender: 'female',
      interfaceLocal: 'fi',
      notifyNewsletter: true,
      trackingCode: 'aff-42',
      promoCode: 'spring25',
      ipAddress: '203.0.113.10',
      reportedIpAddress: '198.51.100.7',
      emailVerifiedAt: null,
      status: 'active',
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('records the address the request came from, never the one the body claims', async () => {
    const form = signUpForm({ ip_address: '8.8.8.8' });
    await api.json('front/register_player', form, { ip: '203.0.113.11' });
    expect(await stored(form.username as string)).toMatchObject({ ipAddress: '203.0.113.11', reportedIpAddress: '8.8.8.8' });
    const garbage = signUpForm({ ip_address: '<script>' });
    await api.json('front/register_player', garbage, { ip: uniqueIp() });
    expect((await stored(garbage.username as string))?.reportedIpAddress).toBeNull();
  });

  it('mails an activation link in the chosen language that leads to the localized welcome page and confirms the email', async () => {
    const form = await register(api, { interface_local: 'de' });
    const letter = await mail.next(form.email);
    expect(letter.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse – Casino Eagles');
    expect(letter.text).toContain(`Hallo ${form.username}`);
    expect(letter.from).toBe('no-reply@casino.test');
    const link = new URL(letter.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://casino.test/de/welcome');
    expect(letter.html).toContain(`href="${link.toString()}"`);

    const token = link.searchParams.get('activation_token') ?? '';
    expect(await api.json('front/activate_account', { token })).toEqual({ status: 200, body: { status: 1 } });
    const session = await logIn(api, form.username, form.password);
    const profile = await api.json<{ player: { email_verified: boolean } }>('front/get_player_profile', {}, { token: session.accessToken });
    expect(profile.body.player.email_verified).toBe(true);
    // Opening the mail again is harmless.
    expect((await api.json('front/activate_account', { token })).body).toEqual({ status: 1 });
  });

  it('mails English to a locale without its own texts, and keeps the unprefixed path for English', async () => {
    const english = await register(api, { interface_local: 'en' });
    expect(new URL((await mail.next(english.email)).links[0] ?? '').pathname).toBe('/welcome');
    const polish = await register(api, { interface_local: 'pl' });
    const letter = await mail.next(polish.email);
    expect(letter.subject).toBe('Confirm your email address – Casino Eagles');
    expect(new URL(letter.links[0] ?? '').pathname).toBe('/pl/welcome');
  });

  it('refuses an activation token nobody was sent', async () => {
    expect((await api.json('front/activate_account', { token: 'made-up-token' })).body).toEqual({ status: 0, message: 'invalid_activation_token' });
    expect((await api.json('front/activate_account', {})).status).toBe(400);
  });

  it('takes the dial code as the picker object or as a plain string, and rebuilds phone_number itself', async () => {
    const form = await register(api, { countryPhone: '+358', phone_number1: '401234567', phone_number: '+1999' });
    expect((await stored(form.username))?.phoneNumber).toBe('+358401234567');
  });

  it('answers invalid input with 400 and the catalogue key of every failing field', async () => {
    const { status, body } = await api.json('front/register_player', {}, { ip: uniqueIp() });
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 0, message: 'validation_failed' });
    expect(body.errors).toMatchObject({
      username: 'field_required',
      password: 'field_required',
      confirmPassword: 'field_required',
      email: 'field_required',
      countryPhone: 'field_required',
      phone_number1: 'field_required',
      city: 'field_required',
      country: 'field_required',
      birthday: 'field_required',
      first_name: 'field_required',
      last_name: 'field_required',
      address: 'field_required',
      postal_code: 'field_required',
      checkTerms: 'accept_terms',
    });
  });

  it.each([
    ['password', { password: 'ab', confirmPassword: 'ab' }, 'password_validation'],
    ['confirmPassword', { confirmPassword: 'secret124' }, 'confirm_password_validation'],
    ['email', { email: 'not-an-address' }, 'email_validation'],
    ['phone_number1', { phone_number1: '12a45678' }, 'phone_number_validation'],
    ['phone_number1', { countryPhone: '+1', phone_number1: '12345' }, 'phone_number_length_check'],
    ['countryPhone', { countryPhone: { text: 'Nowhere', value: 'abc' } }, 'phone_number_validation'],
    ['checkTerms', { checkTerms: false }, 'accept_terms'],
    ['birthday', { birthday: '2015-05-05' }, 'age_restriction'],
    ['birthday', { birthday: '1990-02-30' }, 'birthday_validation'],
    ['birthday', { birthday: '05/05/1990' }, 'birthday_validation'],
    ['country', { country: 'XX' }, 'country_validation'],
    ['username', { username: 'two words' }, 'username_invalid'],
    ['username', { username: 'ab' }, 'username_too_short'],
    ['gender', { gender: 'other' }, 'invalid_value'],
    ['interface_local', { interface_local: 'xx' }, 'invalid_value'],
    ['first_name', { first_name: '   ' }, 'field_required'],
  ])('refuses a bad %s with %s', async (field, change, key) => {
    const { status, body } = await api.json('front/register_player', signUpForm(change), { ip: uniqueIp() });
    expect(status).toBe(400);
    expect((body.errors as Record<string, string>)[field]).toBe(key);
  });

  it('lets someone turn 18 today, and not a day later', async () => {
    const today = new Date();
    const eighteen = `${today.getUTCFullYear() - 18}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
    // Skip the leap-day corner: the helper's latestBirthday covers that.
    if (!eighteen.endsWith('02-29')) await register(api, { birthday: eighteen });
    const tomorrow = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate() + 1)).toISOString().slice(0, 10);
    const { body } = await api.json('front/register_player', signUpForm({ birthday: tomorrow }), { ip: uniqueIp() });
    expect(body.errors).toEqual({ birthday: 'age_restriction' });
  });

  it('takes the minimum password length from the settings', async () => {
    await setSettings({ passwordMinLength: 8 });
    try {
      const short = await api.json('front/register_player', signUpForm({ password: 'seven77', confirmPassword: 'seven77' }), { ip: uniqueIp() });
      expect(short.body.errors).toEqual({ password: 'password_validation' });
      await register(api, { password: 'eight888', confirmPassword: 'eight888' });
    } finally {
      await setSettings({ passwordMinLength: 3 });
    }
    await register(api, { password: 'abc', confirmPassword: 'abc' });
  });

  it('refuses a username that exists in any case', async () => {
    const first = await register(api);
    const { status, body } = await api.json('front/register_player', signUpForm({ username: first.username.toUpperCase() }), { ip: uniqueIp() });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 0, message: 'username_duplicated', errors: { username: 'username_duplicated' } });
    expect((await api.json('front/validate_player_name', { username: first.username.toUpperCase() })).body).toEqual({
      status: 0,
      message: 'username_duplicated',
    });
  });

  it('lets exactly one of several simultaneous sign-ups for one username win', async () => {
    const name = uniqueName('race');
    const variants = [name, name.toUpperCase(), name, `${name[0]?.toUpperCase()}${name.slice(1)}`, name];
    const replies = await Promise.all(variants.map((username) => api.json('front/register_player', signUpForm({ username }), { ip: uniqueIp() })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = replies.map((r) => r.body);
    expect(bodies.filter((b) => b.status === 1)).toHaveLength(1);
    expect(bodies.filter((b) => b.message === 'username_duplicated')).toHaveLength(4);
    const rows = await api.ctx.database.db.select({ id: players.id }).from(players).where(sql`lower(${players.username}) = ${name}`);
    expect(rows).toHaveLength(1);
  });

  it('allows the same email on several accounts, so a sign-up never reveals which addresses are registered', async () => {
    const first = await register(api);
    const second = await register(api, { email: first.email.toUpperCase() });
    expect(second.username).not.toBe(first.username);
  });

  it('accepts an active promo code in its window, case aside, and refuses unknown, ended, future and paused ones', async () => {
    await register(api, { promo_code: 'window' });
    await register(api, { promo_code: '' });
    for (const code of ['NOPE', 'OLDNEWS', 'SOONER', 'PAUSED']) {
      const { status, body } = await api.json('front/register_player', signUpForm({ promo_code: code }), { ip: uniqueIp() });
      expect({ status, body }, code).toEqual({ status: 200, body: { status: 0, message: 'invalid_promo_code', errors: { promo_code: 'invalid_promo_code' } } });
    }
  });

  it('checks promo codes on their own: empty is fine, only live promotions pass', async () => {
    const check = async (promo_code: unknown) => (await api.json('front/validate_promo_code', { promo_code })).body;
    expect(await check('')).toEqual({ status: 1 });
    expect(await check(null)).toEqual({ status: 1 });
    expect(await check('spring25')).toEqual({ status: 1 });
    expect(await check(' WINDOW ')).toEqual({ status: 1 });
    expect(await check('NOPE')).toEqual({ status: 0 });
    expect(await check('OLDNEWS')).toEqual({ status: 0 });
    expect(await check('SOONER')).toEqual({ status: 0 });
    expect(await check('PAUSED')).toEqual({ status: 0 });
  });

  it('refuses a second account from one address while one account per IP is on, whatever the body claims', async () => {
    await setSettings({ oneAccountPerIp: true });
    try {
      const ip = uniqueIp();
      expect((await api.json('front/register_player', signUpForm(), { ip })).body).toEqual({ status: 1 });
      const again = await api.json('front/register_player', signUpForm({ ip_address: '192.0.2.99' }), { ip });
      expect(again).toEqual({ status: 200, body: { status: 0, message: 'IPEXIST' } });
      expect((await api.json('front/register_player', signUpForm(), { ip: uniqueIp() })).body).toEqual({ status: 1 });

      // Two at the same moment from a fresh address: one account, not two.
      const racing = uniqueIp();
      const replies = await Promise.all([1, 2, 3].map(() => api.json('front/register_player', signUpForm(), { ip: racing })));
      expect(replies.map((r) => r.body.status).sort()).toEqual([0, 0, 1]);
      expect(replies.filter((r) => r.body.message === 'IPEXIST')).toHaveLength(2);
    } finally {
      await setSettings({ oneAccountPerIp: false });
    }
    const ip = uniqueIp();
    expect((await api.json('front/register_player', signUpForm(), { ip })).body).toEqual({ status: 1 });
    expect((await api.json('front/register_player', signUpForm(), { ip })).body).toEqual({ status: 1 });
  });

  it('limits sign-ups from one address to 10 an hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await api.json('front/register_player', signUpForm(), { ip })).body, `sign-up ${i + 1}`).toEqual({ status: 1 });
    const response = await api.call('front/register_player', signUpForm(), { ip });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ status: 0, message: 'too_many_attempts' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sign-ups with one email to 3 an hour, so nobody floods a stranger with activation mails', async () => {
    const email = `${uniqueName('victim')}@mail.test`;
    for (let i = 0; i < 3; i++) expect((await api.json('front/register_player', signUpForm({ email }), { ip: uniqueIp() })).body).toEqual({ status: 1 });
    const fourth = await api.json('front/register_player', signUpForm({ email: email.toUpperCase() }), { ip: uniqueIp() });
    expect(fourth).toEqual({ status: 429, body: { status: 0, message: 'too_many_attempts' } });
  });
});
