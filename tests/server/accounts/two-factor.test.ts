// Two-factor login (PGlite and PostgreSQL): enrolling and removing an authenticator app
// needs the password; a login of such an account ends at a ticket that a code, a recovery
// code or a passkey trades for the tokens; a code is good once, a recovery code once, a
// ticket once and for five minutes; staff calls want a login that passed a second factor,
// and a staff account's first factor a one-time enrolment link, never the password alone.
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_DELAY } from '../../../src/server/auth/rate-limit.ts';
import { TICKET_FAILURES, TICKET_SECONDS } from '../../../src/server/auth/two-factor.ts';
import { type ManualClock, manualClock } from '../../../src/server/clock.ts';
import { players, playerTotp } from '../../../src/server/db/schema/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { softPasskey } from '../../helpers/passkey.ts';
import { cookiesOf, enrolTotp, logIn, type MailCatcher, REFRESH, register, startMailCatcher, uniqueIp } from './helpers.ts';
import { eq, sql } from 'drizzle-orm';
import { runSupportCommand } from '../../../src/server/support/cli.ts';

let api: TestApi;
let clock: ManualClock;
let mail: MailCatcher;
const STEP = 30_000;

beforeAll(async () => {
  clock = manualClock(Date.now());
  mail = await startMailCatcher();
  api = await testApi({ SMTP_URL: mail.url }, { clock });
});
afterAll(async () => {
  await api.close();
  await mail.close();
});
beforeEach(() => clock.set(Date.now()));

interface Account {
  username: string;
  password: string;
  email: string;
  token: string;
  playerId: number;
}

async function newAccount(): Promise<Account> {
  const form = await register(api);
  const session = await logIn(api, form.username, form.password, uniqueIp());
  return { username: form.username, password: form.password, email: form.email, token: session.accessToken, playerId: session.playerId };
}

async function withApp(): Promise<Account & { secret: string; recoveryCodes: string[] }> {
  const account = await newAccount();
  return { ...account, ...(await enrolTotp(api, account.token, account.password)) };
}

const codeAt = (secret: string, ms = clock.now()) => generate({ secret, epoch: Math.floor(ms / 1000) });
const security = (token: string) =>
  api.json<{ totp: { enabled: boolean; recovery_codes_left: number }; passkeys: unknown[] }>('front/get_security', {}, { token });

type LoginBody = { accessToken?: string; second_factor?: { ticket: string; methods: string[]; expires_in: number }; message?: string };
async function passwordStep(a: { username: string; password: string }, ip = uniqueIp()) {
  const response = await api.call('front/auth/login/', { username: a.username, password: a.password }, { ip });
  return { response, body: (await response.json()) as LoginBody };
}
async function secondStep(ticket: string, proof: Record<string, unknown>, ip = uniqueIp()) {
  const response = await api.call('front/auth/second_factor', { ticket, ...proof }, { ip });
  return { response, body: (await response.json()) as LoginBody };
}

