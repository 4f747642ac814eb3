// The seamless-wallet API for outside game providers: /api/providers/v1/{balance,bet,win,rollback}.
// Every request is signed by the provider (X-Provider-Key names the key, X-Provider-Signature
// carries t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<call>.<raw body>">), checked in
// constant time within five minutes of our clock before the body is read. The call's name is
// signed with the body: a bet's body is also a valid win's, and must not be replayable as one. The player is the one the launch
// token (`session`) was issued to by front/get_game_url, for a game of this provider. The
// money moves through src/server/seamless/service.ts, the module our own studio calls too.
import { eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { SeamlessMoneyReply, SeamlessRefusal } from '../../../shared/contract/seamless.ts';
import type { Reply } from '../../../shared/contract/index.ts';
import { seamlessBalanceParams, seamlessBetParams, seamlessRollbackParams, seamlessWinParams } from '../../../shared/schemas/seamless.ts';
import type { ServerContext } from '../../context.ts';
import { gameProviders, gameSessions, games } from '../../db/schema/index.ts';
import { hashToken } from '../../games/studio.ts';
import { type AppEnv, HttpError, parseBody } from '../../http.ts';
import { checkSignature } from '../../payments/signature.ts';
import { providerCaller, type SeamlessGame, seamlessOf } from '../../seamless/service.ts';
import { signingKey, type WalletProvider } from '../../seamless/providers.ts';
import type { WalletBalance, WalletOutcome } from '../../wallet/index.ts';

export const KEY_HEADER = 'x-provider-key';
export const SIGNATURE_HEADER = 'x-provider-signature';

/** The call a path names: the last segment (`bet` of /api/providers/v1/bet). */
const callOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** What the provider's MAC covers after `<t>.`: the call and the raw body. */
export const signedText = (call: string, body: string) => `${call}.${body}`;

type ProviderEnv = AppEnv & { Variables: AppEnv['Variables'] & { provider: WalletProvider } };

const playable = (b: WalletBalance) => ({ balance: b.real + b.bonus, currency: b.currency });

/** The wallet's answer as the provider reads it: amounts in minor units, refusals with the balance they were decided on. */
export function moneyReply(o: WalletOutcome): SeamlessMoneyReply | SeamlessRefusal {
  if (o.ok) return { status: 1, transaction_id: String(o.operationId), ...playable(o.balance) };
  const out: SeamlessRefusal = { status: 0, message: o.code, ...(o.balance ? playable(o.balance) : {}) };
  if (o.limit) out.limit = { kind: o.limit.kind, amount: o.limit.limit, currency: o.balance?.currency ?? '', resets_at: o.limit.resetsAt };
  if (o.until) out.until = o.until;
  return out;
}

interface SessionOf {
  playerId: number;
  game: SeamlessGame;
  /** Whether it may still take stakes (wins and rollbacks of its rounds are taken after it ended). */
  live: boolean;
}

export function providerRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const service = seamlessOf(ctx);

  const signed = createMiddleware<ProviderEnv>(async (c, next) => {
    const key = await signingKey(ctx, c.req.header(KEY_HEADER) ?? '');
    // Hono keeps the body it read, so parseBody later sees the same bytes that were verified.
    const body = await c.req.text();
    // An unknown key is checked against a throwaway secret, so it takes as long as a wrong signature.
    const check = checkSignature([key?.secret ?? 'no-such-key'], signedText(callOf(c.req.path), body), c.req.header(SIGNATURE_HEADER), ctx.clock.now());
    if (!key || check !== 'ok') throw new HttpError(401, key ? check : 'bad_signature');
    if (!key.provider.enabled) throw new HttpError(403, 'provider_disabled');
    c.set('provider', key.provider);
    await next();
  });

  // Every call reads its launch: built once, not per request.
  const launchByToken = db
    .select({
      playerId: gameSessions.playerId,
      mode: gameSessions.mode,
      expiresAt: gameSessions.expiresAt,
      gameProviderId: games.providerId,
      externalGameId: games.externalGameId,
      name: games.name,
      providerName: gameProviders.providerName,
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(eq(gameSessions.tokenHash, sql.placeholder('hash')))
    .prepare('seamless_launch_by_token');

  /** The launch a token names, when it is a real-money launch of one of this provider's games. */
  async function sessionOf(provider: WalletProvider, token: string): Promise<SessionOf> {
    const [row] = await launchByToken.execute({ hash: hashToken(token) });
    // Another provider's launch is as unknown as a made-up one.
    if (row?.mode !== 'real' || row.playerId === null || row.gameProviderId !== provider.gameProviderId) throw new HttpError(404, 'session_not_found');
    return {
      playerId: row.playerId,
      game: { externalGameId: row.externalGameId, name: row.name, providerName: row.providerName },
      live: new Date(row.expiresAt).getTime() > ctx.clock.now(),
    };
  }

  /** A money call (bet, win, rollback): its params, its caller, and the launch of the game it names, which must be the one launched. */
  async function moneyCall<S extends z.ZodType<{ session: string; game_id: string }>>(c: Context<ProviderEnv>, schema: S) {
    const q = await parseBody(c, schema);
    const provider = c.get('provider');
    const s = await sessionOf(provider, q.session);
    if (s.game.externalGameId !== q.game_id) throw new HttpError(400, 'game_mismatch');
    return { q, s, caller: providerCaller(provider) };
  }

  const expired = (): SeamlessRefusal => ({ status: 0, message: 'session_expired' });

  return new Hono<ProviderEnv>()
    .use('/v1/*', signed)
    .post('/v1/balance', async (c) => {
      const q = await parseBody(c, seamlessBalanceParams);
      const provider = c.get('provider');
      const s = await sessionOf(provider, q.session);
      if (!s.live) return c.json(expired() satisfies Reply<'providers/v1/balance'>);
      const balance = await service.balance(s.playerId);
      if ((q.currency !== undefined && q.currency !== balance.currency) || !provider.currencies.includes(balance.currency))
        return c.json({ status: 0, message: 'currency_mismatch', ...playable(balance) } satisfies Reply<'providers/v1/balance'>);
      return c.json({ status: 1, ...playable(balance) } satisfies Reply<'providers/v1/balance'>);
    })
    .post('/v1/bet', async (c) => {
      const { q, s, caller } = await moneyCall(c, seamlessBetParams);
      // A launch that ended (logout, a break, its 12 hours) takes no more stakes.
      if (!s.live) return c.json(expired() satisfies Reply<'providers/v1/bet'>);
      const outcome = await service.bet(caller, {
        playerId: s.playerId,
        transactionId: q.transaction_id,
        roundId: q.round_id,
        game: s.game,
        amount: q.amount,
        currency: q.currency,
      });
      return c.json(moneyReply(outcome) satisfies Reply<'providers/v1/bet'>);
    })
    .post('/v1/win', async (c) => {
      const { q, s, caller } = await moneyCall(c, seamlessWinParams);
      const outcome = await service.win(caller, {
        playerId: s.playerId,
        transactionId: q.transaction_id,
        roundId: q.round_id,
        amount: q.amount,
        currency: q.currency,
        ...(q.bet_transaction_id === undefined ? {} : { betTransactionId: q.bet_transaction_id }),
      });
      return c.json(moneyReply(outcome) satisfies Reply<'providers/v1/win'>);
    })
    .post('/v1/rollback', async (c) => {
      const { q, s, caller } = await moneyCall(c, seamlessRollbackParams);
      const outcome = await service.rollback(caller, {
        playerId: s.playerId,
        transactionId: q.transaction_id,
        betTransactionId: q.bet_transaction_id,
        currency: q.currency,
      });
      return c.json(moneyReply(outcome) satisfies Reply<'providers/v1/rollback'>);
    });
}
