// Player protection at the cashier: a deposit over the player's deposit limit is refused
// before the player is sent to pay, naming the limit; two deposits started under one limit
// and paid at once credit only what the limit allows, and the other is marked for refund;
// a player on a break cannot start a deposit at all.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { cardToken, follow, newPlayer, paymentIdOf, paymentRow, realBalance } from '../payments/helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi({}, { demo: false });
});
afterAll(() => api.close());

type Reply = Record<string, unknown> & { status: number; message?: string; redirect_url?: string; tx_id?: string };

async function startCardDeposit(token: string, amount: string): Promise<Reply> {
  const tok = await cardToken(api, '4242 4242 4242 4242');
  const { body } = await api.json<Reply>('payment/get_payment_stripe_url', { amount, promotion: '', cardToken: tok }, { token });
  return body;
}

const setLimit = (token: string, kind: string, amount: number) => api.json('front/set_player_limit', { kind, amount }, { token });

describe('deposit limits at the cashier', () => {
  it('refuses a deposit of 50 under a daily deposit limit of 20 before the player pays, naming the limit; 20 goes through', async () => {
    const p = await newPlayer(api);
    expect((await setLimit(p.token, 'deposit_day', 20)).body).toMatchObject({ status: 1 });
    const over = await startCardDeposit(p.token, '50.00');
    expect(over).toMatchObject({ status: 0, message: 'limit_reached', limit: { kind: 'deposit_day', amount: 20, currency: 'EUR' } });
    expect(over.redirect_url).toBeUndefined();
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(api.ctx.database.db, sql`select count(*)::int as n from payments where player_id = ${p.id}`);
    expect(n).toBe(0);

    // One cent over the limit is refused; exactly the limit is not.
    expect(await startCardDeposit(p.token, '20.01')).toMatchObject({ status: 0, message: 'limit_reached' });
    const ok = await startCardDeposit(p.token, '20.00');
    expect(ok).toMatchObject({ status: 1 });
    await follow(api, ok.redirect_url as string);
    expect(await realBalance(api, p.id)).toBe(2_000);
    // Nothing more today.
    expect(await startCardDeposit(p.token, '10.00')).toMatchObject({ status: 0, message: 'limit_reached' });
  });

  it('credits only what the limit allows when two deposits started under it are paid, and marks the other for refund', async () => {
    const p = await newPlayer(api);
    await setLimit(p.token, 'deposit_day', 30);
    const first = await startCardDeposit(p.token, '20.00');
    const second = await startCardDeposit(p.token, '20.00');
    expect([first.status, second.status]).toEqual([1, 1]);
    await Promise.all([follow(api, first.redirect_url as string), follow(api, second.redirect_url as string)]);
    expect(await realBalance(api, p.id)).toBe(2_000);
    const states = await Promise.all([paymentRow(api, paymentIdOf(first.tx_id as string)), paymentRow(api, paymentIdOf(second.tx_id as string))]);
    expect(states.map((s) => s?.status).sort()).toEqual(['complete', 'failed']);
    expect(states.find((s) => s?.status === 'failed')?.reason).toBe('limit_reached');
    const audit = await rows<{ action: string }>(
      api.ctx.database.db,
      sql`select action from payment_audit where target in (${`payment:${paymentIdOf(first.tx_id as string)}`}, ${`payment:${paymentIdOf(second.tx_id as string)}`})`,
    );
    expect(audit.map((a) => a.action)).toEqual(['deposit_refused_by_protection']);
  });

  it('refuses to start a deposit for a player on a time-out, with its end', async () => {
    const p = await newPlayer(api);
    const before = await startCardDeposit(p.token, '10.00');
    expect(before.status).toBe(1);
    const taken = await api.json<{ status: number }>('front/take_break', { duration: '24h' }, { token: p.token });
    expect(taken.body.status).toBe(1);
    // The token from before the break is refused outright; the wallet refuses the money that still arrives.
    expect((await api.json('payment/get_payment_stripe_url', { amount: '10.00', promotion: '' }, { token: p.token })).status).toBe(401);
    await follow(api, before.redirect_url as string);
    expect(await realBalance(api, p.id)).toBe(0);
    expect(await paymentRow(api, paymentIdOf(before.tx_id as string))).toMatchObject({ status: 'failed', reason: 'player_on_break' });
  });
});