describe('enrolling an authenticator app', () => {
  it('needs the password, shows the secret once, and turns on with its first code', async () => {
    const a = await newAccount();
    expect((await api.json('front/start_totp', { password: 'not-the-password' }, { token: a.token })).body).toEqual({
      status: 0,
      message: 'wrong_password',
      errors: { password: 'wrong_password' },
    });
    expect((await security(a.token)).body.totp.enabled).toBe(false);

    const started = await api.json<{ secret: string; uri: string }>('front/start_totp', { password: a.password }, { token: a.token });
    expect(started.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.body.uri).toContain(`secret=${started.body.secret}`);
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/Casino%20Eagles:/);
    // Not enrolled until confirmed: the password alone still logs in.
    expect((await passwordStep(a)).body.accessToken).toBeDefined();

    const wrong = String((Number(await codeAt(started.body.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await api.json('front/confirm_totp', { code: wrong }, { token: a.token })).body).toMatchObject({ status: 0, message: 'wrong_code' });
    const confirmed = await api.json<{ recovery_codes: string[] }>('front/confirm_totp', { code: await codeAt(started.body.secret) }, { token: a.token });
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    expect((await security(a.token)).body.totp).toEqual({ enabled: true, recovery_codes_left: 10 });

    // The secret is never sent again, nor stored in clear.
    expect((await api.json('front/start_totp', { password: a.password }, { token: a.token })).body).toEqual({ status: 0, message: 'totp_already_enabled' });
    const stored = await api.ctx.database.db.select({ secret: playerTotp.secret }).from(playerTotp).where(eq(playerTotp.playerId, a.playerId));
    expect(stored[0]?.secret).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(started.body.secret);
  });

  it('refuses a code that is not six digits as bad input', async () => {
    const a = await newAccount();
    const bad = await api.json('front/confirm_totp', { code: '12ab56' }, { token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'validation_failed', errors: { code: 'totp_code_format' } });
  });
});

describe('logging in with a second factor', () => {
  it('answers a ticket instead of tokens, and the tokens only for a right code', async () => {
    const a = await withApp();
    clock.advance(STEP);
    const first = await passwordStep(a);
    expect(first.response.status).toBe(200);
    expect(first.body.accessToken).toBeUndefined();
    expect(cookiesOf(first.response)[REFRESH]).toBeUndefined();
    expect(first.body.second_factor).toMatchObject({ methods: ['totp', 'recovery'], expires_in: TICKET_SECONDS });
    const ticket = first.body.second_factor?.ticket as string;

    const wrong = await secondStep(ticket, { method: 'totp', code: '000000' === (await codeAt(a.secret)) ? '111111' : '000000' });
    expect(wrong.response.status).toBe(401);
    expect(wrong.body).toEqual({ status: 0, message: 'wrong_second_factor' });

    const right = await secondStep(ticket, { method: 'totp', code: await codeAt(a.secret) });
    expect(right.response.status).toBe(200);
    expect(cookiesOf(right.response)[REFRESH]?.value).toBeTruthy();
    const me = await api.json<{ player: { username: string } }>('front/auth/player', undefined, { method: 'GET', token: right.body.accessToken as string });
    expect(me.body.player.username).toBe(a.username);
  });

  it('refuses a wrong password before any second factor is asked', async () => {
    const a = await withApp();
    const wrong = await passwordStep({ username: a.username, password: 'wrong-password' });
    expect(wrong.response.status).toBe(401);
    expect(wrong.body).toEqual({ status: 0, message: 'failed_login' });
  });

  it('refuses a replayed code, even on a new ticket, and takes the next step’s code', async () => {
    const a = await withApp();
    clock.advance(STEP);
    const code = await codeAt(a.secret);
    const first = await passwordStep(a);
    expect((await secondStep(first.body.second_factor?.ticket as string, { method: 'totp', code })).response.status).toBe(200);

    const again = await passwordStep(a);
    const replay = await secondStep(again.body.second_factor?.ticket as string, { method: 'totp', code });
    expect(replay.response.status).toBe(401);
    expect(replay.body.message).toBe('wrong_second_factor');
    // An older code inside the ±1 step window is refused too: it comes before the one used.
    const older = await secondStep(again.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(a.secret, clock.now() - STEP) });
    expect(older.response.status).toBe(401);

    clock.advance(STEP);
    const next = await secondStep(again.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(a.secret) });
    expect(next.response.status).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const a = await withApp();
    const [code] = a.recoveryCodes as [string];
    const first = await passwordStep(a);
    // As the player types it: upper case, no dash.
    const used = await secondStep(first.body.second_factor?.ticket as string, { method: 'recovery', code: code.replace('-', '').toUpperCase() });
    expect(used.response.status).toBe(200);
    const again = await passwordStep(a);
    const reused = await secondStep(again.body.second_factor?.ticket as string, { method: 'recovery', code });
    expect(reused.response.status).toBe(401);
    expect(reused.body.message).toBe('wrong_second_factor');
    expect((await security(used.body.accessToken as string)).body.totp.recovery_codes_left).toBe(9);
  });

  it('takes a ticket once, for five minutes, and for a few wrong codes', async () => {
    const a = await withApp();
    clock.advance(STEP);
    // The player's own device: wrong codes typed there wear out the ticket, not the account's pace.
    const home = uniqueIp();
    const first = await passwordStep(a, home);
    const ticket = first.body.second_factor?.ticket as string;
    expect((await secondStep(ticket, { method: 'recovery', code: a.recoveryCodes[0] }, home)).response.status).toBe(200);
    const spent = await secondStep(ticket, { method: 'recovery', code: a.recoveryCodes[1] });
    expect(spent.response.status).toBe(401);
    expect(spent.body).toEqual({ status: 0, message: 'login_ticket_expired' });

    const late = await passwordStep(a);
    clock.advance(TICKET_SECONDS * 1000 + 1000);
    const expired = await secondStep(late.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(a.secret) });
    expect(expired.body).toEqual({ status: 0, message: 'login_ticket_expired' });

    const guessed = await passwordStep(a, home);
    const guessTicket = guessed.body.second_factor?.ticket as string;
    const right = await codeAt(a.secret);
    for (let i = 0; i < TICKET_FAILURES; i++)
      await secondStep(guessTicket, { method: 'totp', code: String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0') }, home);
    const worn = await secondStep(guessTicket, { method: 'totp', code: right }, home);
    expect(worn.body).toEqual({ status: 0, message: 'login_ticket_expired' });
    // The code was not spent by the dead ticket: a new ticket takes it.
    const fresh = await passwordStep(a);
    expect((await secondStep(fresh.body.second_factor?.ticket as string, { method: 'totp', code: right })).response.status).toBe(200);
  });

  it('refuses codes rather than failing when the key the secret was sealed under has changed, and takes recovery codes', async () => {
    const a = await withApp();
    clock.advance(STEP);
    const config = api.ctx.config as { twoFactorKey: string };
    const key = config.twoFactorKey;
    config.twoFactorKey = `another-key-${'k'.repeat(32)}`;
    try {
      const step = await passwordStep(a);
      const ticket = step.body.second_factor?.ticket as string;
      const refused = await secondStep(ticket, { method: 'totp', code: await codeAt(a.secret) });
      expect(refused.response.status).toBe(401);
      expect(refused.body.message).toBe('wrong_second_factor');
      expect((await secondStep(ticket, { method: 'recovery', code: a.recoveryCodes[0] })).response.status).toBe(200);
    } finally {
      config.twoFactorKey = key;
    }
  });

  it('limits wrong codes from one address like wrong passwords', async () => {
    const a = await withApp();
    const ip = uniqueIp();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      const step = await passwordStep(a, ip);
      last = (await secondStep(step.body.second_factor?.ticket as string, { method: 'recovery', code: 'aaaaa-aaaaa' }, ip)).response;
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('codes guessed for one account from many addresses', () => {
  it('checks at most the configured number a day, slowing them from the start; tells the owner once; never slows the owner’s own place, and lets them in anywhere after the wait', async () => {
    const { maxFailures, freeFailures, notifyAt } = SECOND_FACTOR_DELAY;
    const a = await withApp();
    const home = uniqueIp();
    const addresses = Array.from({ length: 50 }, uniqueIp);
    // The owner has logged in through the second step from home before.
    clock.advance(STEP);
    const before = await passwordStep(a, home);
    expect((await secondStep(before.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(a.secret) }, home)).response.status).toBe(200);

    let checked = 0;
    let slowed = 0;
    for (let i = 0; i < 200; i++) {
      // Five minutes apart, from 50 addresses in turn, each with the right password; app codes and recovery codes alike.
      clock.advance(5 * 60_000);
      const ip = addresses[i % addresses.length] as string;
      const step = await passwordStep(a, ip);
      const right = await codeAt(a.secret);
      const proof =
        i % 2 === 0 ? { method: 'totp', code: String((Number(right) + 1) % 1_000_000).padStart(6, '0') } : { method: 'recovery', code: 'aaaaa-aaaaa' };
      const guess = await secondStep(step.body.second_factor?.ticket as string, proof, ip);
      if (guess.response.status === 401) {
        expect(guess.body).toEqual({ status: 0, message: 'wrong_second_factor' });
        checked++;
      } else {
        expect(guess.response.status).toBe(429);
        expect(Number(guess.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        slowed++;
      }
      if (i === 100) {
        // Meanwhile the owner, at home, gets in at once.
        const own = await passwordStep(a, home);
        expect((await secondStep(own.body.second_factor?.ticket as string, { method: 'totp', code: right }, home)).response.status).toBe(200);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(freeFailures);
    expect(checked).toBeLessThanOrEqual(maxFailures);
    expect(checked + slowed).toBe(200);

    // The owner was told once, in the mail box and by mail.
    await api.ctx.mailer.drain();
    const box = await api.json<{ playerMessages: { rows: { subject: string; text: string }[] } }>(
      'front/get_player_messages',
      { page: 1, limit: 10 },
      { token: a.token },
    );
    const notices = box.body.playerMessages.rows.filter((m) => m.subject === 'Wrong login codes on your account');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`Wrong codes so far: ${notifyAt}.`);
    expect(mail.to(a.email).filter((m) => m.subject === 'Wrong login codes on your account – Casino Eagles')).toHaveLength(1);

    // From a new place the owner is told how long to wait, and gets in after it.
    const away = uniqueIp();
    const early = await passwordStep(a, away);
    const refused = await secondStep(early.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(a.secret) }, away);
    expect(refused.response.status).toBe(429);
    clock.advance(Number(refused.response.headers.get('retry-after')) * 1000);
    const later = await passwordStep(a, away);
    expect((await secondStep(later.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(a.secret) }, away)).response.status).toBe(200);
    // 200 password steps, each a real password hash check: minutes on a busy two-core machine.
  }, 240_000);

  it('never slows a passkey, which cannot be guessed', async () => {
    const a = await newAccount();
    const key = softPasskey(api.ctx.config.webauthn.rpId, api.ctx.config.webauthn.origins[0] as string);
    const started = await api.json<{ options: { challenge: string } }>('front/start_passkey', { password: a.password }, { token: a.token });
    await api.json('front/add_passkey', { name: 'Phone', response: key.register(started.body.options.challenge) }, { token: a.token });
    const { secret } = await enrolTotp(api, a.token, a.password);
    for (let i = 0; i < SECOND_FACTOR_DELAY.maxFailures + 2; i++) {
      const ip = uniqueIp();
      const step = await passwordStep(a, ip);
      await secondStep(step.body.second_factor?.ticket as string, { method: 'recovery', code: 'aaaaa-aaaaa' }, ip);
    }
    const ip = uniqueIp();
    const coded = await passwordStep(a, ip);
    expect((await secondStep(coded.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(secret) }, ip)).response.status).toBe(429);
    const step = await passwordStep(a, ip);
    const ticket = step.body.second_factor?.ticket as string;
    const options = await api.json<{ options: { challenge: string } }>('front/auth/passkey_options', { ticket });
    expect((await secondStep(ticket, { method: 'passkey', response: key.assert(options.body.options.challenge, 1) }, ip)).response.status).toBe(200);
  });
});

describe('removing the app', () => {
  it('needs the password and a current code, then the password alone logs in again', async () => {
    const a = await withApp();
    clock.advance(STEP);
    expect((await api.json('front/remove_totp', { password: 'wrong-one', code: await codeAt(a.secret) }, { token: a.token })).body).toMatchObject({
      status: 0,
      message: 'wrong_password',
    });
    expect(
      (await api.json('front/remove_totp', { password: a.password, code: '123456' === (await codeAt(a.secret)) ? '654321' : '123456' }, { token: a.token }))
        .body,
    ).toMatchObject({
      status: 0,
      message: 'wrong_code',
    });
    expect((await security(a.token)).body.totp.enabled).toBe(true);
    expect((await api.json('front/remove_totp', { password: a.password, code: await codeAt(a.secret) }, { token: a.token })).body).toEqual({ status: 1 });
    expect((await security(a.token)).body.totp).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await passwordStep(a)).body.accessToken).toBeDefined();
  });

  it('takes a recovery code in place of the app’s code (a lost phone)', async () => {
    const a = await withApp();
    expect((await api.json('front/remove_totp', { password: a.password, code: a.recoveryCodes[3] }, { token: a.token })).body).toEqual({ status: 1 });
  });
});

describe('passkeys', () => {
  it('need the password before the browser is asked to create one', async () => {
    const a = await newAccount();
    expect((await api.json('front/start_passkey', { password: 'wrong-one' }, { token: a.token })).body).toMatchObject({ message: 'wrong_password' });
    const started = await api.json<{ options: { challenge: string; rp: { id: string }; user: { name: string } } }>(
      'front/start_passkey',
      { password: a.password },
      { token: a.token },
    );
    expect(started.body.options.rp.id).toBe(api.ctx.config.webauthn.rpId);
    expect(started.body.options.user.name).toBe(a.username);
    expect(started.body.options.challenge.length).toBeGreaterThan(20);
  });

  it('refuses an answer to a challenge the server did not hand out, and a passkey login without passkeys', async () => {
    const a = await newAccount();
    const forged = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: 'made-up', origin: api.ctx.config.siteUrl })).toString('base64url');
    const added = await api.json(
      'front/add_passkey',
      {
        name: 'Laptop',
        response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: forged, attestationObject: 'o2M' }, clientExtensionResults: {} },
      },
      { token: a.token },
    );
    expect(added.body).toEqual({ status: 0, message: 'passkey_rejected' });
    expect((await security(a.token)).body.passkeys).toEqual([]);

    const b = await withApp();
    const step = await passwordStep(b);
    expect((await api.json('front/auth/passkey_options', { ticket: step.body.second_factor?.ticket })).body).toEqual({ status: 0, message: 'no_passkey' });
  });
});

