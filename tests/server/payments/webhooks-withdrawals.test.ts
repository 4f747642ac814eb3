// Webhook security (signature, tolerance, rotation, replays, order) and withdrawals:
// request with its bank form and refusal codes, cancel, the desk's approve / reject /
// refund, the races (cancel against approval, two withdrawals for the same money, a
// withdrawal against a bet), and another player's withdrawal out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentsCommand } from '../../../src/server/payments/cli.ts';
import { approveWithdrawal, refundDeposit, rejectWithdrawal } from '../../../src/server/payments/desk.ts';
import { signPayload } from '../../../src/server/payments/signature.ts';
import { walletOf } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { newKey } from '../../helpers/wallet.ts';
import { BANK, follow, newPlayer, paymentIdOf, paymentRow, postWebhook, realBalance, verifiedPlayer } from './helpers.ts';
import { expectBalancedLedger } from '../../helpers/studio.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi({ WEBHOOK_SECRET_PREVIOUS: 'p'.repeat(40) }, { demo: false });
});
afterAll(() => api.close());

type Reply = { status: number; tx_id?: string; redirect_url?: string; message?: string };

/** A pending Payop deposit of `amount` cents for a new player. */
async function pendingDeposit(amount = 5_000) {
  const p = await newPlayer(api);
  const { body } = await api.json<Reply>('payment/get_payment_payop', { amount: amount / 100, paymentId: 3 }, { token: p.token });
  return { player: p, id: paymentIdOf(body.tx_id as string), url: body.redirect_url as string };
}

const succeeded = (id: number, amount = 5_000, eventId = `evt_${id}_ok`) => ({
  id: eventId,
  type: 'payment.succeeded',
  reference: id,
  amount,
  currency: 'EUR',
});

describe('webhooks', () => {
  it('refuses one flipped byte, a wrong secret, no header, 6 minutes old or ahead, a re-serialised body: nothing changes', async () => {
    const { player, id } = await pendingDeposit();
    const event = succeeded(id);
    const flip = (s: string) => s.slice(0, -3) + (s.at(-3) === '0' ? '1' : '0') + s.slice(-2);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, (b: { body: string; signature: string }) => { body: string; signature?: string }][] = [
      ['flipped byte in the body', (b) => ({ body: b.body.replace('5000', '5001'), signature: b.signature })],
      ['flipped byte in the signature', (b) => ({ body: b.body, signature: flip(b.signature) })],
      ['wrong secret', (b) => ({ body: b.body, signature: signPayload('wrong-secret', b.body, now) })],
      ['no header', (b) => ({ body: b.body })],
      ['six minutes old', (b) => ({ body: b.body, signature: signPayload(secretOf(), b.body, now - 360) })],
      ['six minutes ahead', (b) => ({ body: b.body, signature: signPayload(secretOf(), b.body, now + 360) })],
      ['re-serialised body', (b) => ({ body: JSON.stringify(JSON.parse(b.body), null, 1), signature: b.signature })],
      ['another processor (same secret, other id)', (b) => b],
    ];
    for (const [what, tamper] of cases) {
      const r = await postWebhook(api, what.startsWith('another') ? 26 : 3, what.startsWith('another') ? 'sandbox-card' : 'sandbox-wallet', event, tamper);
      expect(r.status, what).toBeGreaterThanOrEqual(400);
      expect(r.body.status, what).toBe(0);
    }
    expect(await realBalance(api, player.id)).toBe(0);
    expect((await paymentRow(api, id))?.status).toBe('pending');
  });

  it('accepts the previous secret during rotation', async () => {
    const { player, id } = await pendingDeposit();
    const { providerSecret } = await import('../../../src/server/payments/signature.ts');
    const old = providerSecret('p'.repeat(40), 'sandbox-wallet');
    const r = await postWebhook(api, 3, 'sandbox-wallet', succeeded(id), (b) => ({
      body: b.body,
      signature: signPayload(old, b.body, Math.floor(Date.now() / 1000)),
    }));
    expect(r).toEqual({ status: 200, body: { status: 1 } });
    expect(await realBalance(api, player.id)).toBe(5_000);
  });

  it('the same event five times in a row and five at once, different event ids for the same payment, succeeded before created: one credit', async () => {
    const { player, id } = await pendingDeposit();
    for (let i = 0; i < 5; i++) expect((await postWebhook(api, 3, 'sandbox-wallet', succeeded(id))).status).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => postWebhook(api, 3, 'sandbox-wallet', succeeded(id))));
    await Promise.all(Array.from({ length: 5 }, (_, i) => postWebhook(api, 3, 'sandbox-wallet', succeeded(id, 5_000, `evt_other_${i}`))));
    expect((await postWebhook(api, 3, 'sandbox-wallet', { id: `evt_${id}_created`, type: 'payment.created', reference: id })).status).toBe(200);
    expect((await postWebhook(api, 3, 'sandbox-wallet', { id: `evt_${id}_failed_late`, type: 'payment.failed', reference: id })).status).toBe(200);
    expect(await realBalance(api, player.id)).toBe(5_000);
    expect((await paymentRow(api, id))?.status).toBe('complete');
    await expectBalancedLedger(api.ctx.database.db);
  });

  it('a wrong amount is refused, an unknown event type is acknowledged and ignored', async () => {
    const { player, id } = await pendingDeposit();
    expect((await postWebhook(api, 3, 'sandbox-wallet', succeeded(id, 50_000))).body).toEqual({ status: 0, message: 'amount_mismatch' });
    expect((await postWebhook(api, 3, 'sandbox-wallet', { id: 'evt_x', type: 'customer.updated' })).body).toEqual({ status: 1, message: 'ignored' });
    expect(await realBalance(api, player.id)).toBe(0);
    expect((await postWebhook(api, 999, 'sandbox-wallet', succeeded(id))).status).toBe(404);
  });
});

