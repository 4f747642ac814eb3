// The wallet's calls: balance, transaction and bet lists, withdrawal cancel, and the
// game studio's server-to-server wallet callback. Messages are catalogue keys. Body
// ids (`id`, `playerId`, `player_id`) are accepted and ignored: the token decides.
import { toCents } from '../money.ts';
import { MAX_PERIOD_DAYS, TRANSACTION_STATUSES } from '../wallet.ts';
import { text, z } from './common.ts';

export const MAX_ITEMS_PER_PAGE = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A whole number, sent as a number or as digits in a string (query-string habits). */
const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number(), text({ max: 20, trim: true, tooLong: 'invalid_value' }).regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int('invalid_value').min(min, 'invalid_value').max(max, 'invalid_value'));

/** A YYYY-MM-DD day; empty or null means not given. */
const optionalDay = z
  .union([text({ max: 10, trim: true, tooLong: 'invalid_date' }), z.null()])
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isDay(v), 'invalid_date');

/** Empty, null, or a missing value mean "no provider filter". */
const providerFilter = z
  .union([text({ max: 100, trim: true, tooLong: 'invalid_value' }), z.null()])
  .optional()
  .transform((v) => v || undefined);

const periodFields = {
  filterPeriod: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.enum(['0', '1', '2', '3']).transform((v) => Number(v) as 0 | 1 | 2 | 3)])
    .default(2),
  filterStartDate: optionalDay,
  filterEndDate: optionalDay,
  filterProvider: providerFilter,
  page: wholeNumber(1, 1_000_000).default(1),
  itemsPerPage: wholeNumber(1, MAX_ITEMS_PER_PAGE).default(10),
};

type PeriodInput = { filterPeriod: 0 | 1 | 2 | 3; filterStartDate?: string | undefined; filterEndDate?: string | undefined };

/** A custom period needs both days, in order, at most MAX_PERIOD_DAYS long. */
function checkPeriod(v: PeriodInput, ctx: z.RefinementCtx): void {
  if (v.filterPeriod !== 3) return;
  if (!v.filterStartDate) ctx.addIssue({ code: 'custom', path: ['filterStartDate'], message: 'field_required' });
  if (!v.filterEndDate) ctx.addIssue({ code: 'custom', path: ['filterEndDate'], message: 'field_required' });
  if (!v.filterStartDate || !v.filterEndDate) return;
  const days = (Date.parse(v.filterEndDate) - Date.parse(v.filterStartDate)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['filterEndDate'], message: 'invalid_date_range' });
  else if (days > MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: ['filterEndDate'], message: 'date_range_too_long' });
}

const sortDesc = z.boolean().default(true);

export const playerBalanceParams = z.object({}).loose();

/** Contract §12.1, plus the spec's provider filter. */
export const financialTransactionsParams = z
  .object({
    ...periodFields,
    filterStatus: z
      .union([z.enum(['all', ...TRANSACTION_STATUSES]), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || 'all'),
    sortBy: z
      .union([z.enum(['createdAt', 'type', 'amount', 'name', 'status']), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || undefined),
    sortDesc,
  })
  .loose()
  .superRefine(checkPeriod);

/** Contract §13.1, plus the spec's provider filter. No sort key (the old client sends "") means newest first. */
export const betListParams = z
  .object({
    ...periodFields,
    sortBy: z
      .union([z.enum(['createdAt', 'name', 'bet', 'win']), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || undefined),
    sortDesc,
  })
  .loose()
  .superRefine(checkPeriod);

/** Contract §12.3: our transaction id, or the processor's invoice id, from the cashier's return URL. */
export const financialTransactionParams = z
  .object({
    tx_id: z
      .union([z.number().int(), text({ max: 200, trim: true, tooLong: 'invalid_value' }), z.null()])
      .optional()
      .transform((v) => (v === '' || v === null ? undefined : v)),
    invoice_id: z
      .union([text({ max: 200, trim: true, tooLong: 'invalid_value' }), z.null()])
      .optional()
      .transform((v) => v || undefined),
  })
  .loose()
  .superRefine((v, ctx) => {
    if (v.tx_id === undefined && v.invoice_id === undefined) ctx.addIssue({ code: 'custom', path: ['tx_id'], message: 'field_required' });
  });

/** Contract §12.2: the withdrawal's row id from the transaction list. */
export const cancelWithdrawalParams = z.object({ transactionId: wholeNumber(1, Number.MAX_SAFE_INTEGER) }).loose();

/** An amount as the contract writes money (a number, or its text, with at most two decimals), turned into cents. */
const money = (min: number) =>
  z.union([z.number(), text({ max: 30, tooLong: 'invalid_value' })]).transform((v, ctx) => {
    const cents = toCents(v);
    if (cents === undefined || cents < min) {
      ctx.addIssue({ code: 'custom', message: 'invalid_amount' });
      return z.NEVER;
    }
    return cents;
  });

const transactionId = text({ max: 200, trim: true, tooLong: 'invalid_value' }).min(1, 'field_required');
const playerId = z.number().int().positive();

/** The game studio's bet: stake `amount` for `playerId` in a round of a game. */
export const gameBetParams = z.object({
  playerId,
  transactionId,
  amount: money(1),
  gameId: text({ max: 100, trim: true, tooLong: 'invalid_value' }).min(1, 'field_required'),
  gameName: text({ max: 200, trim: true, tooLong: 'invalid_value' }).min(1, 'field_required'),
  roundId: text({ max: 200, trim: true, tooLong: 'invalid_value' }).min(1, 'field_required'),
  provider: text({ max: 100, trim: true, tooLong: 'invalid_value' }).optional(),
});

/** The game studio's win for an earlier bet; 0 settles a lost round. */
export const gameWinParams = z.object({ playerId, transactionId, betTransactionId: transactionId, amount: money(0) });

/** The game studio's cancel of an earlier bet. */
export const gameRollbackParams = z.object({ playerId, transactionId, betTransactionId: transactionId });