describe('passkey logins', () => {
  async function withPasskey() {
    const a = await newAccount();
    const key = softPasskey(api.ctx.config.webauthn.rpId, api.ctx.config.webauthn.origins[0] as string);
    const started = await api.json<{ options: { challenge: string } }>('front/start_passkey', { password: a.password }, { token: a.token });
    const response = key.register(started.body.options.challenge);
    const added = await api.json<{ passkey: { name: string } }>('front/add_passkey', { name: 'Phone', response }, { token: a.token });
    expect(added.body).toMatchObject({ status: 1, passkey: { name: 'Phone' } });
    return { ...a, key, registration: response };
  }
  async function passkeyChallenge(a: { username: string; password: string }) {
    const step = await passwordStep(a);
    const ticket = step.body.second_factor?.ticket as string;
    const options = await api.json<{ options: { challenge: string; allowCredentials: { id: string }[] } }>('front/auth/passkey_options', { ticket });
    return { ticket, methods: step.body.second_factor?.methods, options: options.body.options };
  }

  it('registers a passkey once per challenge, and logs in with its signature', async () => {
    const a = await withPasskey();
    // The same answer again: its challenge is spent.
    expect((await api.json('front/add_passkey', { name: 'Again', response: a.registration }, { token: a.token })).body).toEqual({
      status: 0,
      message: 'passkey_rejected',
    });
    expect((await security(a.token)).body.passkeys).toHaveLength(1);

    const { ticket, methods, options } = await passkeyChallenge(a);
    expect(methods).toEqual(['passkey']);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([a.key.credentialId]);
    const done = await secondStep(ticket, { method: 'passkey', response: a.key.assert(options.challenge, 1) });
    expect(done.response.status).toBe(200);
    expect(done.body.accessToken).toBeDefined();
  });

  it('refuses a signature counter that does not move forward, and a signature of another challenge', async () => {
    const a = await withPasskey();
    const first = await passkeyChallenge(a);
    expect((await secondStep(first.ticket, { method: 'passkey', response: a.key.assert(first.options.challenge, 5) })).response.status).toBe(200);

    // A cloned authenticator would show a counter already seen.
    const cloned = await passkeyChallenge(a);
    const refused = await secondStep(cloned.ticket, { method: 'passkey', response: a.key.assert(cloned.options.challenge, 5) });
    expect(refused.response.status).toBe(401);
    expect(refused.body.message).toBe('wrong_second_factor');

    // The challenge went with that answer: even a right counter needs a new one.
    const stale = await secondStep(cloned.ticket, { method: 'passkey', response: a.key.assert(cloned.options.challenge, 6) });
    expect(stale.response.status).toBe(401);
    const fresh = await api.json<{ options: { challenge: string } }>('front/auth/passkey_options', { ticket: cloned.ticket });
    const wrongChallenge = await secondStep(cloned.ticket, { method: 'passkey', response: a.key.assert(first.options.challenge, 7) });
    expect(wrongChallenge.response.status).toBe(401);
    const again = await api.json<{ options: { challenge: string } }>('front/auth/passkey_options', { ticket: cloned.ticket });
    expect(again.body.options.challenge).not.toBe(fresh.body.options.challenge);
    expect((await secondStep(cloned.ticket, { method: 'passkey', response: a.key.assert(again.body.options.challenge, 8) })).response.status).toBe(200);
  });

  it('refuses another account’s passkey, and removes one only with the password', async () => {
    const a = await withPasskey();
    const b = await withPasskey();
    const step = await passkeyChallenge(a);
    expect((await secondStep(step.ticket, { method: 'passkey', response: b.key.assert(step.options.challenge, 1) })).response.status).toBe(401);

    const [key] = (await security(a.token)).body.passkeys as { id: number }[];
    expect((await api.json('front/remove_passkey', { id: key?.id, password: 'wrong-one' }, { token: a.token })).body).toMatchObject({
      message: 'wrong_password',
    });
    expect((await api.json('front/remove_passkey', { id: key?.id, password: b.password }, { token: b.token })).body).toMatchObject({ status: 0 });
    expect((await api.json('front/remove_passkey', { id: key?.id, password: a.password }, { token: a.token })).body).toEqual({ status: 1 });
    expect((await passwordStep(a)).body.accessToken).toBeDefined();
  });
});

