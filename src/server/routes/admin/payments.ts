// The cashier desk's staff calls (scope admin): thin wrappers of payments/desk.ts.
import { Hono } from 'hono';
import { paymentIdParams, playerPaymentsParams, rejectParams, updateProcessorParams } from '../../../shared/schemas/payments.ts';
import type { AuthEnv } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody, refusal } from '../../http.ts';
import {
  approveWithdrawal,
  changeProcessor,
  heldDeposits,
  pendingWithdrawals,
  playerPayments,
  refundDeposit,
  rejectWithdrawal,
  releaseHeldDeposit,
  returnHeldDeposit,
} from '../../payments/desk.ts';
import type { Staff } from '../../payments/audit.ts';

export function adminPaymentRoutes(ctx: ServerContext) {
  const staff = (c: { get: (k: 'player') => { playerId: number } }): Staff => ({ staffId: c.get('player').playerId, via: 'api' });
  const answer = (r: { ok: true; status: string } | { ok: false; message: string }) => (r.ok ? { status: 1, state: r.status } : refusal(r.message));
  return new Hono<AuthEnv>()
    .post('/get_pending_withdrawals', async (c) => c.json({ status: 1, withdrawals: await pendingWithdrawals(ctx) }))
    .post('/get_player_payments', async (c) => {
      const { playerId } = await parseBody(c, playerPaymentsParams);
      return c.json({ status: 1, payments: await playerPayments(ctx, playerId) });
    })
    .post('/approve_withdrawal', async (c) => c.json(answer(await approveWithdrawal(ctx, staff(c), (await parseBody(c, paymentIdParams)).id))))
    .post('/reject_withdrawal', async (c) => {
      const { id, reason } = await parseBody(c, rejectParams);
      return c.json(answer(await rejectWithdrawal(ctx, staff(c), id, reason)));
    })
    .post('/refund_deposit', async (c) => c.json(answer(await refundDeposit(ctx, staff(c), (await parseBody(c, paymentIdParams)).id))))
    .post('/get_held_deposits', async (c) => c.json({ status: 1, deposits: await heldDeposits(ctx) }))
    .post('/release_held_deposit', async (c) => c.json(answer(await releaseHeldDeposit(ctx, staff(c), (await parseBody(c, paymentIdParams)).id))))
    .post('/return_held_deposit', async (c) => c.json(answer(await returnHeldDeposit(ctx, staff(c), (await parseBody(c, paymentIdParams)).id))))
    .post('/update_processor', async (c) => {
      const b = await parseBody(c, updateProcessorParams);
      return c.json(
        answer(
          await changeProcessor(ctx, staff(c), b.id, {
            enabled: b.enabled,
            feeBp: b.fee_bp,
            feeFixed: b.fee_fixed,
            currency: b.currency,
            limits: {
              min_deposit: b.min_deposit,
              max_deposit: b.max_deposit,
              daily_limit: b.daily_limit,
              min_withdraw: b.min_withdraw,
              max_withdraw: b.max_withdraw,
            },
          }),
        ),
      );
    });
}
