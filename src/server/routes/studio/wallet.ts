// The wallet callback a game studio calls (`/api/games/wallet/*`; beside the game pages' own studio API, index.ts), server to server, for each bet, win and
// rollback. It is authenticated by an HMAC-SHA256 of the raw body with the webhook
// secret (header X-Signature, hex); the studio's transaction ids are the operations'
// idempotency ids, so its retries are answered, never applied twice.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { GameWalletReply } from '../../../shared/contract/games.ts';
import { gameBetParams, gameRollbackParams, gameWinParams } from '../../../shared/schemas/wallet.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, HttpError, parseBody } from '../../http.ts';
import { toBalanceInfo, type WalletOutcome, walletOf } from '../../wallet/index.ts';

/** Whether `signature` is the hex HMAC-SHA256 of `body` under `secret`, compared in constant time. */
export function validSignature(secret: string, body: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

function reply(outcome: WalletOutcome): GameWalletReply {
  if (outcome.ok) return { status: 1 as const, transactionId: outcome.operationId, balance: toBalanceInfo(outcome.balance) };
  return { status: 0 as const, message: outcome.code, ...(outcome.balance ? { balance: toBalanceInfo(outcome.balance) } : {}) };
}

export function gameWalletRoutes(ctx: ServerContext) {
  const signed = createMiddleware<AppEnv>(async (c, next) => {
    // Hono keeps the body it read, so parseBody later sees the same bytes that were verified.
    if (!validSignature(ctx.config.webhookSecret, await c.req.text(), c.req.header('x-signature'))) throw new HttpError(401, 'bad_signature');
    await next();
  });
  const wallet = walletOf(ctx);
  return new Hono<AppEnv>()
    .post('/wallet/bet', signed, async (c) => {
      const b = await parseBody(c, gameBetParams);
      const outcome = await wallet.bet({
        key: b.transactionId,
        playerId: b.playerId,
        amount: b.amount,
        gameId: b.gameId,
        gameName: b.gameName,
        roundId: b.roundId,
        ...(b.provider ? { provider: b.provider } : {}),
      });
      return c.json(reply(outcome));
    })
    .post('/wallet/win', signed, async (c) => {
      const b = await parseBody(c, gameWinParams);
      return c.json(reply(await wallet.win({ key: b.transactionId, playerId: b.playerId, betKey: b.betTransactionId, amount: b.amount })));
    })
    .post('/wallet/rollback', signed, async (c) => {
      const b = await parseBody(c, gameRollbackParams);
      return c.json(reply(await wallet.rollback({ key: b.transactionId, playerId: b.playerId, betKey: b.betTransactionId })));
    });
}
