// Payments: start a deposit at its processor's adapter, take the provider's signed
// webhooks, request and cancel withdrawals. Money moves only through the wallet's
// operations, each keyed by the payment (`payment:<id>`), so a webhook delivered five
// times, or five at once, credits once; a payment's status changes only from the state
// its event expects (a conditional UPDATE), so a cancel and an approval cannot both win.
import { isVerified } from '../identity/service.ts';
import { profileForCountry } from '../jurisdiction/index.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { toAmount } from '../../shared/money.ts';
import { type DepositResultPush, paymentRef } from '../../shared/payments.ts';
import type { ServerContext } from '../context.ts';
import { rows } from '../db/client.ts';
import { type PaymentStatus, paymentAddresses, paymentEvents, payments, players } from '../db/schema/index.ts';
import type { ProtectionRefusal } from '../../shared/protection.ts';
import { DESTINATION_FIELD, DESTINATION_FIELDS, isPayoutKind, type PayoutKind } from '../../shared/payout.ts';
import { type BankForm, bankForm, cryptoAddress, walletAccount } from '../../shared/schemas/payments.ts';
import { personMarks } from '../auth/person.ts';
import { precheckMove, protectionRefusal } from '../protection/index.ts';
import { type DepositBonus, toBalanceInfo, type WalletOutcome, walletOf } from '../wallet/index.ts';
import { feeOf, findProcessor, unavailableFor } from './processors.ts';
import { audit, type Staff } from './audit.ts';
import { validCryptoAddress } from './addresses.ts';
import { adapterFor } from './registry.ts';
import { metrics } from '../metrics.ts';
import type { Processor, StartResult, WebhookEvent } from './types.ts';

export type Refused = {
  ok: false;
  message: string;
  params?: (string | number)[];
  errors?: Record<string, string>;
  /** For a refusal by player protection: the limit it names, or the break's end. */
  protection?: Partial<Pick<ProtectionRefusal, 'limit' | 'until' | 'break_kind'>>;
};

const refused = (message: string, params?: (string | number)[]): Refused => (params ? { ok: false, message, params } : { ok: false, message });

async function playerOf(ctx: ServerContext, playerId: number) {
  const [p] = await ctx.database.db.select({ country: players.country, currency: players.currency }).from(players).where(eq(players.id, playerId));
  return p;
}

/** The processor a call names: the body's id when it gives one (it must be served by this call), else the call's first by priority. */
export async function processorForCall(
  ctx: ServerContext,
  call: string,
  id: number | undefined,
  paymentMethod: string | undefined,
): Promise<Processor | undefined> {
  if (id !== undefined) {
    const p = await findProcessor(ctx.database.db, id);
    return p && p.call === call ? p : undefined;
  }
  const { allProcessors } = await import('./processors.ts');
  const candidates = (await allProcessors(ctx.database.db)).filter((p) => p.call === call && p.enabled && p.deposit);
  if (paymentMethod !== undefined) return candidates.find((p) => String(p.setting.paymentMethod ?? '') === paymentMethod) ?? candidates[0];
  return candidates[0];
}

export interface DepositRequest {
  call: string;
  processorId?: number | undefined;
  paymentMethod?: string | undefined;
  /** Cents; undefined when the processor asks for the amount itself (Keypay). */
  amount: number | undefined;
  promotion?: string | undefined;
  cardToken?: string | undefined;
  coin?: string | undefined;
  /** '' for English, 'de' … : where the provider sends the player back. */
  locale: string;
  eupayment?: boolean;
}

export type DepositStarted = { ok: true; paymentId: number; processor: Processor; start: StartResult; amount: number; currency: string; minAmount: number };

const dayStart = (ms: number) => new Date(Math.floor(ms / 86_400_000) * 86_400_000);

/** How long a started deposit may wait for its payment before it is over: the providers' pages live an hour. */
export const PENDING_DEPOSIT_MINUTES = 60;

/**
 * Ends the player's started deposits left unpaid past PENDING_DEPOSIT_MINUTES (failed,
 * `expired`): they count toward no limit any more. A provider that still reports one paid
 * later is credited all the same (checked against the daily limit then), as a failed one is.
 */
async function expireStaleDeposits(ctx: ServerContext, playerId: number): Promise<void> {
  const before = new Date(ctx.clock.now() - PENDING_DEPOSIT_MINUTES * 60_000).toISOString();
  await ctx.database.db.execute(
    sql`update payments set status = 'failed', reason = 'expired', updated_at = now()
        where player_id = ${playerId} and direction = 'deposit' and status = 'pending' and created_at < ${before}::timestamptz`,
  );
}

