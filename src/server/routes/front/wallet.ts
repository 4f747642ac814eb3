import { Hono } from 'hono';
import { toAmount } from '../../../shared/money.ts';
import {
  betListParams,
  cancelWithdrawalParams,
  financialTransactionParams,
  financialTransactionsParams,
  playerBalanceParams,
} from '../../../shared/schemas/wallet.ts';
import type {
  BetListReply,
  FinancialTransactionReply,
  FinancialTransactionRow,
  FinancialTransactionsReply,
  PlayerBalanceReply,
} from '../../../shared/wallet.ts';
import { type AuthEnv, requirePlayer } from '../../auth/middleware.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody, refusal } from '../../http.ts';
import {
  type FinancialRow,
  findFinancialTransaction,
  listBets,
  listFinancialTransactions,
  periodRange,
  readBalance,
  toBalanceInfo,
  walletOf,
} from '../../wallet/index.ts';

const financialRow = (r: FinancialRow): FinancialTransactionRow => ({
  id: r.id,
  type: r.type,
  createdAt: r.createdAt,
  amount: toAmount(r.amount),
  name: r.name,
  status: r.status,
  is_bonus: r.isBonus,
});

/** The player's wallet calls; the player is always the token's, whatever ids the body carries. */
export function walletRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const player = requirePlayer(ctx);
  return new Hono<AuthEnv>()
    .post('/get_player_balance', player, async (c) => {
      await parseBody(c, playerBalanceParams);
      const balance = await readBalance(db, c.get('player').playerId);
      return c.json({ status: 1, player: toBalanceInfo(balance) } satisfies PlayerBalanceReply);
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
      });
      return c.json({ status: 1, transactions: { count, rows: rows.map(financialRow) } } satisfies FinancialTransactionsReply);
    })
    .post('/get_financial_transaction', player, async (c) => {
      const q = await parseBody(c, financialTransactionParams);
      const playerId = c.get('player').playerId;
      const ownId = typeof q.tx_id === 'number' ? q.tx_id : q.tx_id && /^\d{1,15}$/.test(q.tx_id) ? Number(q.tx_id) : undefined;
      // A cashier may hand back its own reference as tx_id: our id is tried first, then theirs.
      const reference = q.invoice_id ?? (typeof q.tx_id === 'string' ? q.tx_id : undefined);
      const found =
        (ownId !== undefined ? await findFinancialTransaction(db, playerId, { id: ownId }) : undefined) ??
        (reference ? await findFinancialTransaction(db, playerId, { invoiceId: reference }) : undefined);
      // Another player's transaction answers exactly like one that does not exist.
      if (!found) return c.json(refusal('transaction_not_found'));
      return c.json({ status: 1, transaction: { ...financialRow(found), invoice_id: found.invoiceId } } satisfies FinancialTransactionReply);
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
      return c.json({ status: 1, transactions: { count, rows: shaped } } satisfies BetListReply);
    })
    .post('/cancel_withdrawal_request', player, async (c) => {
      const { transactionId } = await parseBody(c, cancelWithdrawalParams);
      const playerId = c.get('player').playerId;
      // One cancel per withdrawal: a double click replays the first answer.
      const outcome = await walletOf(ctx).withdrawalCancel({ key: `player-cancel:${transactionId}`, transactionId, playerId });
      if (!outcome.ok) return c.json(refusal(outcome.code));
      return c.json({ status: 1, player: toBalanceInfo(outcome.balance) });
    });
}
