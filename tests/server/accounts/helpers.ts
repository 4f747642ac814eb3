// What the account suites share: a real SMTP server that catches our mail, a valid
// sign-up form, login with its refresh cookie, and unique names and addresses.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { players, playerTotp } from '../../../src/server/db/schema/index.ts';
import { DEMO_STAFF, DEMO_STAFF_TOTP_SECRET } from '../../../src/server/demo/seed.ts';
import { latestBirthday } from '../../../src/shared/schemas/player.ts';
import type { TestApi } from '../../helpers/app.ts';

export { type CaughtMail, type MailCatcher, startMailCatcher } from '../../helpers/mail.ts';

/** A name nobody has used yet in this suite. */
export function uniqueName(prefix = 'player'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** An address no other test used: registrations are limited per address. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A complete, valid sign-up form as the sign-up page sends it. */
export function signUpForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const username = uniqueName();
  return {
    username,
    password: 'secret123',
    confirmPassword: 'secret123',
    email: `${username}@mail.test`,
    countryPhone: { text: 'Germany', value: '+49' },
    phone_number1: '15112345678',
    phone_number: '+4915112345678',
    city: 'Berlin',
    country: 'DE',
    promo_code: null,
    gender: 'male',
    birthday: latestBirthday(),
    first_name: 'Erika',
    last_name: 'Mustermann',
    address: 'Unter den Linden 1',
    postal_code: '10117',
    interface_local: 'en',
    checkTerms: true,
    notify_newletter: false,
    tracking_code: null,
    ip_address: '198.51.100.7',
    ...overrides,
  };
}

/** Registers a player from an address of its own; returns the form used. */
export async function register(api: TestApi, overrides: Record<string, unknown> = {}) {
  const form = signUpForm(overrides);
  const { status, body } = await api.json('front/register_player', form, { ip: uniqueIp() });
  if (status !== 200 || body.status !== 1) throw new Error(`registration failed: ${status} ${JSON.stringify(body)}`);
  return form as { username: string; password: string; email: string } & Record<string, unknown>;
}

/** The `name=value` pairs a reply sets, ready for a Cookie header. */
export function cookiesOf(response: Response): Record<string, { value: string; attributes: string }> {
  const out: Record<string, { value: string; attributes: string }> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq).trim()] = { value: pair.slice(eq + 1).trim(), attributes: attributes.join(';').trim() };
  }
  return out;
}

export const REFRESH = 'front._refresh_token.local';

export interface LoggedIn {
  accessToken: string;
  /** The refresh token from the HttpOnly cookie. */
  refreshToken: string;
  playerId: number;
}

/**
 * A current code of a player's authenticator app, at the API's clock. Suites log in as staff
 * many times a minute, and a code is good once per 30-second step, so this first forgets the
 * step last used (as only a test may): every call gets a code the server takes.
 */
export async function totpCode(api: TestApi, playerId: number, secret: string): Promise<string> {
  await api.ctx.database.db.update(playerTotp).set({ lastStep: null }).where(eq(playerTotp.playerId, playerId));
  return generate({ secret, epoch: Math.floor(api.ctx.clock.now() / 1000) });
}

/**
 * Logs in through the API and keeps what a browser would keep. An account with an
 * authenticator app answers its second step with a code of `secret`; the seeded staff
 * account with its known one.
 */
export async function logIn(api: TestApi, username: string, password: string, ip?: string, secret?: string): Promise<LoggedIn> {
  let response = await api.call('front/auth/login/', { username, password, ip_address: '' }, ip ? { ip } : {});
  let body = (await response.json()) as { accessToken?: string; second_factor?: { ticket: string } };
  const appSecret = secret ?? (username === DEMO_STAFF.username ? DEMO_STAFF_TOTP_SECRET : undefined);
  if (response.status === 200 && body.second_factor && appSecret) {
    const [account] = await api.ctx.database.db.select({ id: players.id }).from(players).where(eq(players.username, username));
    const code = await totpCode(api, account?.id ?? 0, appSecret);
    response = await api.call('front/auth/second_factor', { ticket: body.second_factor.ticket, method: 'totp', code }, ip ? { ip } : {});
    body = (await response.json()) as { accessToken?: string };
  }
  if (response.status !== 200 || !body.accessToken) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  const refreshToken = cookiesOf(response)[REFRESH]?.value ?? '';
  const me = await api.json<{ player: { id: number } }>('front/auth/player', undefined, { method: 'GET', token: body.accessToken });
  return { accessToken: body.accessToken, refreshToken, playerId: me.body.player.id };
}

/** Headers that send the refresh cookie, as the browser does on /api/front/auth calls. */
export function withRefresh(refreshToken: string) {
  return { headers: { cookie: `${REFRESH}=${refreshToken}` } };
}

/** Enrols an authenticator app through the Security tab's calls; answers its secret and recovery codes. */
export async function enrolTotp(api: TestApi, token: string, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await api.json<{ secret: string }>('front/start_totp', { password }, { token });
  if (started.status !== 200 || !started.body.secret) throw new Error(`start_totp: ${started.status} ${JSON.stringify(started.body)}`);
  const code = await generate({ secret: started.body.secret, epoch: Math.floor(api.ctx.clock.now() / 1000) });
  const confirmed = await api.json<{ recovery_codes: string[] }>('front/confirm_totp', { code }, { token });
  if (!confirmed.body.recovery_codes) throw new Error(`confirm_totp: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret: started.body.secret, recoveryCodes: confirmed.body.recovery_codes };
}