/** What the player's deposits of today at a processor add up to: credited ones, and with `with_pending` those still waiting for their payment. */
function depositedTodaySql(ctx: ServerContext, playerId: number, processorId: number, which: 'credited' | 'with_pending') {
  const now = ctx.clock.now();
  const waiting =
    which === 'with_pending'
      ? sql` or (status = 'pending' and created_at >= ${new Date(now - PENDING_DEPOSIT_MINUTES * 60_000).toISOString()}::timestamptz)`
      : sql``;
  return sql`select coalesce(sum(amount), 0) as total from payments
             where player_id = ${playerId} and processor_id = ${processorId} and direction = 'deposit'
               and (status = 'complete'${waiting}) and created_at >= ${dayStart(now).toISOString()}::timestamptz`;
}

async function depositedToday(ctx: ServerContext, playerId: number, processorId: number, which: 'credited' | 'with_pending'): Promise<number> {
  const [today] = await rows<{ total: string | number | null }>(ctx.database.db, depositedTodaySql(ctx, playerId, processorId, which));
  return Number(today?.total ?? 0);
}

export async function startDeposit(ctx: ServerContext, playerId: number, req: DepositRequest): Promise<DepositStarted | Refused> {
  const { db } = ctx.database;
  const processor = await processorForCall(ctx, req.call, req.processorId, req.paymentMethod);
  if (!processor) return refused('processor_unavailable');
  const player = await playerOf(ctx, playerId);
  if (!player) return refused('processor_unavailable');
  const why = unavailableFor(processor, 'deposit', player.country, player.currency);
  if (why) return refused(why);
  const adapter = adapterFor(ctx.config, processor.adapter);
  if (!adapter) return refused('processor_unavailable');
  // A market without credit cards (jurisdiction profile) takes a card only when its token
  // says debit or prepaid; a card the provider cannot name is treated as credit.
  if (processor.kind === 'card' && !(await profileForCountry(ctx, player.country)).credit_card_deposits) {
    const funding = req.cardToken ? adapter.cardFunding?.(ctx, req.cardToken) : undefined;
    if (funding !== 'debit' && funding !== 'prepaid') return refused('credit_card_not_accepted');
  }
  const limits = processor.limits[player.currency];
  if (!limits) return refused('processor_not_in_currency');
  const amount = req.amount ?? (processor.setting.noAmount ? limits.min_deposit : undefined);
  if (amount === undefined) return refused('amount_required');
  if (amount < limits.min_deposit) return refused('amount_min', [toAmount(limits.min_deposit)]);
  if (limits.max_deposit !== null && amount > limits.max_deposit)
    return refused('amount_between', [toAmount(limits.min_deposit), toAmount(limits.max_deposit)]);
  await expireStaleDeposits(ctx, playerId);
  // Started and not yet paid counts too: several starts paid afterwards must not escape the
  // limit (the credit checks again, under the player's locks, in case they are paid anyway).
  if (limits.daily_limit !== null && (await depositedToday(ctx, playerId, processor.id, 'with_pending')) + amount > limits.daily_limit)
    return refused('deposit_daily_limit', [toAmount(limits.daily_limit)]);
  // Player protection first: a deposit the wallet would refuse on arrival (a deposit limit, a
  // break, a closed account) is refused before the player pays. Advisory: the wallet checks
  // again, in its own transaction, when the money arrives (see credit).
  const barred = await precheckMove(db, playerId, { kind: 'deposit', amount }, ctx.clock.now());
  if (barred) {
    const { status: _s, message, ...protection } = protectionRefusal(barred, player.currency);
    return { ok: false, message, protection };
  }
  let coin: string | undefined;
  if (processor.kind === 'crypto') {
    const coins = coinsOf(processor);
    coin = req.coin ?? coins[0];
    if (!coin || !coins.includes(coin)) return refused('crypto_coin_unavailable');
  }
  if (processor.kind === 'card' && req.cardToken !== undefined && !/^tok_[\w.-]{10,2000}$/.test(req.cardToken)) return refused('wrong_card');
  const prefix = req.locale ? `/${req.locale}` : '';
  if (processor.kind === 'crypto') {
    // A crypto deposit is the player's address; each confirmed transfer to it becomes a payment of its own (applyCrypto).
    const back = `${prefix}/user-management`;
    const start = await adapter.startDeposit(ctx, {
      processor,
      paymentId: 0,
      playerId,
      amount,
      currency: player.currency,
      returnUrls: { success: back, fail: back },
      coin,
    });
    return { ok: true, paymentId: 0, processor, start, amount, currency: player.currency, minAmount: limits.min_deposit };
  }
  const fee = feeOf(processor, amount);
  const [row] = await db
    .insert(payments)
    .values({
      playerId,
      processorId: processor.id,
      direction: 'deposit',
      amount,
      fee,
      currency: player.currency,
      status: 'pending',
      promoCode: req.promotion || null,
      // The server's clock, which the daily limit and the expiry of unpaid starts read too.
      createdAt: new Date(ctx.clock.now()),
    })
    .returning({ id: payments.id });
  const paymentId = (row as { id: number }).id;
  const back = (outcome: 'success' | 'fail') =>
    req.eupayment
      ? `${prefix}/user-management?eupayment=1`
      : `${prefix}/user-management?payop=${outcome}&txid=${paymentRef(paymentId)}&invoiceId=${paymentRef(paymentId)}`;
  let start: StartResult;
  try {
    start = await adapter.startDeposit(ctx, {
      processor,
      paymentId,
      playerId,
      amount,
      currency: player.currency,
      returnUrls: { success: back('success'), fail: back('fail') },
      cardToken: req.cardToken,
      paymentMethod: req.paymentMethod,
      coin,
    });
  } catch (error) {
    ctx.logger.error({ err: error, processor: processor.id, payment: paymentId }, 'payment provider failed to start a deposit');
    await setStatus(ctx, paymentId, ['pending'], 'failed', { reason: 'processor_error' });
    return refused('processor_error');
  }
  if ('providerRef' in start && start.providerRef) await db.update(payments).set({ providerRef: start.providerRef }).where(eq(payments.id, paymentId));
  if (start.type === 'declined') {
    await setStatus(ctx, paymentId, ['pending'], 'failed', { reason: start.reason });
    return refused('wrong_card');
  }
  return { ok: true, paymentId, processor, start, amount, currency: player.currency, minAmount: limits.min_deposit };
}

