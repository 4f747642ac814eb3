// A promo code on a deposit: the promotion's bonus is granted with the credit, in the same
// wallet transaction (a child operation of the deposit), once per deposit however often
// the webhook comes, and only as the promotion's terms say (minimum deposit, maximum
// bonus, first deposit, once a week, one welcome offer, once per person, not a sign-up code).
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client.ts';
import { auditLedger, balancedPerCurrency, readBalance } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { cardToken, follow, newPlayer, paymentIdOf } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi({}, { demo: false });
});
afterAll(() => api.close());

type Reply = { status: number; message?: string; redirect_url?: string; tx_id?: string };

/** A player who is a person of their own (the test players share a phone number otherwise). */
async function person(currency = 'EUR') {
  const p = await newPlayer(api, currency);
  await api.ctx.database.db.execute(
    sql`update players set phone_number = ${`+49151${String(randomInt(10 ** 8)).padStart(8, '0')}`}, first_name = ${`P${p.id}`} where id = ${p.id}`,
  );
  return p;
}

/** A 4242 card deposit with a promo code, followed through the sandbox: the webhook credits it. */
async function deposit(token: string, amount: string, promotion: string): Promise<number> {
  const tok = await cardToken(api, '4242 4242 4242 4242');
  const { body } = await api.json<Reply>('payment/get_payment_stripe_url', { amount, promotion, cardToken: tok }, { token });
  expect(body.status).toBe(1);
  await follow(api, body.redirect_url as string);
  return paymentIdOf(body.tx_id as string);
}

async function bonusOf(paymentId: number) {
  const [row] = await rows<{ details: Record<string, unknown>; wallet_tx_id: string | null; status: string }>(
    api.ctx.database.db,
    sql`select details, wallet_tx_id, status from payments where id = ${paymentId}`,
  );
  return row;
}

async function grantsOf(playerId: number) {
  return rows<{ id: string; amount: string; wagering_required: string; promo_code: string; parent_id: string | null; expires_at: Date | string | null }>(
    api.ctx.database.db,
    sql`select b.id, b.amount, b.wagering_required, m.promo_code, o.parent_id, b.expires_at
        from wallet_bonuses b join promotions m on m.id = b.promotion_id join wallet_operations o on o.id = b.id
        where b.player_id = ${playerId} order by b.id`,
  );
}

