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
  staff_needs_second_factor_login: false,
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

  it('sends a staff enrolment link from the address bar with each step of adding a factor, and forgets it once spent', async () => {
    const shown: string[] = [];
    vi.stubGlobal('location', new URL('https://casino.test/de/user-management?tab=10&enrol=link-123'));
    vi.stubGlobal('history', {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => {
        shown.push(url);
        vi.stubGlobal('location', new URL(url, 'https://casino.test'));
      },
    });
    api.answers['front/start_totp'] = { body: { status: 1, secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,' } };
    api.answers['front/confirm_totp'] = (body) =>
      body.code === '123456'
        ? { body: { status: 1, recovery_codes: ['aaaaa-bbbbb'] } }
        : { body: { status: 0, message: 'wrong_code', errors: { code: 'wrong_code' } } };
    api.answers['front/get_security'] = { body: overview(true) };
    const store = await import('../../src/stores/security.ts');

    await store.startTotp('pw');
    expect(await store.confirmTotp('000000')).toEqual({ ok: false, message: 'wrong_code', field: 'code' });
    expect(shown).toEqual([]);
    await store.confirmTotp('123456');
    expect(api.sent.map((r) => r.body)).toEqual([
      { password: 'pw', enrolment: 'link-123' },
      { code: '000000', enrolment: 'link-123' },
      { code: '123456', enrolment: 'link-123' },
      {},
    ]);
    expect(shown).toEqual(['/de/user-management?tab=10']);
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