/** Moves a payment from one of `from` to `to`; false when it was not in one of them (someone else moved it first). */
async function setStatus(
  ctx: ServerContext,
  id: number,
  from: PaymentStatus[],
  to: PaymentStatus,
  extra: { reason?: string | null; walletTxId?: number; providerRef?: string } = {},
): Promise<boolean> {
  const changed = await ctx.database.db
    .update(payments)
    .set({ status: to, updatedAt: sql`now()`, ...extra })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning({ id: payments.id });
  return changed.length > 0;
}

type PaymentRow = typeof payments.$inferSelect;

async function paymentOf(ctx: ServerContext, id: number): Promise<PaymentRow | undefined> {
  const [p] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  return p;
}

/** The open tab's signal (api-contract §15.5) for a deposit that was credited (1) or failed (0). */
const depositPush = (p: { id: number; amount: number; currency: string }, status: 0 | 1, reason: string | null = null): DepositResultPush => ({
  status,
  tx_id: paymentRef(p.id),
  amount: toAmount(p.amount),
  currency: p.currency,
  reason,
});

const PROTECTION_CODES = new Set(['limit_reached', 'player_on_break', 'account_closed']);

/** The ISO week of `ms` (UTC), "2026-W48": a weekly offer's "once per person" is once per person and week. */
function isoWeek(ms: number): string {
  const d = new Date(Math.floor(ms / 86_400_000) * 86_400_000);
  // The week's Thursday decides its year.
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7));
  const week = Math.ceil(((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The deposit bonus of the payment's promo code, for the wallet to grant with the credit:
 * the promotion, and the marks of the person behind the player ("once per person", as the
 * registration bonus; a weekly offer's marks carry the week).
 */
async function depositBonusOf(ctx: ServerContext, p: PaymentRow): Promise<DepositBonus | undefined> {
  const code = p.promoCode?.trim();
  if (!code) return undefined;
  const [row] = await rows<{ promotion_id: number; deposit_rule: string } & Record<string, string | null>>(
    ctx.database.db,
    sql`select m.id as promotion_id, m.deposit_rule, pl.email, pl.phone_number, pl.first_name, pl.last_name,
               to_char(pl.birthday, 'YYYY-MM-DD') as birthday, pl.ip_address
        from promotions m, players pl
        where lower(m.promo_code) = lower(${code}) and pl.id = ${p.playerId}`,
  );
  if (!row) return undefined;
  const marks = personMarks({
    email: row.email ?? '',
    phoneNumber: row.phone_number ?? '',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    birthday: row.birthday ?? '',
    ipAddress: row.ip_address ?? null,
  });
  const { oneAccountPerIp } = await ctx.settings.get();
  const address = marks.address ? [marks.address] : [];
  const week = row.deposit_rule === 'weekly' ? `:${isoWeek(ctx.clock.now())}` : '';
  const withWeek = (list: string[]) => list.map((m) => m + week);
  return {
    promotionId: Number(row.promotion_id),
    personMarks: withWeek(oneAccountPerIp ? [...marks.details, ...address] : marks.details),
    quietMarks: withWeek(oneAccountPerIp ? [] : address),
  };
}

/**
 * Credits a deposit once: the wallet's key is the payment's; a promo code's bonus comes
 * with it, and the payment's completion and the provider's event are committed with the
 * credit, in the same transaction.
 */
async function credit(ctx: ServerContext, p: PaymentRow, processor: Processor, event?: WebhookEvent, release?: { who: Staff }): Promise<WalletOutcome> {
  const bonus = await depositBonusOf(ctx, p);
  let bonusOutcome: { granted: number } | { refused: string } | undefined;
  // A held deposit that staff release is credited under a key of its own: the first one holds the refusal.
  const from: PaymentStatus[] = release ? ['held'] : ['pending', 'failed'];
  const daily = processor.limits[p.currency]?.daily_limit ?? null;
  const outcome = await walletOf(ctx).deposit({
    // Checked again under the player's locks: starts paid one after another, or at once, never pass the limit together.
    ...(daily !== null && !release
      ? {
          admit: {
            query: sql`select 1 from (${depositedTodaySql(ctx, p.playerId, processor.id, 'credited')}) today where today.total + ${p.amount} <= ${daily}`,
            refuse: 'deposit_over_daily_limit' as const,
          },
        }
      : {}),
    with: (operationId) => [
      sql`update payments set status = 'complete', wallet_tx_id = ${operationId}, reason = null, updated_at = now()
          where id = ${p.id} and status in (${sql.join(
            from.map((f) => sql`${f}`),
            sql`, `,
          )})`,
      ...(event
        ? [
            sql`insert into payment_events (processor_id, event_id, type, payment_id) values (${processor.id}, ${event.id}, ${event.type}, ${p.id})
                on conflict do nothing`,
          ]
        : []),
    ],
    key: release ? `payment:${p.id}:release` : `payment:${p.id}`,
    playerId: p.playerId,
    amount: p.amount - p.fee,
    provider: processor.name,
    invoiceId: paymentRef(p.id),
    currency: p.currency,
    ...(bonus
      ? {
          bonus: {
            ...bonus,
            onBonus: (o) => {
              bonusOutcome = o;
            },
          },
        }
      : {}),
  });
  // What became of the promo code, for the player's return and the cashier desk (a repeat of the credit leaves it as it was).
  if (outcome.ok && bonusOutcome && !outcome.replayed)
    await ctx.database.db
      .update(payments)
      .set({ details: sql`${payments.details} || ${JSON.stringify({ bonus: bonusOutcome })}::jsonb` })
      .where(eq(payments.id, p.id));
  if (outcome.ok) {
    // Applied now: the payment was completed with the credit. A repeat of the key (the credit was made before) completes it here if it is not yet.
    if (!outcome.replayed || (await setStatus(ctx, p.id, from, 'complete', { walletTxId: outcome.operationId, reason: null })))
      ctx.pushes.pushDepositResult(p.playerId, depositPush(p, 1));
    if (release && !outcome.replayed) await audit(ctx, release.who, 'release_held_deposit', `payment:${p.id}`, { amount: p.amount, currency: p.currency });
  } else if (outcome.code === 'deposit_over_daily_limit') {
    // The provider has the money, but it would take the player past the processor's daily
    // limit: never credited silently. Staff credit it or give it back (releaseHeldDeposit, returnHeldDeposit).
    if (await setStatus(ctx, p.id, ['pending', 'failed'], 'held', { reason: outcome.code })) {
      ctx.pushes.pushDepositResult(p.playerId, depositPush(p, 0, outcome.code));
      ctx.logger.warn({ payment: p.id, player: p.playerId }, "deposit held for review: over the processor's daily limit");
      await audit(ctx, { staffId: null, via: 'webhook' }, 'deposit_held_over_daily_limit', `payment:${p.id}`, { amount: p.amount, currency: p.currency });
    }
  } else if (await setStatus(ctx, p.id, ['pending'], 'failed', { reason: outcome.code })) {
    ctx.pushes.pushDepositResult(p.playerId, depositPush(p, 0, outcome.code));
    if (PROTECTION_CODES.has(outcome.code)) {
      // The provider has the player's money but player protection refused it on arrival (two
      // deposits started under one limit, or a break taken since): it must go back to the payer.
      // The cashier desk reads these from the audit trail; nothing is credited.
      ctx.logger.warn({ payment: p.id, player: p.playerId, code: outcome.code }, 'deposit refused by player protection on arrival: refund it at the provider');
      await audit(ctx, { staffId: null, via: 'webhook' }, 'deposit_refused_by_protection', `payment:${p.id}`, {
        code: outcome.code,
        amount: p.amount,
        currency: p.currency,
      });
    }
  }
  return outcome;
}

/** Credits a held deposit that staff release (desk.ts): under a key of its own, past the daily limit, audited. */
export function creditHeld(ctx: ServerContext, p: PaymentRow, processor: Processor, who: Staff): Promise<WalletOutcome> {
  return credit(ctx, p, processor, undefined, { who });
}

export interface WebhookReply {
  status: number;
  body: { status: 0 | 1; message?: string };
  /** The event was recorded with the credit it caused (same transaction). */
  recorded?: boolean;
}

const ack = (message?: string): WebhookReply => ({ status: 200, body: message ? { status: 1, message } : { status: 1 } });
const refuse = (status: number, message: string): WebhookReply => ({ status, body: { status: 0, message } });

const WEBHOOK_PROCESSOR_MS = 10_000;
const webhookProcessors = new WeakMap<object, Map<number, { until: number; processor: Processor | undefined }>>();

/**
 * The processor a webhook names (its adapter and so its secret), read again at most every
 * 10 s: a provider's webhooks are answered whatever the row's enabled state or limits, so a
 * short-lived copy changes nothing but the cost of each one.
 */
async function webhookProcessor(ctx: ServerContext, id: number): Promise<Processor | undefined> {
  const cache = webhookProcessors.get(ctx.database.db) ?? new Map<number, { until: number; processor: Processor | undefined }>();
  webhookProcessors.set(ctx.database.db, cache);
  const now = ctx.clock.now();
  const hit = cache.get(id);
  if (hit && hit.until > now) return hit.processor;
  const processor = await findProcessor(ctx.database.db, id);
  cache.set(id, { until: now + WEBHOOK_PROCESSOR_MS, processor });
  return processor;
}

/**
 * A provider's webhook for processor `processorId`: verified over the raw body, then
 * applied once per event id. Events about a payment of another processor are refused;
 * unknown event types are acknowledged and ignored.
 */
export async function receiveWebhook(
  ctx: ServerContext,
  processorId: number,
  raw: string,
  header: (name: string) => string | undefined,
): Promise<WebhookReply> {
  let reply: WebhookReply | undefined;
  try {
    reply = await receive(ctx, processorId, raw, header);
    return reply;
  } finally {
    // By the processor's adapter (a bounded set), never the id in the URL anybody may write.
    const processor = reply?.status === 404 ? undefined : await webhookProcessor(ctx, processorId).catch(() => undefined);
    // accepted (an event applied or acknowledged), duplicate, or the refusal's code (invalid_signature, …): a bounded set.
    const outcome =
      reply === undefined
        ? 'error'
        : reply.status === 200
          ? reply.body.message === 'duplicate'
            ? 'duplicate'
            : 'accepted'
          : (reply.body.message ?? String(reply.status));
    metrics.webhooks.inc({ processor: processor?.adapter ?? 'unknown', outcome });
  }
}

async function receive(ctx: ServerContext, processorId: number, raw: string, header: (name: string) => string | undefined): Promise<WebhookReply> {
  const processor = await webhookProcessor(ctx, processorId);
  const adapter = processor ? adapterFor(ctx.config, processor.adapter) : undefined;
  if (!processor || !adapter) return refuse(404, 'processor_not_found');
  const verified = adapter.verifyWebhook(ctx, raw, header);
  if (!verified.ok) return refuse(verified.reason === 'invalid_event' ? 400 : 401, verified.reason);
  const { event } = verified;
  const { db } = ctx.database;
  const seenEvent = sql<boolean>`exists (select 1 from ${paymentEvents} where ${paymentEvents.processorId} = ${processorId} and ${paymentEvents.eventId} = ${event.id})`;
  // An event about a payment reads the payment and whether the event was seen in one query.
  const [found] =
    event.reference !== undefined && Number.isSafeInteger(event.reference)
      ? await db.select({ payment: payments, seen: seenEvent }).from(payments).where(eq(payments.id, event.reference))
      : [];
  const seen = found ? found.seen : (await db.select({ seen: seenEvent }).from(sql`(select 1) as one`))[0]?.seen;
  if (seen) return ack('duplicate');
  const applied = await applyEvent(ctx, processor, event, found?.payment);
  if (applied.status !== 200 || applied.recorded) return applied;
  // Recorded after it was applied: a crash in between means the provider's retry applies it again, which the wallet's keys make harmless.
  await db
    .insert(paymentEvents)
    .values({ processorId, eventId: event.id, type: event.type, paymentId: event.reference ?? null })
    .onConflictDoNothing();
  return applied;
}

async function applyEvent(ctx: ServerContext, processor: Processor, event: WebhookEvent, payment?: PaymentRow): Promise<WebhookReply> {
  if (event.type === 'crypto.confirmed') return applyCrypto(ctx, processor, event);
  const known = ['payment.created', 'payment.succeeded', 'payment.failed', 'payout.paid', 'payout.failed'];
  if (!known.includes(event.type)) return ack('ignored');
  if (event.reference === undefined) return refuse(400, 'invalid_event');
  const p = payment ?? (await paymentOf(ctx, event.reference));
  // Another processor's payment is answered like a missing one.
  if (!p || p.processorId !== processor.id) return refuse(404, 'payment_not_found');
  if (event.amount !== undefined && event.amount !== p.amount) return refuse(400, 'amount_mismatch');
  if (event.currency !== undefined && event.currency !== p.currency) return refuse(400, 'amount_mismatch');
  const deposit = p.direction === 'deposit';
  switch (event.type) {
    case 'payment.created':
      return ack();
    case 'payment.succeeded': {
      if (!deposit) return refuse(400, 'invalid_event');
      // A held one waits for staff; the provider's repeats change nothing.
      if (p.status === 'complete' || p.status === 'refunded' || p.status === 'held') return ack();
      const credited = await credit(ctx, p, processor, event);
      return { ...ack(), recorded: credited.ok && !credited.replayed };
    }
    case 'payment.failed': {
      if (!deposit) return refuse(400, 'invalid_event');
      const reason = event.reason?.slice(0, 60) ?? 'payment_failed';
      if (await setStatus(ctx, p.id, ['pending'], 'failed', { reason })) ctx.pushes.pushDepositResult(p.playerId, depositPush(p, 0, reason));
      return ack();
    }
    case 'payout.paid': {
      if (deposit || p.walletTxId === null) return refuse(400, 'invalid_event');
      if (p.status !== 'approved') return ack(p.status === 'complete' ? undefined : 'ignored');
      const outcome = await walletOf(ctx).withdrawalComplete({ key: `payout:${p.id}`, transactionId: p.walletTxId, playerId: p.playerId });
      if (outcome.ok) await setStatus(ctx, p.id, ['approved'], 'complete', event.providerRef ? { providerRef: event.providerRef } : {});
      return ack();
    }
    default: {
      // payout.failed: the money goes back to the player's real balance.
      if (deposit || p.walletTxId === null) return refuse(400, 'invalid_event');
      if (p.status !== 'approved') return ack('ignored');
      const outcome = await walletOf(ctx).withdrawalCancel({ key: `payout-failed:${p.id}`, transactionId: p.walletTxId, playerId: p.playerId });
      if (outcome.ok) await setStatus(ctx, p.id, ['approved'], 'failed', { reason: event.reason?.slice(0, 60) ?? 'payout_failed' });
      return ack();
    }
  }
}

/** Coins reached a player's address: a payment of its own, credited when it is the address's coin and at least the minimum. */
async function applyCrypto(ctx: ServerContext, processor: Processor, event: WebhookEvent): Promise<WebhookReply> {
  const { db } = ctx.database;
  if (!event.address || !event.providerRef || event.amount === undefined || event.amount <= 0) return refuse(400, 'invalid_event');
  const [owner] = await db.select().from(paymentAddresses).where(eq(paymentAddresses.address, event.address));
  if (!owner || owner.processorId !== processor.id) return refuse(404, 'payment_not_found');
  const player = await playerOf(ctx, owner.playerId);
  const limits = player ? processor.limits[player.currency] : undefined;
  if (!player || !limits) return refuse(404, 'payment_not_found');
  const wrongCoin = event.coin !== undefined && event.coin !== owner.coin;
  const tooLittle = event.amount < limits.min_deposit;
  await db
    .insert(payments)
    .values({
      playerId: owner.playerId,
      processorId: processor.id,
      direction: 'deposit',
      amount: event.amount,
      fee: event.amount > 1 ? feeOf(processor, event.amount) : 0,
      currency: player.currency,
      status: wrongCoin || tooLittle ? 'failed' : 'pending',
      reason: wrongCoin ? 'crypto_wrong_coin' : tooLittle ? 'crypto_below_minimum' : null,
      providerRef: event.providerRef,
      details: { address: owner.address, coin: event.coin ?? owner.coin },
      createdAt: new Date(ctx.clock.now()),
    })
    .onConflictDoNothing();
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.processorId, processor.id), eq(payments.providerRef, event.providerRef)));
  if (!p) return refuse(500, 'internal_error');
  if (p.status === 'failed') {
    ctx.pushes.pushDepositResult(p.playerId, depositPush(p, 0, p.reason));
    return ack(p.reason ?? undefined);
  }
  if (p.status === 'pending') await credit(ctx, p, processor);
  return ack();
}

/** A payment as the cashier's return page shows it: the token player's only. */
export async function paymentForPlayer(ctx: ServerContext, playerId: number, ref: string) {
  const m = /^pay_(\d{1,15})$/.exec(ref);
  if (!m) return undefined;
  const p = await paymentOf(ctx, Number(m[1]));
  if (!p || p.playerId !== playerId) return undefined;
  return p;
}

/** What a deposit's promo code brought: the bonus or sports free bet granted with it (cents), why none was, or null without a code. */
export async function depositBonusResult(ctx: ServerContext, p: PaymentRow): Promise<{ amount: number; free_bet?: true } | { refused: string } | null> {
  const bonus = (p.details as { bonus?: { granted?: number; refused?: string } }).bonus;
  if (!bonus) return null;
  if (bonus.refused) return { refused: bonus.refused };
  const [row] = await rows<{ amount: string | number; free_bet: boolean }>(
    ctx.database.db,
    sql`select amount, false as free_bet from wallet_bonuses where id = ${bonus.granted ?? 0}
        union all select amount, true as free_bet from sport_free_bets where id = ${bonus.granted ?? 0}`,
  );
  if (!row) return null;
  return { amount: Number(row.amount), ...(row.free_bet ? { free_bet: true as const } : {}) };
}

/** The player's latest EU-payment deposit (contract §12.4). */
export async function latestPaymentOf(ctx: ServerContext, playerId: number, processorId: number) {
  const [p] = await ctx.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.playerId, playerId), eq(payments.processorId, processorId), eq(payments.direction, 'deposit')))
    .orderBy(sql`${payments.id} desc`)
    .limit(1);
  return p;
}

