// The Security tab's store (src/stores/security.ts) with fetch stubbed: what each verb sends,
// the refusals it turns into catalogue keys, and the reload after a change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, stubApi } from '../helpers/api-stub.ts';

let api: ApiStub;
const overview = (enabled: boolean) => ({
  status: 1,
  totp: { enabled, recovery_codes_left: enabled ? 10 : 0 },
  passkeys: [],
  staff_needs_second_factor: false,
});

beforeEach(() => {
  api = stubApi();
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

describe('the security store', () => {
  it('enrols an app: the password first, then the first code, and reloads what the account has', async () => {
    api.answers['front/start_totp'] = (body) =>
      body.password === 'pw'
        ? { body: { status: 1, secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,' } }
        : { body: { status: 0, message: 'wrong_password', errors: { password: 'wrong_password' } } };
    api.answers['front/confirm_totp'] = { body: { status: 1, recovery_codes: ['aaaaa-bbbbb'] } };
    api.answers['front/get_security'] = { body: overview(true) };
    const store = await import('../../src/stores/security.ts');

    expect(await store.startTotp('nope')).toEqual({ ok: false, message: 'wrong_password', field: 'password' });
    expect(await store.startTotp('pw')).toEqual({ ok: true, value: { secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,' } });
    expect(await store.confirmTotp('123456')).toEqual({ ok: true, value: ['aaaaa-bbbbb'] });
    expect(api.paths()).toEqual(['front/start_totp', 'front/start_totp', 'front/confirm_totp', 'front/get_security']);
    expect(store.$security.get().data?.totp.enabled).toBe(true);
  });

  it('reads a limit reached as too_many_attempts and a refused code as its key', async () => {
    api.answers['front/remove_totp'] = { http: 429, body: { status: 0, message: 'too_many_attempts' } };
    api.answers['front/remove_passkey'] = { body: { status: 0, message: 'not_found' } };
    const store = await import('../../src/stores/security.ts');
    expect(await store.removeTotp('pw', '123456')).toEqual({ ok: false, message: 'too_many_attempts' });
    expect(await store.removePasskey(4, 'pw')).toEqual({ ok: false, message: 'not_found' });
    expect(api.sent.at(-1)?.body).toEqual({ id: 4, password: 'pw' });
  });
});