const SECRET = { value: '' };
function secretOf() {
  return SECRET.value;
}
beforeAll(async () => {
  const { providerSecret } = await import('../../../src/server/payments/signature.ts');
  SECRET.value = providerSecret(api.ctx.config.webhookSecret, 'sandbox-wallet');
});

const fundedPlayer = (cents = 10_000) => verifiedPlayer(api, cents);

const withdraw = (token: string, amount: unknown, extra: object = {}) =>
  api.json<Reply & { result?: { amount: number; transactionId: number } }>(
    'payment/send_withdrawal_request',
    { paymentId: 2, amount, bankForm: BANK, playerId: 1, ...extra },
    { token },
  );

const paymentOfTx = async (transactionId: number) => {
  const { rows } = await import('../../../src/server/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const [r] = await rows<{ id: string }>(api.ctx.database.db, sql`select id from payments where wallet_tx_id = ${transactionId}`);
  return Number(r?.id);
};

describe('withdrawals', () => {
  it('request holds the money, the player cancels it ("Withdrawal cancelled."), requests again, staff approves, the bank pays out', async () => {
    const p = await fundedPlayer();
    const first = await withdraw(p.token, '60.00');
    expect(first.body).toMatchObject({ status: 1, result: { amount: 60, transactionId: expect.any(Number) } });
    expect(await realBalance(api, p.id)).toBe(4_000);
    const cancel = await api.json('front/cancel_withdrawal_request', { transactionId: first.body.result?.transactionId }, { token: p.token });
    expect(cancel.body).toMatchObject({ status: 1, player: { real_balance: 100 } });
    const second = await withdraw(p.token, 60);
    const id = await paymentOfTx(second.body.result?.transactionId as number);
    expect(await approveWithdrawal(api.ctx, { staffId: null, via: 'test' }, id)).toEqual({ ok: true, status: 'complete' });
    expect(await realBalance(api, p.id)).toBe(4_000);
    const list = await api.json<{ transactions: { rows: { status: string; type: string }[] } }>('front/get_financial_transactions', {}, { token: p.token });
    expect(list.body.transactions.rows.filter((r) => r.type === 'withdrawal').map((r) => r.status)).toEqual(['complete', 'cancelled']);
    // Too late to cancel now.
    expect((await api.json('front/cancel_withdrawal_request', { transactionId: second.body.result?.transactionId }, { token: p.token })).body).toEqual({
      status: 0,
      message: 'withdrawal_not_pending',
    });
    await expectBalancedLedger(api.ctx.database.db);
  });

  it('refuses with distinct codes: below minimum, over the limit, insufficient, wager not met; a bad IBAN or SWIFT', async () => {
    const p = await fundedPlayer(1_000_000);
    expect((await withdraw(p.token, '9.99')).body).toEqual({ status: 0, message: 'withdraw_below_minimum', params: [10] });
    expect((await withdraw(p.token, '5000.01')).body).toEqual({ status: 0, message: 'withdraw_over_limit', params: [5000] });
    const poor = await fundedPlayer(1_000);
    expect((await withdraw(poor.token, '10.01')).body).toEqual({ status: 0, message: 'withdraw_insufficient' });
    const bad = await withdraw(p.token, 10, { bankForm: { ...BANK, accountNumber: 'DE89 3704 0044 0532 0130 01', swiftCode: 'COBA' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { 'bankForm.accountNumber': 'iban_invalid', 'bankForm.swiftCode': 'swift_invalid' } });
    const us = await withdraw(p.token, 10, { bankForm: { ...BANK, country: 'US', accountNumber: '12345678' } });
    expect(us.body).toMatchObject({ status: 1 });
    expect(await realBalance(api, poor.id)).toBe(1_000);
    // An active bonus: the wagering rule.
    const b = await fundedPlayer(5_000);
    const { promotions } = await import('../../../src/server/db/schema/index.ts');
    const [promo] = await api.ctx.database.db.select({ id: promotions.id }).from(promotions).limit(1);
    const grant = await walletOf(api.ctx).bonusGrant({ key: newKey('bonus'), playerId: b.id, promotionId: promo?.id as number, depositAmount: 5_000 });
    if (grant.ok) expect((await withdraw(b.token, 20)).body).toEqual({ status: 0, message: 'not_meet_wager_requirement' });
  });

  it('cancel against approval: one wins, the ledger balances', async () => {
    for (let i = 0; i < 4; i++) {
      const p = await fundedPlayer();
      const w = await withdraw(p.token, 50);
      const txId = w.body.result?.transactionId as number;
      const id = await paymentOfTx(txId);
      const [cancel, approve] = await Promise.all([
        api.json<{ status: number }>('front/cancel_withdrawal_request', { transactionId: txId }, { token: p.token }),
        approveWithdrawal(api.ctx, { staffId: null, via: 'test' }, id),
      ]);
      expect([cancel.body.status === 1, approve.ok].filter(Boolean)).toHaveLength(1);
      expect(await realBalance(api, p.id)).toBe(cancel.body.status === 1 ? 10_000 : 5_000);
    }
    await expectBalancedLedger(api.ctx.database.db);
  });

  it('two withdrawals for the same money, and a withdrawal against a bet: one wins', async () => {
    const p = await fundedPlayer(10_000);
    const both = await Promise.all([withdraw(p.token, 80), withdraw(p.token, 80)]);
    expect(both.map((r) => r.body.status).sort()).toEqual([0, 1]);
    const q = await fundedPlayer(10_000);
    const [w, bet] = await Promise.all([
      withdraw(q.token, 80),
      walletOf(api.ctx).bet({ key: newKey('bet'), playerId: q.id, amount: 8_000, gameId: 'g', gameName: 'G', roundId: newKey('r') }),
    ]);
    expect([w.body.status === 1, bet.ok].filter(Boolean)).toHaveLength(1);
    expect(await realBalance(api, q.id)).toBe(2_000);
    await expectBalancedLedger(api.ctx.database.db);
  });

  it("another player's withdrawal cannot be cancelled; reject returns the money; refund takes a deposit back", async () => {
    const a = await fundedPlayer();
    const b = await fundedPlayer();
    const w = await withdraw(a.token, 30);
    const txId = w.body.result?.transactionId as number;
    expect((await api.json('front/cancel_withdrawal_request', { transactionId: txId }, { token: b.token })).body).toEqual({
      status: 0,
      message: 'transaction_not_found',
    });
    expect(await realBalance(api, a.id)).toBe(7_000);
    const id = await paymentOfTx(txId);
    expect(await rejectWithdrawal(api.ctx, { staffId: null, via: 'test' }, id, 'documents missing')).toEqual({ ok: true, status: 'rejected' });
    expect(await realBalance(api, a.id)).toBe(10_000);
    expect(await approveWithdrawal(api.ctx, { staffId: null, via: 'test' }, id)).toEqual({ ok: false, message: 'withdrawal_not_pending' });
    const { player, id: dep, url } = await pendingDeposit(2_000);
    await follow(api, url, { action: 'approve' });
    expect(await refundDeposit(api.ctx, { staffId: null, via: 'test' }, dep)).toEqual({ ok: true, status: 'refunded' });
    expect(await refundDeposit(api.ctx, { staffId: null, via: 'test' }, dep)).toEqual({ ok: true, status: 'refunded' });
    expect(await realBalance(api, player.id)).toBe(0);
  });

  it('staff calls and the command line: list, approve, audit', async () => {
    const p = await fundedPlayer();
    const w = await withdraw(p.token, 25);
    const id = await paymentOfTx(w.body.result?.transactionId as number);
    const lines: string[] = [];
    expect(await runPaymentsCommand(api.ctx, ['list'], (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain(`#${id}  player #${p.id}`);
    expect(await runPaymentsCommand(api.ctx, ['approve', String(id)], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('Done: complete.');
    expect(await runPaymentsCommand(api.ctx, ['approve', 'x'], (l) => lines.push(l))).toBe(2);
    expect(await runPaymentsCommand(api.ctx, ['disable', '46'], (l) => lines.push(l))).toBe(0);
    expect((await api.json('payment/get_payment_stripe_url', { amount: 10 }, { token: p.token })).body).toEqual({
      status: 0,
      message: 'processor_unavailable',
    });
    expect(await runPaymentsCommand(api.ctx, ['enable', '46'], (l) => lines.push(l))).toBe(0);
    const { rows } = await import('../../../src/server/db/client.ts');
    const { sql } = await import('drizzle-orm');
    const audit = await rows<{ action: string; via: string }>(api.ctx.database.db, sql`select action, via from payment_audit order by id desc limit 3`);
    expect(audit.map((r) => r.action)).toEqual(['change_processor', 'change_processor', 'approve_withdrawal']);
    expect(audit[0]?.via).toMatch(/^cli:/);
    expect((await api.call('admin/get_pending_withdrawals', {}, { token: p.token })).status).toBe(403);
  });
});