export interface WithdrawalRequest {
  processorId: number;
  amount: number;
  /** Whichever destinations the body carried; the processor's kind says which one it needs. */
  destinations: {
    bankForm?: BankForm | undefined;
    walletAccount?: { account: string } | undefined;
    cryptoAddress?: { coin: string; address: string } | undefined;
  };
  forfeitBonus: boolean;
}

/**
 * Where a withdrawal at `processor` goes, as stored in the payment's details; or, when the
 * body left it out or it is not one this processor can pay to, the fields to name.
 */
export function payoutDestination(
  processor: Processor,
  given: WithdrawalRequest['destinations'],
): { details: Record<string, unknown> } | { errors: Record<string, string> } {
  if (!isPayoutKind(processor.kind)) return { errors: {} };
  const field = DESTINATION_FIELD[processor.kind];
  const missing = () => ({ errors: Object.fromEntries(DESTINATION_FIELDS[processor.kind as PayoutKind].map((f) => [`${field}.${f}`, 'field_required'])) });
  switch (processor.kind) {
    case 'bank':
      return given.bankForm ? { details: given.bankForm } : missing();
    case 'wallet':
      return given.walletAccount ? { details: { account: given.walletAccount.account } } : missing();
    case 'crypto': {
      const c = given.cryptoAddress;
      if (!c) return missing();
      if (!coinsOf(processor).includes(c.coin)) return { errors: { [`${field}.coin`]: 'crypto_coin_unavailable' } };
      if (!validCryptoAddress(c.coin, c.address)) return { errors: { [`${field}.address`]: 'crypto_address_invalid' } };
      return { details: { coin: c.coin, address: c.address.trim() } };
    }
  }
}

