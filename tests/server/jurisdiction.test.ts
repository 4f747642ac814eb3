// The same journey under both jurisdiction profiles (PGlite and PostgreSQL): register, try
// free play as a guest, deposit by card, play for real money, withdraw, cancel. Germany
// keeps the default profile (SPEC.md's rules as written); Great Britain is mapped to the
// strict one in the seeded settings. The differences are the assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleVerifications } from '../../src/server/identity/service.ts';
import { DEFAULT_PROFILE, STRICT_PROFILE } from '../../src/shared/jurisdiction.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { jpeg, pdf, uploadRequest } from '../helpers/documents.ts';
import { logIn, register, signUpForm, uniqueIp } from './accounts/helpers.ts';
import { BANK, cardToken, follow, realBalance } from './payments/helpers.ts';

let api: TestApi;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jurisdiction-'));
  api = await testApi({ IDENTITY_DIR: dir });
});
afterAll(async () => {
  await settleVerifications(api.ctx);
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Addresses the offline IP table places in Germany's neighbour and in Great Britain. */
const NL_IP = '2.16.0.1';
const GB_IP = '212.58.244.20';

type Reply = { status: number; message?: string } & Record<string, unknown>;

const guestFun = (ip: string) => api.json<Reply>('front/get_game_url', { game_code: 'lucky-dice', is_real: false }, { ip });
const guestDemo = (ip: string) => api.json<Reply>('studio/session', { demo: 'lucky-dice', lang: 'en' }, { ip });
const launchReal = (token: string) => api.json<Reply & { gameURL?: string }>('front/get_game_url', { game_code: 'lucky-dice', is_real: true }, { token });
async function cardDeposit(token: string, number: string) {
  const tok = await cardToken(api, number);
  return (await api.json<Reply & { redirect_url?: string }>('payment/get_payment_stripe_url', { amount: '50.00', promotion: '', cardToken: tok }, { token }))
    .body;
}
const withdraw = (token: string) =>
  api.json<Reply & { result?: { transactionId: number } }>('payment/send_withdrawal_request', { paymentId: 2, amount: '20.00', bankForm: BANK }, { token });
const cancel = (token: string, transactionId: number) => api.json<Reply>('front/cancel_withdrawal_request', { transactionId }, { token });

async function verify(token: string) {
  for (const [kind, file] of [
    ['identity', jpeg()],
    ['address', pdf()],
  ] as const)
    expect(((await (await uploadRequest(api.app, token, { kind, file })).json()) as Reply).status).toBe(1);
  await settleVerifications(api.ctx);
  expect((await api.json<{ verification: { status: string } }>('front/get_verification', {}, { token })).body.verification.status).toBe('verified');
}

describe('the default profile (Germany): SPEC.md as written', () => {
  it('registers with a 3-character password, lets guests play for fun, takes a credit card, plays before verification, withdraws once verified and cancels', async () => {
    const form = await register(api, { country: 'DE', password: 'abc', confirmPassword: 'abc', last_name: 'Mustermann' });
    const p = await logIn(api, form.username, form.password, uniqueIp());
    expect((await guestFun(NL_IP)).body).toMatchObject({ status: 1 });
    expect((await guestDemo(NL_IP)).body).toMatchObject({ status: 1 });

    const deposit = await cardDeposit(p.accessToken, '4242 4242 4242 4242');
    expect(deposit).toMatchObject({ status: 1, reply: 'redirect' });
    await follow(api, deposit.redirect_url as string);
    expect(await realBalance(api, p.playerId)).toBe(5_000);

    // Real money before verification: allowed here.
    expect((await launchReal(p.accessToken)).body).toMatchObject({ status: 1 });
    // Withdrawal before verification: refused (the default profile's setting), then taken.
    expect((await withdraw(p.accessToken)).body).toEqual({ status: 0, message: 'verification_required' });
    await verify(p.accessToken);
    const request = await withdraw(p.accessToken);
    expect(request.body).toMatchObject({ status: 1 });
    expect((await cancel(p.accessToken, request.body.result?.transactionId as number)).body).toMatchObject({ status: 1, player: { real_balance: 50 } });

    const safer = await api.json<{ reality_check_minutes: number | null }>('front/get_safer_gambling', {}, { token: p.accessToken });
    expect(safer.body.reality_check_minutes).toBeNull();
  });
});

describe('the strict profile (Great Britain)', () => {
  it('wants a long, uncommon password, refuses guest play and credit cards, wants identity before play, and takes no reversal', async () => {
    // Passwords: too short, then too common, both refused as bad input naming the field.
    for (const [password, key] of [
      ['secret123', 'password_too_short'],
      ['Password1234', 'password_too_common'],
    ]) {
      const r = await api.json('front/register_player', signUpForm({ country: 'GB', password, confirmPassword: password }), { ip: uniqueIp() });
      expect(r).toEqual({ status: 400, body: { status: 0, message: 'validation_failed', errors: { password: key } } });
    }
    const form = await register(api, { country: 'GB', password: 'Kestrel-Moor-42', confirmPassword: 'Kestrel-Moor-42', last_name: 'Smith' });
    const p = await logIn(api, form.username, form.password, uniqueIp());

    // No free play for guests from Great Britain, by either way in.
    expect((await guestFun(GB_IP)).body).toEqual({ status: 0, message: 'free_play_unavailable' });
    expect(await guestDemo(GB_IP)).toEqual({ status: 403, body: { status: 0, message: 'free_play_unavailable' } });

    // A credit card is refused before anything is charged; a debit card is taken.
    expect(await cardDeposit(p.accessToken, '4242 4242 4242 4242')).toEqual({ status: 0, message: 'credit_card_not_accepted' });
    expect((await api.json('payment/get_payment_stripe_url', { amount: '50.00', promotion: '' }, { token: p.accessToken })).body).toEqual({
      status: 0,
      message: 'credit_card_not_accepted',
    });
    const debit = await cardDeposit(p.accessToken, '4000 0566 5566 5556');
    expect(debit).toMatchObject({ status: 1, reply: 'redirect' });
    await follow(api, debit.redirect_url as string);
    expect(await realBalance(api, p.playerId)).toBe(5_000);

    // Identity before real-money play and before withdrawal.
    expect((await launchReal(p.accessToken)).body).toEqual({ status: 0, message: 'verification_required' });
    expect((await withdraw(p.accessToken)).body).toEqual({ status: 0, message: 'verification_required' });
    await verify(p.accessToken);
    expect((await launchReal(p.accessToken)).body).toMatchObject({ status: 1 });

    // No reversal: the withdrawal stays on its way out.
    const request = await withdraw(p.accessToken);
    expect(request.body).toMatchObject({ status: 1 });
    expect((await cancel(p.accessToken, request.body.result?.transactionId as number)).body).toEqual({ status: 0, message: 'withdrawal_cancel_not_allowed' });
    expect(await realBalance(api, p.playerId)).toBe(3_000);

    // The reality check starts on the strict profile's interval.
    const safer = await api.json<{ reality_check_minutes: number | null }>('front/get_safer_gambling', {}, { token: p.accessToken });
    expect(safer.body.reality_check_minutes).toBe(STRICT_PROFILE.reality_check_minutes);

    // A password change follows the same rule.
    const change = await api.json(
      'front/update_player_password',
      { oldPassword: 'Kestrel-Moor-42', newPassword: 'short-one', confirmPassword: 'short-one' },
      { token: p.accessToken },
    );
    expect(change).toMatchObject({ status: 400, body: { errors: { newPassword: 'password_too_short' } } });
  });
});

describe('the market follows the registered country, which only support changes', () => {
  const COUNTRY_BY_SUPPORT = { status: 400, body: { status: 0, message: 'validation_failed', errors: { country: 'country_change_by_support' } } };
  const profileOf = async (token: string) => (await api.json<{ player: Record<string, unknown> }>('front/get_player_profile', {}, { token })).body.player;
  const processorIds = async (token: string) =>
    (await api.json<{ processors: { id: number }[] }>('front/get_processors', {}, { token })).body.processors.map((r) => r.id);

  it('keeps every rule of the strict profile after every profile call a British player can make, verified or not', async () => {
    const form = await register(api, { country: 'GB', password: 'Kestrel-Moor-42', confirmPassword: 'Kestrel-Moor-42', last_name: 'Smith' });
    const p = await logIn(api, form.username, form.password, uniqueIp());
    const token = p.accessToken;
    const strictStillApplies = async (after: string) => {
      expect(await cardDeposit(token, '4242 4242 4242 4242'), after).toEqual({ status: 0, message: 'credit_card_not_accepted' });
      expect((await launchReal(token)).body, after).toEqual({ status: 0, message: 'verification_required' });
      const short = { oldPassword: 'Kestrel-Moor-42', newPassword: 'short-one', confirmPassword: 'short-one' };
      expect((await api.json('front/update_player_password', short, { token })).body, after).toMatchObject({ errors: { newPassword: 'password_too_short' } });
      expect((await profileOf(token)).country, after).toBe('GB');
    };
    await strictStillApplies('registered');

    // Another country, alone or in the whole profile the page sends back with other changes: refused naming the field, nothing changed.
    for (const country of ['DE', 'de', 'NL']) expect(await api.json('front/update_profile', { country }, { token }), country).toEqual(COUNTRY_BY_SUPPORT);
    const before = await profileOf(token);
    expect(await api.json('front/update_profile', { ...before, country: 'DE', city: 'Hamburg', postal_code: '20095' }, { token })).toEqual(COUNTRY_BY_SUPPORT);
    expect(await profileOf(token)).toEqual(before);
    await strictStillApplies('another country asked for');

    // The registered country sent back as it is (in any case) goes with the other changes.
    const saved = await api.json<{ player: Record<string, unknown> }>('front/update_profile', { ...before, country: 'gb', city: 'London' }, { token });
    expect(saved.body.player).toMatchObject({ country: 'GB', city: 'London' });
    await strictStillApplies('the profile saved');

    // A password change, and a withdrawal whose bank is in Germany: the bank's country is not the player's.
    const change = { oldPassword: 'Kestrel-Moor-42', newPassword: 'Heron-Fell-2077', confirmPassword: 'Heron-Fell-2077' };
    expect((await api.json('front/update_player_password', change, { token })).body).toEqual({ status: 1 });
    const back = { oldPassword: 'Heron-Fell-2077', newPassword: 'Kestrel-Moor-42', confirmPassword: 'Kestrel-Moor-42' };
    expect((await api.json('front/update_player_password', back, { token })).body).toEqual({ status: 1 });
    expect((await withdraw(token)).body).toEqual({ status: 0, message: 'verification_required' });
    await strictStillApplies('a password change and a German bank form');

    // Verified, the player still cannot move to a milder market.
    await verify(token);
    expect(await api.json('front/update_profile', { country: 'DE' }, { token })).toEqual(COUNTRY_BY_SUPPORT);
    expect(await cardDeposit(token, '4242 4242 4242 4242')).toEqual({ status: 0, message: 'credit_card_not_accepted' });
    expect((await profileOf(token)).country).toBe('GB');
  });

  it('keeps a German player off the Netherlands-only processor, until staff change the country, which is audited', async () => {
    const IDEAL_NL_ONLY = 54;
    const form = await register(api, { country: 'DE', last_name: 'Mustermann' });
    const p = await logIn(api, form.username, form.password, uniqueIp());
    expect(await processorIds(p.accessToken)).not.toContain(IDEAL_NL_ONLY);
    expect(await api.json('front/update_profile', { country: 'NL' }, { token: p.accessToken })).toEqual(COUNTRY_BY_SUPPORT);
    expect(await processorIds(p.accessToken)).not.toContain(IDEAL_NL_ONLY);

    // Not a player's call, not even on their own account.
    expect((await api.json('admin/update_player_country', { playerId: p.playerId, country: 'NL' }, { token: p.accessToken })).status).toBe(403);

    const staff = await logIn(api, 'admin', 'admin1234', uniqueIp());
    const asStaff = (body: object) => api.json('admin/update_player_country', body, { token: staff.accessToken });
    expect(await asStaff({ playerId: p.playerId, country: 'ZZ' })).toMatchObject({ status: 400, body: { errors: { country: 'country_validation' } } });
    expect((await asStaff({ playerId: 2_000_000_000, country: 'NL' })).body).toEqual({ status: 0, message: 'player_not_found' });
    const note = 'Moved to Amsterdam; passport and utility bill checked';
    expect((await asStaff({ playerId: p.playerId, country: 'nl', note })).body).toEqual({ status: 1, country: 'NL', previous: 'DE' });
    expect((await profileOf(p.accessToken)).country).toBe('NL');
    expect(await processorIds(p.accessToken)).toContain(IDEAL_NL_ONLY);

    const trail = await api.json<{ audit: { action: string; via: string; staff_id: number | null; details: Record<string, unknown> }[] }>(
      'admin/get_player_verification',
      { playerId: p.playerId },
      { token: staff.accessToken },
    );
    expect(trail.body.audit).toContainEqual(
      expect.objectContaining({ action: 'change_country', via: 'api', staff_id: staff.playerId, details: { from: 'DE', to: 'NL', note } }),
    );
  });
});

describe('profiles are data in the settings', () => {
  it('maps a country to a profile by admin/update_setting, refuses a map naming no profile, and a country follows its new profile at once', async () => {
    const staff = await logIn(api, 'admin', 'admin1234', uniqueIp());
    const setting = (body: object) => api.json<Reply & { setting?: Record<string, unknown> }>('admin/update_setting', body, { token: staff.accessToken });
    expect((await setting({ jurisdiction_by_country: { GB: 'strict', NL: 'nowhere' } })).status).toBe(400);
    expect((await setting({ jurisdiction_profiles: { strict: STRICT_PROFILE } })).status).toBe(400);
    const changed = await setting({ jurisdiction_by_country: { GB: 'strict', NL: 'strict' } });
    expect(changed.body.setting).toMatchObject({
      jurisdiction_by_country: { GB: 'strict', NL: 'strict' },
      jurisdiction_profiles: { default: DEFAULT_PROFILE },
    });
    expect((await guestFun(NL_IP)).body).toEqual({ status: 0, message: 'free_play_unavailable' });
    await setting({ jurisdiction_by_country: { GB: 'strict' } });
    expect((await guestFun(NL_IP)).body).toMatchObject({ status: 1 });
  });
});
