import type { Reply } from '../../../shared/contract/index.ts';
import { profileForPlayer } from '../../jurisdiction/index.ts';
import { Hono } from 'hono';
import { toAmount } from '../../../shared/money.ts';
import {
  betListParams,
  cancelWithdrawalParams,
  financialTransactionParams,
  financialTransactionsParams,
  playerBalanceParams,
} from '../../../shared/schemas/wallet.ts';
import type { FinancialTransactionRow } from '../../../shared/wallet.ts';
import { type AuthEnv, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody, refusal } from '../../http.ts';
import { cancelWithdrawal, depositBonusResult, PENDING_DEPOSIT_MINUTES, paymentForPlayer } from '../../payments/service.ts';
import {
  type FinancialRow,
  findFinancialTransaction,
  listBets,
  listFinancialTransactions,
  periodRange,
  readActiveBonus,
  readBalance,
  toBalanceInfo,
} from '../../wallet/index.ts';

const financialRow = (r: FinancialRow): FinancialTransactionRow => ({
  id: r.id,
  type: r.type,
  createdAt: r.createdAt,
  amount: toAmount(r.amount),
  currency: r.currency,
  name: r.name,
  status: r.status,
  is_bonus: r.isBonus,
  source: r.source,
  reason: r.reason,
});

/** The player's wallet calls; the player is always the token's, whatever ids the body carries. */
export function walletRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const player = requirePlayer(ctx);
  // Moving money asks whether the login still stands; reading it does not.
  const livePlayer = requireLivePlayer(ctx);
  return new Hono<AuthEnv>()
    .post('/get_player_balance', player, async (c) => {
      await parseBody(c, playerBalanceParams);
      const playerId = c.get('player').playerId;
      const [balance, bonus] = await Promise.all([readBalance(db, playerId), readActiveBonus(db, playerId)]);
      return c.json({
        status: 1,
        player: toBalanceInfo(balance),
        bonus: bonus
          ? {
              promo_code: bonus.promoCode,
              currency: balance.currency,
              amount: toAmount(bonus.amount),
              expires_at: bonus.expiresAt?.toISOString() ?? null,
              max_cashout: bonus.maxCashout === null ? null : toAmount(bonus.maxCashout),
            }
          : null,
      } satisfies Reply<'front/get_player_balance'>);
    })
    .post('/get_financial_transactions', player, async (c) => {
      const q = await parseBody(c, financialTransactionsParams);
      const { count, rows } = await listFinancialTransactions(db, c.get('player').playerId, {
        ...periodRange(q.filterPeriod, q.filterStartDate, q.filterEndDate),
        status: q.filterStatus,
        provider: q.filterProvider,
        // Without a sort key the list is newest first, as the contract's client expects.
        sortBy: q.sortBy ?? 'createdAt',
        sortDesc: q.sortBy ? q.sortDesc : true,
        page: q.page,
        perPage: q.itemsPerPage,
        unpaidBefore: new Date(ctx.clock.now() - PENDING_DEPOSIT_MINUTES * 60_000),
      });
      return c.json({ status: 1, transactions: { count, rows: rows.map(financialRow) } } satisfies Reply<'front/get_financial_transactions'>);
    })
    .post('/get_financial_transaction', player, async (c) => {
      const q = await parseBody(c, financialTransactionParams);
      const playerId = c.get('player').playerId;
      // A cashier's return names our payment (`pay_<id>`): pending and failed deposits are answered too.
      const paymentRef = [q.tx_id, q.invoice_id].find((v): v is string => typeof v === 'string' && v.startsWith('pay_'));
      if (paymentRef) {
        const p = await paymentForPlayer(ctx, playerId, paymentRef);
        if (!p) return c.json(refusal('transaction_not_found'));
        const bonus = await depositBonusResult(ctx, p);
        return c.json({
          status: 1,
          transaction: {
            id: paymentRef,
            type: p.direction,
            amount: toAmount(p.amount),
            fee: toAmount(p.fee),
            currency: p.currency,
            status: p.status,
            reason: p.reason,
            createdAt: p.createdAt.toISOString(),
            // The promo code's bonus: granted with the credit (its amount), or the catalogue key of why not.
            bonus: bonus && 'amount' in bonus ? { ...bonus, amount: toAmount(bonus.amount) } : bonus,
          },
        });
      }
      const ownId = typeof q.tx_id === 'number' ? q.tx_id : q.tx_id && /^\d{1,15}$/.test(q.tx_id) ? Number(q.tx_id) : undefined;
      // A cashier may hand back its own reference as tx_id: our id is tried first, then theirs.
      const reference = q.invoice_id ?? (typeof q.tx_id === 'string' ? q.tx_id : undefined);
      const found =
        (ownId !== undefined ? await findFinancialTransaction(db, playerId, { id: ownId }) : undefined) ??
        (reference ? await findFinancialTransaction(db, playerId, { invoiceId: reference }) : undefined);
      // Another player's transaction answers exactly like one that does not exist.
      if (!found) return c.json(refusal('transaction_not_found'));
      return c.json({ status: 1, transaction: { ...financialRow(found), invoice_id: found.invoiceId } } satisfies Reply<'front/get_financial_transaction'>);
    })
    .post('/get_bet_list', player, async (c) => {
      const q = await parseBody(c, betListParams);
      const { count, rows } = await listBets(db, c.get('player').playerId, {
        ...periodRange(q.filterPeriod, q.filterStartDate, q.filterEndDate),
        provider: q.filterProvider,
        sortBy: q.sortBy ?? 'createdAt',
        sortDesc: q.sortBy ? q.sortDesc : true,
        page: q.page,
        perPage: q.itemsPerPage,
      });
      const shaped = rows.map((r) => ({ ...r, bet: toAmount(r.bet), win: toAmount(r.win), total: toAmount(r.total) }));
      return c.json({ status: 1, transactions: { count, rows: shaped } } satisfies Reply<'front/get_bet_list'>);
    })
    .post('/cancel_withdrawal_request', livePlayer, async (c) => {
      const { transactionId } = await parseBody(c, cancelWithdrawalParams);
      const playerId = c.get('player').playerId;
      // Some markets take the reversal away (jurisdiction profile): the money stays on its way out.
      if (!(await profileForPlayer(ctx, playerId)).withdrawal_cancel) return c.json(refusal('withdrawal_cancel_not_allowed'));
      // One cancel per withdrawal: a double click replays the first answer; an approval that came first wins.
      const outcome = await cancelWithdrawal(ctx, playerId, transactionId);
      if (!outcome.ok) return c.json(refusal(outcome.message));
      return c.json({ status: 1, player: outcome.balance } satisfies Reply<'front/cancel_withdrawal_request'>);
    });
}
