// A processor's daily limit holds however deposits are started and paid: started ones count
// at the start, and the credit checks again under the player's locks, so several starts paid
// afterwards, or paid late, or paid at once, never pass it; what would pass it is held for
// staff, never credited silently. Deposit starts are limited per player and per address,
// and a start left unpaid for an hour is over.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client.ts';
import { PENDING_DEPOSIT_MINUTES } from '../../../src/server/payments/service.ts';
import { heldDeposits, releaseHeldDeposit, returnHeldDeposit } from '../../../src/server/payments/desk.ts';
import { clockedSuite } from '../../helpers/app.ts';
import { newPlayer, paymentIdOf, paymentRow, postWebhook, realBalance } from './helpers.ts';
import { expectBalancedLedger } from '../../helpers/studio.ts';

const { api, clock } = clockedSuite();
const staff = { staffId: null, via: 'test' };
// Each test starts at 01:00 UTC tomorrow: the hours they move the clock stay inside one day of the daily limit.
beforeEach(() => {
  const now = new Date();
  clock.set(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1));
});

type Reply = { status: number; message?: string; params?: number[]; tx_id?: string };

/** Starts a Payop deposit (processor 3: at most 5,000.00 a deposit, 10,000.00 a day in euros). */
const start = (token: string, euros: number, ip = '203.0.113.9') =>
  api.json<Reply>('payment/get_payment_payop', { amount: euros, paymentId: 3 }, { token, ip });

/** The provider tells us the payment arrived. */
const paid = (id: number, cents: number, eventId = `evt_${id}_paid`) =>
  postWebhook(api, 3, 'sandbox-wallet', { id: eventId, type: 'payment.succeeded', reference: id, amount: cents, currency: 'EUR' });

let addresses = 0;
/** A player of an address of their own, so that the per-address limit is not what is tested. */
async function player() {
  addresses++;
  return { ...(await newPlayer(api)), ip: `198.51.100.${addresses}` };
}

