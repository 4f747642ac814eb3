// What the account suites share: a real SMTP server that catches our mail, a valid
// sign-up form, login with its refresh cookie, and unique names and addresses.
import { randomBytes } from 'node:crypto';
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

/** Logs in through the API and keeps what a browser would keep. */
export async function logIn(api: TestApi, username: string, password: string, ip?: string): Promise<LoggedIn> {
  const response = await api.call('front/auth/login/', { username, password, ip_address: '' }, ip ? { ip } : {});
  const body = (await response.json()) as { accessToken?: string };
  if (response.status !== 200 || !body.accessToken) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  const refreshToken = cookiesOf(response)[REFRESH]?.value ?? '';
  const me = await api.json<{ player: { id: number } }>('front/auth/player', undefined, { method: 'GET', token: body.accessToken });
  return { accessToken: body.accessToken, refreshToken, playerId: me.body.player.id };
}

/** Headers that send the refresh cookie, as the browser does on /api/front/auth calls. */
export function withRefresh(refreshToken: string) {
  return { headers: { cookie: `${REFRESH}=${refreshToken}` } };
}
