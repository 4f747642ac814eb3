// The account's second factors: the authenticator app (enrol, confirm, remove) with its
// recovery codes, and passkeys (add, remove). The Security tab reads `$security` and calls
// these verbs; only this module talks to the API. Every change asks for the password.
import { map } from 'nanostores';
import { call, failureOf } from '../lib/api.ts';
import type { PasskeyView, SecurityReply, TotpEnrolmentReply } from '../shared/contract/security.ts';
import type { RegistrationResponseParams } from '../shared/schemas/security.ts';

export interface SecurityState {
  data: SecurityReply | null;
  loading: boolean;
  failed: boolean;
}

export const $security = map<SecurityState>({ data: null, loading: false, failed: false });

/** What an action came to: done, or refused with a catalogue key (and the field it is about). */
export type SecurityResult<T = undefined> = { ok: true; value: T } | { ok: false; message: string; field?: string };

function refused(error: unknown): SecurityResult<never> {
  const f = failureOf(error);
  const [field, message] = Object.entries(f.errors ?? {})[0] ?? [];
  if (field && message) return { ok: false, message, field };
  return { ok: false, message: f.httpStatus === 429 ? 'too_many_attempts' : (f.message ?? 'action_failed') };
}

async function run<R extends { status: 0 | 1 }, T>(request: () => Promise<R>, take: (reply: Extract<R, { status: 1 }>) => T): Promise<SecurityResult<T>> {
  try {
    const reply = await request();
    if (reply.status !== 1) return refused(reply);
    return { ok: true, value: take(reply as Extract<R, { status: 1 }>) };
  } catch (error) {
    return refused(error);
  }
}

/** Loads (or reloads) what the account has: the app, recovery codes left, the passkeys. */
export async function loadSecurity(): Promise<void> {
  $security.set({ ...$security.get(), loading: true, failed: false });
  try {
    $security.set({ data: await call('front/get_security'), loading: false, failed: false });
  } catch (error) {
    console.error('security: loading failed', error);
    $security.set({ ...$security.get(), loading: false, failed: true });
  }
}

/**
 * A staff account's one-time enrolment link (`?enrol=…` on the Security tab), which its first
 * second factor needs; sent along with every step of adding one.
 */
export function enrolmentLink(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  return new URLSearchParams(location.search).get('enrol') || undefined;
}

/** The link is spent: the address bar forgets it, so a reload does not offer it again. */
function forgetEnrolmentLink(): void {
  if (!enrolmentLink()) return;
  const url = new URL(location.href);
  url.searchParams.delete('enrol');
  history.replaceState(history.state, '', url.pathname + url.search);
}

/** Starts enrolling an app: the secret and its QR code, shown once. */
export function startTotp(password: string): Promise<SecurityResult<Omit<TotpEnrolmentReply, 'status'>>> {
  return run(
    () => call('front/start_totp', { password, enrolment: enrolmentLink() }),
    ({ status: _, ...enrolment }) => enrolment,
  );
}

/** Confirms the app with its first code; the recovery codes come back, shown once. */
export async function confirmTotp(code: string): Promise<SecurityResult<string[]>> {
  const result = await run(
    () => call('front/confirm_totp', { code, enrolment: enrolmentLink() }),
    (reply) => reply.recovery_codes,
  );
  if (result.ok) {
    forgetEnrolmentLink();
    await loadSecurity();
  }
  return result;
}

/** Removes the app, with the password and a current code (or a recovery code). */
export async function removeTotp(password: string, code: string): Promise<SecurityResult> {
  const result = await run(
    () => call('front/remove_totp', { password, code }),
    () => undefined,
  );
  if (result.ok) await loadSecurity();
  return result;
}

/** Creates a passkey in this browser (its own dialog) and stores it under `name`. */
export async function addPasskey(name: string, password: string): Promise<SecurityResult<PasskeyView>> {
  const options = await run(
    () => call('front/start_passkey', { password, enrolment: enrolmentLink() }),
    (reply) => reply.options,
  );
  if (!options.ok) return options;
  let response: RegistrationResponseParams;
  try {
    // The WebAuthn helper loads only when a player adds a passkey.
    const { startRegistration } = await import('@simplewebauthn/browser');
    response = (await startRegistration({ optionsJSON: options.value })) as RegistrationResponseParams;
  } catch (error) {
    // The player closed the browser's dialog, or this device has no way to make one.
    console.error('passkey: the browser did not create one', error);
    return { ok: false, message: 'passkey_cancelled' };
  }
  const result = await run(
    () => call('front/add_passkey', { name, response, enrolment: enrolmentLink() }),
    (reply) => reply.passkey,
  );
  if (result.ok) {
    forgetEnrolmentLink();
    await loadSecurity();
  }
  return result;
}

export async function removePasskey(id: number, password: string): Promise<SecurityResult> {
  const result = await run(
    () => call('front/remove_passkey', { id, password }),
    () => undefined,
  );
  if (result.ok) await loadSecurity();
  return result;
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