describe('staff', () => {
  const STAFF_REFUSED = { status: 403, body: { status: 0, message: 'staff_second_factor_required' } };
  const staffCall = (token: string) => api.json('admin/get_setting', {}, { token });

  /** A new staff account with no factor, logged in with its password alone. */
  async function newStaff(): Promise<Account & { email: string; refreshToken: string }> {
    const form = await register(api);
    const player = await logIn(api, form.username, form.password, uniqueIp());
    await api.ctx.database.db
      .update(players)
      .set({ scope: ['player', 'admin', 'owner'] })
      .where(eq(players.id, player.playerId));
    const session = await logIn(api, form.username, form.password, uniqueIp());
    return {
      username: form.username,
      password: form.password,
      email: form.email,
      token: session.accessToken,
      refreshToken: session.refreshToken,
      playerId: session.playerId,
    };
  }

  /** The next mail to `email` carrying an enrolment link (the activation mail of the sign-up comes first), and that link. */
  async function enrolmentMail(email: string): Promise<{ links: string[]; link: string }> {
    for (;;) {
      const caught = await mail.next(email);
      const link = caught.links.find((l) => l.includes('enrol='));
      if (link) return { links: caught.links, link };
    }
  }

  /** The seeded admin mails `staff` an enrolment link; answers its `enrol` value. */
  async function enrolmentLinkFor(staff: { playerId: number; email: string }): Promise<string> {
    const admin = await logIn(api, 'admin', 'admin1234', uniqueIp());
    const sent = await api.json<{ emailed_to: string; expires_in: number }>(
      'admin/send_staff_enrolment',
      { playerId: staff.playerId },
      { token: admin.accessToken },
    );
    expect(sent.body).toEqual({ status: 1, emailed_to: staff.email, expires_in: 24 * 3600 });
    const { link } = await enrolmentMail(staff.email);
    expect(link).toMatch(/\/user-management\?tab=10&enrol=/);
    return new URL(link).searchParams.get('enrol') as string;
  }

  it('cannot enrol a first factor with the password alone, so a stolen staff password opens no staff call', async () => {
    const staff = await newStaff();
    expect(await staffCall(staff.token)).toEqual(STAFF_REFUSED);
    expect((await security(staff.token)).body).toMatchObject({ staff_needs_second_factor: true, staff_needs_second_factor_login: false });
    expect((await api.json('front/start_totp', { password: staff.password }, { token: staff.token })).body).toEqual({
      status: 0,
      message: 'staff_enrolment_required',
    });
    expect((await api.json('front/start_passkey', { password: staff.password }, { token: staff.token })).body).toEqual({
      status: 0,
      message: 'staff_enrolment_required',
    });
    expect((await security(staff.token)).body.totp.enabled).toBe(false);
    expect(await staffCall(staff.token)).toEqual(STAFF_REFUSED);
  });

  it('enrols with a one-time link from an admin; staff calls then want a login that passed the second step, kept through its refreshes', async () => {
    const staff = await newStaff();
    const enrolment = await enrolmentLinkFor(staff);
    const started = await api.json<{ secret: string }>('front/start_totp', { password: staff.password, enrolment }, { token: staff.token });
    expect(started.body.secret).toBeTruthy();
    const confirmed = await api.json<{ recovery_codes: string[] }>(
      'front/confirm_totp',
      { code: await codeAt(started.body.secret), enrolment },
      { token: staff.token },
    );
    expect(confirmed.body.recovery_codes).toHaveLength(10);

    // The login that enrolled it used the password alone: the very token, and the tokens its refreshes bring, stay refused.
    expect(await staffCall(staff.token)).toEqual(STAFF_REFUSED);
    expect((await security(staff.token)).body).toMatchObject({ staff_needs_second_factor: false, staff_needs_second_factor_login: true });
    const refreshed = await api.call('front/auth/refresh', {}, { headers: { cookie: `${REFRESH}=${staff.refreshToken}` } });
    const { accessToken: refreshedToken } = (await refreshed.json()) as { accessToken: string };
    expect(await staffCall(refreshedToken)).toEqual(STAFF_REFUSED);
    // Nor can that login add another factor of its own, with the spent link or without one.
    for (const body of [{ password: staff.password, enrolment }, { password: staff.password }])
      expect((await api.json('front/start_passkey', body, { token: staff.token })).body).toEqual({ status: 0, message: 'staff_second_factor_login_required' });
    expect((await api.json('front/remove_totp', { password: staff.password, code: confirmed.body.recovery_codes[0] }, { token: staff.token })).body).toEqual({
      status: 0,
      message: 'staff_second_factor_login_required',
    });

    // A login through the second step opens staff calls, and so do the tokens its refreshes bring.
    clock.advance(STEP);
    const step = await passwordStep(staff);
    const second = await secondStep(step.body.second_factor?.ticket as string, { method: 'totp', code: await codeAt(started.body.secret) });
    const token = second.body.accessToken as string;
    expect((await staffCall(token)).status).toBe(200);
    expect((await security(token)).body).toMatchObject({ staff_needs_second_factor: false, staff_needs_second_factor_login: false });
    let cookie = cookiesOf(second.response)[REFRESH]?.value as string;
    for (let i = 0; i < 2; i++) {
      const next = await api.call('front/auth/refresh', {}, { headers: { cookie: `${REFRESH}=${cookie}` } });
      expect(next.status).toBe(200);
      cookie = cookiesOf(next)[REFRESH]?.value as string;
      expect((await staffCall(((await next.json()) as { accessToken: string }).accessToken)).status).toBe(200);
    }

    // Who sent the link and when it was used are in the staff account's audit trail.
    const admin = await logIn(api, 'admin', 'admin1234', uniqueIp());
    const trail = await api.json<{ audit: { action: string; via: string; staff_id: number | null; details: object }[] }>(
      'admin/get_player_verification',
      { playerId: staff.playerId },
      { token: admin.accessToken },
    );
    expect(trail.body.audit.map((a) => [a.action, a.via, a.staff_id])).toEqual([
      ['staff_enrolment_used', 'api', staff.playerId],
      ['staff_enrolment_link', 'api', admin.playerId],
    ]);
  });

  it('takes a link once, for 24 hours, and only on its own account; a typo in the first code does not spend it; players need none', async () => {
    const staff = await newStaff();
    const other = await newStaff();
    const enrolment = await enrolmentLinkFor(staff);
    const invalid = { status: 0, message: 'staff_enrolment_invalid' };
    expect((await api.json('front/start_totp', { password: other.password, enrolment }, { token: other.token })).body).toEqual(invalid);
    expect((await api.json('front/start_totp', { password: staff.password, enrolment: 'made-up' }, { token: staff.token })).body).toEqual(invalid);

    const started = await api.json<{ secret: string }>('front/start_totp', { password: staff.password, enrolment }, { token: staff.token });
    const right = await codeAt(started.body.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await api.json('front/confirm_totp', { code: wrong, enrolment }, { token: staff.token })).body).toMatchObject({ message: 'wrong_code' });
    expect((await api.json('front/confirm_totp', { code: right }, { token: staff.token })).body).toEqual({ status: 0, message: 'staff_enrolment_required' });
    expect(
      (await api.json<{ recovery_codes: string[] }>('front/confirm_totp', { code: right, enrolment }, { token: staff.token })).body.recovery_codes,
    ).toHaveLength(10);

    // A link not used within 24 hours is worth nothing.
    const late = await enrolmentLinkFor(other);
    await api.ctx.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 minute' where purpose = 'staff_enrolment' and player_id = ${other.playerId}`,
    );
    expect((await api.json('front/start_totp', { password: other.password, enrolment: late }, { token: other.token })).body).toEqual(invalid);

    // Only staff accounts get links, only from staff; a player enrols with the password.
    const admin = await logIn(api, 'admin', 'admin1234', uniqueIp());
    const player = await newAccount();
    expect((await api.json('admin/send_staff_enrolment', { playerId: player.playerId }, { token: admin.accessToken })).body).toEqual({
      status: 0,
      message: 'not_staff',
    });
    expect((await api.json('admin/send_staff_enrolment', { playerId: 2_000_000_000 }, { token: admin.accessToken })).body).toEqual({
      status: 0,
      message: 'player_not_found',
    });
    expect((await api.json('admin/send_staff_enrolment', { playerId: player.playerId }, { token: player.token })).status).toBe(403);
    expect((await enrolTotp(api, player.token, player.password)).recoveryCodes).toHaveLength(10);
  });

  it('enrols a passkey as the first factor with a link, spending it; a passkey login then opens staff calls', async () => {
    const staff = await newStaff();
    const key = softPasskey(api.ctx.config.webauthn.rpId, api.ctx.config.webauthn.origins[0] as string);
    expect((await api.json('front/start_passkey', { password: staff.password }, { token: staff.token })).body).toEqual({
      status: 0,
      message: 'staff_enrolment_required',
    });
    const enrolment = await enrolmentLinkFor(staff);
    const started = await api.json<{ options: { challenge: string } }>('front/start_passkey', { password: staff.password, enrolment }, { token: staff.token });
    const registration = key.register(started.body.options.challenge);
    expect((await api.json('front/add_passkey', { name: 'Desk key', response: registration }, { token: staff.token })).body).toEqual({
      status: 0,
      message: 'staff_enrolment_required',
    });
    expect((await api.json('front/add_passkey', { name: 'Desk key', response: registration, enrolment }, { token: staff.token })).body).toMatchObject({
      status: 1,
      passkey: { name: 'Desk key' },
    });
    expect(await staffCall(staff.token)).toEqual(STAFF_REFUSED);

    const step = await passwordStep(staff);
    const ticket = step.body.second_factor?.ticket as string;
    const options = await api.json<{ options: { challenge: string } }>('front/auth/passkey_options', { ticket });
    const done = await secondStep(ticket, { method: 'passkey', response: key.assert(options.body.options.challenge, 1) });
    expect((await staffCall(done.body.accessToken as string)).status).toBe(200);
  });

  it('issues a link at the command line, printed and mailed, that enrols like an admin’s', async () => {
    const staff = await newStaff();
    const lines: string[] = [];
    expect(await runSupportCommand(api.ctx, ['enrol', staff.username], (line) => lines.push(line))).toBe(0);
    const printed = lines.join('\n');
    expect(printed).toContain(`Enrolment link for ${staff.username} (#${staff.playerId}), good once for 24 hours:`);
    expect(printed).toContain(`Also emailed to ${staff.email}.`);
    const link = /https?:\/\/\S+enrol=\S+/.exec(printed)?.[0] as string;
    expect((await enrolmentMail(staff.email)).link).toBe(link);
    const enrolment = new URL(link).searchParams.get('enrol') as string;
    expect((await api.json<{ secret: string }>('front/start_totp', { password: staff.password, enrolment }, { token: staff.token })).body.secret).toBeTruthy();

    expect(await runSupportCommand(api.ctx, ['enrol', 'nobody-has-this-name'], () => {})).toBe(1);
    expect(await runSupportCommand(api.ctx, ['enrol'], () => {})).toBe(2);
    const player = await newAccount();
    const said: string[] = [];
    expect(await runSupportCommand(api.ctx, ['enrol', `#${player.playerId}`], (line) => said.push(line))).toBe(1);
    expect(said).toEqual([`#${player.playerId} is not a staff account.`]);
  });

  it('the seeded staff account logs in with its development secret', async () => {
    const step = await passwordStep({ username: 'admin', password: 'admin1234' });
    expect(step.body.second_factor?.methods).toEqual(['totp', 'recovery']);
    const staff = await logIn(api, 'admin', 'admin1234', uniqueIp());
    expect((await api.json('admin/get_setting', {}, { token: staff.accessToken })).status).toBe(200);
  });
});