/** Whether a stored withdrawal's details name a destination its processor can pay to (a request from before this was required may not). */
export function hasPayoutDestination(processor: Processor, details: unknown): boolean {
  const given = {
    bankForm: bankForm.safeParse(details).data,
    walletAccount: walletAccount.safeParse(details).data,
    cryptoAddress: cryptoAddress.safeParse(details).data,
  };
  return 'details' in payoutDestination(processor, given);
}

/** The coins a crypto processor takes and pays in. */
export const coinsOf = (processor: Processor): string[] => (Array.isArray(processor.setting.coins) ? (processor.setting.coins as string[]) : ['BTC']);

export async function requestWithdrawal(ctx: ServerContext, playerId: number, req: WithdrawalRequest) {
  const { db } = ctx.database;
  const processor = await findProcessor(ctx.database.db, req.processorId);
  const player = await playerOf(ctx, playerId);
  if (!processor || !player) return refused('processor_unavailable');
  // The player's market decides whether identity comes first (jurisdiction profiles).
  if ((await profileForCountry(ctx, player.country)).verification_before_withdrawal && !(await isVerified(db, playerId)))
    return refused('verification_required');
  const why = unavailableFor(processor, 'withdraw', player.country, player.currency);
  if (why) return refused(why);
  if (!adapterFor(ctx.config, processor.adapter)?.payout || !isPayoutKind(processor.kind)) return refused('processor_unavailable');
  const limits = processor.limits[player.currency] ?? { min_withdraw: 0, max_withdraw: null };
  if (req.amount < limits.min_withdraw) return refused('withdraw_below_minimum', [toAmount(limits.min_withdraw)]);
  if (limits.max_withdraw !== null && req.amount > limits.max_withdraw) return refused('withdraw_over_limit', [toAmount(limits.max_withdraw)]);
  const destination = payoutDestination(processor, req.destinations);
  if ('errors' in destination) return { ok: false as const, message: 'validation_failed', errors: destination.errors };
  // The payment's id is taken first so that the wallet's key can name it; the payment row is
  // then written by the request's own transaction: both exist, or neither.
  const [next] = await rows<{ id: string | number }>(db, sql`select nextval(pg_get_serial_sequence('payments', 'id')) as id`);
  const id = Number(next?.id);
  const outcome = await walletOf(ctx).withdrawalRequest({
    key: `payment:${id}`,
    playerId,
    amount: req.amount,
    provider: processor.name,
    currency: player.currency,
    forfeitBonus: req.forfeitBonus,
    with: (operationId) => [
      sql`insert into payments (id, player_id, processor_id, direction, amount, currency, status, details, wallet_tx_id, created_at)
          values (${id}, ${playerId}, ${processor.id}, 'withdrawal', ${req.amount}, ${player.currency}, 'pending',
                  ${JSON.stringify(destination.details)}::jsonb, ${operationId}, ${new Date(ctx.clock.now()).toISOString()}::timestamptz)`,
    ],
  });
  if (!outcome.ok) {
    const code = outcome.code === 'insufficient_funds' ? 'withdraw_insufficient' : outcome.code;
    return refused(code);
  }
  return { ok: true as const, paymentId: id, transactionId: outcome.operationId, amount: req.amount, balance: toBalanceInfo(outcome.balance) };
}

/**
 * The player takes back a pending withdrawal request (by the transaction list's id): only a
 * withdrawal payment of theirs. A staff refund, or anything else with no withdrawal payment
 * behind it, is answered as a missing one.
 */
export async function cancelWithdrawal(ctx: ServerContext, playerId: number, transactionId: number) {
  const { db } = ctx.database;
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.walletTxId, transactionId), eq(payments.playerId, playerId), eq(payments.direction, 'withdrawal')));
  if (!p) return refused('transaction_not_found');
  // The payment's status is taken first: an approval that got there before wins, and this cancel moves nothing.
  if (!(await setStatus(ctx, p.id, ['pending'], 'cancelled')) && p.status !== 'cancelled') return refused('withdrawal_not_pending');
  const outcome = await walletOf(ctx).withdrawalCancel({ key: `player-cancel:${transactionId}`, transactionId, playerId });
  if (!outcome.ok) return refused(outcome.code);
  return { ok: true as const, balance: toBalanceInfo(outcome.balance) };
}