describe("a processor's daily limit", () => {
  it('counts started deposits: three starts of 5,000.00 against 10,000.00 a day, the third is refused', async () => {
    const p = await player();
    expect((await start(p.token, 5000, p.ip)).body.status).toBe(1);
    expect((await start(p.token, 5000, p.ip)).body.status).toBe(1);
    expect((await start(p.token, 5000, p.ip)).body).toEqual({ status: 0, message: 'deposit_daily_limit', params: [10000] });
    const [count] = await rows<{ n: number }>(api.ctx.database.db, sql`select count(*)::int as n from payments where player_id = ${p.id}`);
    expect(count?.n).toBe(2);
  });

  it('ends a start left unpaid for an hour: it counts no more and is marked failed, expired', async () => {
    const p = await player();
    const first = paymentIdOf((await start(p.token, 5000, p.ip)).body.tx_id as string);
    await start(p.token, 5000, p.ip);
    clock.advance((PENDING_DEPOSIT_MINUTES + 1) * 60_000);
    expect((await start(p.token, 5000, p.ip)).body.status).toBe(1);
    expect(await paymentRow(api, first)).toMatchObject({ status: 'failed', reason: 'expired' });
  });

  it('holds a late payment that would pass the limit for staff, credits nothing, and answers its repeats the same', async () => {
    const p = await player();
    const a = paymentIdOf((await start(p.token, 5000, p.ip)).body.tx_id as string);
    const b = paymentIdOf((await start(p.token, 5000, p.ip)).body.tx_id as string);
    clock.advance((PENDING_DEPOSIT_MINUTES + 1) * 60_000);
    const c = paymentIdOf((await start(p.token, 5000, p.ip)).body.tx_id as string);
    // The provider reports all three paid after all: two fit under the day's 10,000.00, the third does not.
    for (const id of [c, a, b]) expect((await paid(id, 500_000)).status).toBe(200);
    expect(await realBalance(api, p.id)).toBe(1_000_000);
    expect(await paymentRow(api, b)).toMatchObject({ status: 'held', reason: 'deposit_over_daily_limit', wallet_tx_id: null });
    expect((await paid(b, 500_000, `evt_${b}_again`)).body).toMatchObject({ status: 1 });
    expect(await realBalance(api, p.id)).toBe(1_000_000);
    expect((await heldDeposits(api.ctx)).map((h) => h.id)).toContain(b);
    await expectBalancedLedger(api.ctx.database.db);
  });

  it('credits at most what fits when payments arrive at once', async () => {
    const p = await player();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push(paymentIdOf((await start(p.token, 5000, p.ip)).body.tx_id as string));
      clock.advance((PENDING_DEPOSIT_MINUTES + 1) * 60_000);
    }
    ids.push(paymentIdOf((await start(p.token, 5000, p.ip)).body.tx_id as string));
    const replies = await Promise.all(ids.map((id) => paid(id, 500_000)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await realBalance(api, p.id)).toBe(1_000_000);
    const states = await Promise.all(ids.map(async (id) => (await paymentRow(api, id))?.status));
    expect(states.sort()).toEqual(['complete', 'complete', 'held']);
    await expectBalancedLedger(api.ctx.database.db);
  });

  it('lets staff credit a held deposit all the same, or give it back, once, audited', async () => {
    const p = await player();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(paymentIdOf((await start(p.token, 5000, p.ip)).body.tx_id as string));
      clock.advance((PENDING_DEPOSIT_MINUTES + 1) * 60_000);
    }
    for (const id of ids) await paid(id, 500_000);
    const [kept, given] = ids.slice(2) as [number, number];
    expect(await realBalance(api, p.id)).toBe(1_000_000);
    expect(await releaseHeldDeposit(api.ctx, staff, kept)).toEqual({ ok: true, status: 'complete' });
    expect(await releaseHeldDeposit(api.ctx, staff, kept)).toEqual({ ok: false, message: 'deposit_not_held' });
    expect(await realBalance(api, p.id)).toBe(1_500_000);
    expect(await returnHeldDeposit(api.ctx, staff, given)).toEqual({ ok: true, status: 'refunded' });
    expect(await returnHeldDeposit(api.ctx, staff, given)).toEqual({ ok: false, message: 'deposit_not_held' });
    expect(await releaseHeldDeposit(api.ctx, staff, given)).toEqual({ ok: false, message: 'deposit_not_held' });
    expect(await realBalance(api, p.id)).toBe(1_500_000);
    // The provider repeating itself about either changes nothing.
    await paid(kept, 500_000, `evt_${kept}_late`);
    await paid(given, 500_000, `evt_${given}_late`);
    expect(await realBalance(api, p.id)).toBe(1_500_000);
    const audit = await rows<{ action: string; target: string }>(
      api.ctx.database.db,
      sql`select action, target from payment_audit where target in (${`payment:${kept}`}, ${`payment:${given}`}) order by id`,
    );
    expect(audit.map((r) => `${r.action} ${r.target}`)).toEqual([
      `deposit_held_over_daily_limit payment:${kept}`,
      `deposit_held_over_daily_limit payment:${given}`,
      `release_held_deposit payment:${kept}`,
      `return_held_deposit payment:${given}`,
    ]);
    await expectBalancedLedger(api.ctx.database.db);
  });
});

describe('deposit starts', () => {
  it('takes 10 starts a player in 10 minutes: of 300 at once the rest get 429 with Retry-After, and nothing is written for them', async () => {
    const p = await player();
    const replies = await Promise.all(
      Array.from({ length: 300 }, () => api.call('payment/get_payment_payop', { amount: 10, paymentId: 3 }, { token: p.token, ip: p.ip })),
    );
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 429);
    expect([ok.length, refused.length]).toEqual([10, 290]);
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused[0]?.json()).toEqual({ status: 0, message: 'too_many_attempts' });
    const [count] = await rows<{ n: number }>(api.ctx.database.db, sql`select count(*)::int as n from payments where player_id = ${p.id}`);
    expect(count?.n).toBe(10);
    clock.advance(10 * 60_000 + 1000);
    expect((await start(p.token, 10, p.ip)).body.status).toBe(1);
  });

  it('takes 60 starts an address in 10 minutes, whoever the players', async () => {
    const ip = '192.0.2.77';
    let accepted = 0;
    for (let i = 0; i < 7; i++) {
      const p = await newPlayer(api);
      for (let j = 0; j < 10; j++) if ((await start(p.token, 10, ip)).status === 200) accepted++;
    }
    expect(accepted).toBe(60);
  });
});