describe('a deposit bonus', () => {
  it('WELCOME100 on a first deposit of 50: 100% in the same transaction as the credit, 30× wagering, 30 days; once however often the webhook comes', async () => {
    const p = await person();
    const id = await deposit(p.token, '50.00', 'welcome100');
    const balance = await readBalance(api.ctx.database.db, p.id);
    expect(balance).toMatchObject({ real: 5_000, bonus: 5_000 });
    const payment = await bonusOf(id);
    expect(payment?.status).toBe('complete');
    const grants = await grantsOf(p.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ promo_code: 'WELCOME100' });
    expect(Number(grants[0]?.amount)).toBe(5_000);
    expect(Number(grants[0]?.wagering_required)).toBe(150_000);
    // The grant is a child of the deposit's operation: one transaction.
    expect(String(grants[0]?.parent_id)).toBe(String(payment?.wallet_tx_id));
    const days = (new Date(grants[0]?.expires_at as string).getTime() - api.ctx.clock.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(payment?.details).toMatchObject({ bonus: { granted: Number(grants[0]?.id) } });
    // The provider tells us again, and the browser reloads: nothing more.
    // The return page is told what the promo code brought.
    const { body } = await api.json<Reply & { transaction: Record<string, unknown> }>(
      'front/get_financial_transaction',
      { tx_id: `pay_${id}` },
      { token: p.token },
    );
    expect(body.transaction).toMatchObject({ status: 'complete', amount: 50, bonus: { amount: 50 } });
    const { signedWebhook } = await import('../../../src/server/payments/sandbox/common.ts');
    for (let i = 0; i < 3; i++) {
      const again = signedWebhook(api.ctx, 'sandbox-card', {
        id: `evt_again_${id}_${i}`,
        type: 'payment.succeeded',
        reference: id,
        amount: 5_000,
        currency: 'EUR',
      });
      await api.app.request('/api/payment/webhook/46', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': again.signature },
        body: again.body,
      });
    }
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 5_000, bonus: 5_000 });
    expect(await grantsOf(p.id)).toHaveLength(1);
    expect(balancedPerCurrency(await auditLedger(api.ctx.database.db))).toBe(true);
  });

  it('caps the bonus at the maximum (WELCOME100: 200.00 for a deposit of 300.00)', async () => {
    const p = await person();
    await deposit(p.token, '300', 'WELCOME100');
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 30_000, bonus: 20_000 });
  });

  it('credits the deposit but grants nothing below the minimum deposit (WELCOME100 wants 20.00)', async () => {
    const p = await person();
    const id = await deposit(p.token, '15', 'WELCOME100');
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 1_500, bonus: 0 });
    expect((await bonusOf(id))?.details).toMatchObject({ bonus: { refused: 'deposit_too_small' } });
  });

  it('gives a first-deposit offer only to the first deposit', async () => {
    const p = await person();
    await deposit(p.token, '20', '');
    const id = await deposit(p.token, '50', 'WELCOME100');
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 7_000, bonus: 0 });
    expect((await bonusOf(id))?.details).toMatchObject({ bonus: { refused: 'bonus_first_deposit_only' } });
    const { body } = await api.json<{ transaction: Record<string, unknown> }>('front/get_financial_transaction', { tx_id: `pay_${id}` }, { token: p.token });
    expect(body.transaction).toMatchObject({ bonus: { refused: 'bonus_first_deposit_only' } });
  });

  it('gives a weekly offer once a calendar week (RELOAD50: 50% up to 100.00)', async () => {
    const p = await person();
    await deposit(p.token, '40', 'RELOAD50');
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 4_000, bonus: 2_000 });
    // The bonus given up, the same week's second reload is still refused.
    const { walletOf } = await import('../../../src/server/wallet/index.ts');
    expect((await walletOf(api.ctx).bonusForfeit({ key: `forfeit-${p.id}`, playerId: p.id })).ok).toBe(true);
    const id = await deposit(p.token, '40', 'RELOAD50');
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 8_000, bonus: 0 });
    expect((await bonusOf(id))?.details).toMatchObject({ bonus: { refused: 'bonus_once_per_week' } });
  });

  it('refuses a sign-up code as a deposit bonus, and an unknown code, and credits the deposit all the same', async () => {
    const p = await person();
    const id = await deposit(p.token, '25', 'TENFREE');
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 2_500, bonus: 0 });
    expect((await bonusOf(id))?.details).toMatchObject({ bonus: { refused: 'promotion_not_for_deposit' } });
    const q = await person();
    await deposit(q.token, '25', 'NOSUCHCODE');
    expect(await readBalance(api.ctx.database.db, q.id)).toMatchObject({ real: 2_500, bonus: 0 });
  });

  it('gives one welcome offer per person: a second account with the same phone gets the deposit, not the bonus', async () => {
    const a = await person();
    const b = await person();
    await api.ctx.database.db.execute(sql`update players set phone_number = (select phone_number from players where id = ${a.id}) where id = ${b.id}`);
    await deposit(a.token, '50', 'WELCOME100');
    const id = await deposit(b.token, '50', 'WELCOME100');
    expect(await readBalance(api.ctx.database.db, a.id)).toMatchObject({ bonus: 5_000 });
    expect(await readBalance(api.ctx.database.db, b.id)).toMatchObject({ real: 5_000, bonus: 0 });
    expect((await bonusOf(id))?.details).toMatchObject({ bonus: { refused: 'bonus_once_per_person' } });
  });

  it('gives the bonus in rupees to a rupee wallet, as the in texts promise (WELCOME100: 100% up to ₹20,000.00)', async () => {
    const p = await person('INR');
    await deposit(p.token, '1000', 'WELCOME100');
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 100_000, bonus: 100_000, currency: 'INR' });
    const q = await person('INR');
    await deposit(q.token, '30000', 'WELCOME100');
    expect(await readBalance(api.ctx.database.db, q.id)).toMatchObject({ real: 3_000_000, bonus: 2_000_000, currency: 'INR' });
  });

  it('two first deposits with a welcome code at once: one bonus', async () => {
    const p = await person();
    const toks = await Promise.all([cardToken(api, '4242 4242 4242 4242'), cardToken(api, '4242 4242 4242 4242')]);
    const starts = await Promise.all(
      toks.map((tok) => api.json<Reply>('payment/get_payment_stripe_url', { amount: '30', promotion: 'WELCOME100', cardToken: tok }, { token: p.token })),
    );
    await Promise.all(starts.map((s) => follow(api, s.body.redirect_url as string)));
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 6_000, bonus: 3_000 });
    expect(await grantsOf(p.id)).toHaveLength(1);
    expect(balancedPerCurrency(await auditLedger(api.ctx.database.db))).toBe(true);
  });
});
