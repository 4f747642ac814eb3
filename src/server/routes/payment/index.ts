// Calls under /api/payment: every deposit call of the contract (§15.3) dispatched to the
// adapter its processor row names, the withdrawal request (§14.3), and the providers'
// webhooks at /api/payment/webhook/<processor id>. Thin: parse, the payments service, shape.
import { Hono } from 'hono';
import { toAmount } from '../../../shared/money.ts';
import type { DepositReply, WithdrawalReply } from '../../../shared/payments.ts';
import { depositParams, withdrawalParams } from '../../../shared/schemas/payments.ts';
import { type AuthEnv, requireLivePlayer } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, HttpError, parseBody, tooManyAttempts } from '../../http.ts';
import { attempt, LIMITS, limitKey } from '../../auth/rate-limit.ts';
import { receiveWebhook, requestWithdrawal, startDeposit } from '../../payments/service.ts';

/** `get_payment_<slug>_url`, its `_url`-less variants and `get_eupayment_form`. */
const DEPOSIT_CALL = /^get_(?:payment_[a-z0-9_]{1,40}|eupayment_form)$/;

const refusal = (message: string, params?: (string | number)[]): DepositReply => (params ? { status: 0, message, params } : { status: 0, message });

export function paymentRoutes(ctx: ServerContext) {
  const livePlayer = requireLivePlayer(ctx);
  const player = new Hono<AuthEnv>()
    .post('/send_withdrawal_request', livePlayer, async (c) => {
      const b = await parseBody(c, withdrawalParams);
      const outcome = await requestWithdrawal(ctx, c.get('player').playerId, {
        processorId: b.paymentId,
        amount: b.amount,
        destinations: { bankForm: b.bankForm, walletAccount: b.walletAccount, cryptoAddress: b.cryptoAddress },
        forfeitBonus: b.forfeitBonus,
      });
      // Where the money would go was left out or is not one this processor pays to: the fields, as for any bad body.
      if (!outcome.ok && outcome.errors) throw new HttpError(400, outcome.message, outcome.errors);
      if (!outcome.ok)
        return c.json(outcome.params ? { status: 0, message: outcome.message, params: outcome.params } : { status: 0, message: outcome.message });
      return c.json({
        status: 1,
        result: { amount: toAmount(outcome.amount), currency: outcome.balance.currency, transactionId: outcome.transactionId },
        player: outcome.balance,
      } satisfies WithdrawalReply & { player: unknown });
    })
    .post('/:call', livePlayer, async (c) => {
      const call = c.req.param('call');
      if (!DEPOSIT_CALL.test(call)) throw new HttpError(404, 'not_found');
      const b = await parseBody(c, depositParams);
      const playerId = c.get('player').playerId;
      const at = new Date(ctx.clock.now());
      // A start the player's own limit refuses does not count against the address: one player's
      // burst neither spends the starts of others there nor, under parallel requests, takes the
      // address's turn from one of the player's own starts that is let through.
      const byPlayer = await attempt(ctx.database.db, limitKey('deposit_start', 'player', playerId), LIMITS.depositStartPerPlayer, at);
      if (!byPlayer.allowed) return tooManyAttempts(c, byPlayer.retryAfterSeconds);
      const byIp = await attempt(ctx.database.db, limitKey('deposit_start', 'ip', c.get('clientIp') ?? ''), LIMITS.depositStartPerIp, at);
      if (!byIp.allowed) return tooManyAttempts(c, byIp.retryAfterSeconds);
      const started = await startDeposit(ctx, playerId, {
        call,
        processorId: b.paymentId,
        paymentMethod: b.paymentMethod,
        amount: b.amount,
        promotion: b.promotion,
        cardToken: b.cardToken,
        coin: b.coin,
        locale: b.locale && b.locale !== 'en' ? b.locale : '',
        eupayment: call === 'get_eupayment_form',
      });
      if (!started.ok) return c.json({ ...refusal(started.message, started.params), ...started.protection } satisfies DepositReply);
      const { start, processor } = started;
      const txId = `pay_${started.paymentId}`;
      let reply: DepositReply;
      if (start.type === 'address')
        reply = {
          status: 1,
          reply: 'address',
          redirect_url: start.url,
          address: start.address,
          coin: start.coin,
          qr: start.qr,
          min_amount: toAmount(started.minAmount),
          currency: started.currency,
        };
      else if (start.type === 'form') reply = { status: 1, reply: 'autopost', redirect_url: start.url, cardForm: start.fields, tx_id: txId };
      else if (start.type === 'html') reply = { status: 1, reply: 'html', cardForm: start.html, tx_id: txId };
      else if (start.type === 'declined') reply = refusal('wrong_card');
      else if (processor.reply === 'eupayment') reply = { status: 1, reply: 'eupayment', isDirectResult: false, redirectUrl: start.url, tx_id: txId };
      else
        reply = {
          status: 1,
          reply: processor.reply === 'popup' || processor.reply === 'window' ? processor.reply : 'redirect',
          redirect_url: start.url,
          tx_id: txId,
        };
      return c.json(reply);
    });
  return new Hono<AppEnv>()
    .post('/webhook/:processor', async (c) => {
      const id = Number(c.req.param('processor'));
      if (!Number.isSafeInteger(id) || id <= 0 || id > 1_000_000) throw new HttpError(404, 'processor_not_found');
      const answer = await receiveWebhook(ctx, id, await c.req.text(), (name) => c.req.header(name));
      if (answer.status >= 400) c.get('log').warn({ processor: id, message: answer.body.message }, 'payment webhook refused');
      return c.json(answer.body, answer.status as 200);
    })
    .route('/', player as unknown as Hono<AppEnv>);
}
