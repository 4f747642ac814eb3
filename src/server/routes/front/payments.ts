// The processor lists of the deposit and withdraw tabs (contract §14.1, §14.2) and the
// EU-payment return (§12.4). The player's country and currency decide what is listed.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { toAmount } from '../../../shared/money.ts';
import type { ProcessorRow, ProcessorsReply } from '../../../shared/payments.ts';
import { eupaymentTransactionParams, processorListParams } from '../../../shared/schemas/payments.ts';
import { type AuthEnv, requirePlayer } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { players } from '../../db/schema/index.ts';
import { parseBody, refusal } from '../../http.ts';
import { verificationOf } from '../../identity/service.ts';
import { profileForCountry } from '../../jurisdiction/index.ts';
import { processorsFor } from '../../payments/processors.ts';
import { latestPaymentOf } from '../../payments/service.ts';
import type { Processor } from '../../payments/types.ts';

const cents = (v: number | null) => (v === null ? null : toAmount(v));

export function processorRow(p: Processor, currency: string): ProcessorRow {
  const l = p.limits[currency] ?? { min_deposit: 0, max_deposit: null, daily_limit: null, min_withdraw: 0, max_withdraw: null };
  const setting: ProcessorRow['setting'] = {
    min_deposit: toAmount(l.min_deposit),
    max_deposit: cents(l.max_deposit),
    limit: cents(l.daily_limit),
    fee_percent: p.feeBp / 100,
    fee_fixed: toAmount(p.feeFixed),
  };
  if (typeof p.setting.paymentMethod === 'string' || typeof p.setting.paymentMethod === 'number') setting.paymentMethod = p.setting.paymentMethod;
  if (Array.isArray(p.setting.coins)) setting.coins = p.setting.coins as string[];
  return {
    id: p.id,
    name: p.name,
    call: p.call,
    kind: p.kind,
    reply: p.reply,
    logo: p.logo,
    currency,
    setting,
    withdraw_setting: { min_withdraw: toAmount(l.min_withdraw), max_withdraw: cents(l.max_withdraw) },
    min_deposit: toAmount(l.min_deposit),
    max_deposit: cents(l.max_deposit),
    limit: cents(l.daily_limit),
    min_withdraw: toAmount(l.min_withdraw),
    max_withdraw: cents(l.max_withdraw),
    fee: { percent: p.feeBp / 100, fixed: toAmount(p.feeFixed) },
  };
}

export function paymentFrontRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const player = requirePlayer(ctx);
  const list = (use: 'deposit' | 'withdraw') => async (c: import('hono').Context<AuthEnv>) => {
    await parseBody(c, processorListParams);
    // The player's registered country and wallet currency decide, not the body's country.
    const [p] = await db
      .select({ country: players.country, currency: players.currency })
      .from(players)
      .where(eq(players.id, c.get('player').playerId));
    if (!p) return c.json(refusal('unknown_player'));
    const rows = (await processorsFor(db, use, p.country, p.currency)).map((r) => processorRow(r, p.currency));
    if (use === 'deposit') return c.json({ status: 1, processors: rows } satisfies ProcessorsReply);
    // The withdraw tab says before its form when the player's market wants a verified identity first.
    const playerId = c.get('player').playerId;
    const [profile, { status }] = await Promise.all([profileForCountry(ctx, p.country), verificationOf(ctx, playerId)]);
    const verification = { required: profile.verification_before_withdrawal && status !== 'verified', status };
    return c.json({ status: 1, processors: rows, verification } satisfies ProcessorsReply);
  };
  return new Hono<AuthEnv>()
    .post('/get_processors', player, list('deposit'))
    .post('/get_withdrawal_processors', player, list('withdraw'))
    .post('/get_eupayment_financial_transaction', player, async (c) => {
      await parseBody(c, eupaymentTransactionParams);
      const found = await latestPaymentOf(ctx, c.get('player').playerId, 5);
      if (!found) return c.json(refusal('transaction_not_found'));
      return c.json({ status: 1, transaction: { status: found.status, amount: toAmount(found.amount), currency: found.currency, reason: found.reason } });
    });
}
