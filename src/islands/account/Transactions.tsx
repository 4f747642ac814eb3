import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { type FinancialTransactionRow, TRANSACTION_STATUSES } from '../../shared/wallet.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/ui.ts';
import { defaultPeriod, ListTable, PER_PAGE, PeriodProviderFilters, periodParams, periodProblem, SelectField, useLoad } from './list.tsx';
import { cancelWithdrawal, loadTransactions } from '../../stores/wallet.ts';
import { failureReason, paymentsText } from './payments/text.ts';
import { accountText, fmt, refusalOf, textOf, validationText } from './text.ts';

// SPEC §4's statuses, and what became of a deposit that never reached the wallet (declined, failed, expired, held, returned).
const STATUSES = ['all', ...TRANSACTION_STATUSES] as const;
type StatusFilter = (typeof STATUSES)[number];

/** Tab 7: deposits, withdrawals and bonus events, ten a page, newest first; a pending withdrawal can be cancelled. */
export default function Transactions({ locale }: { locale: Locale }) {
  const t = useStore(accountText);
  const v = useStore(validationText);
  const p = useStore(paymentsText);
  const session = useStore($session);
  const [period, setPeriod] = useState(defaultPeriod);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [provider, setProvider] = useState('');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const valid = periodProblem(period) === undefined;
  const params = { ...periodParams(period), filterStatus: status, filterProvider: provider, page, itemsPerPage: PER_PAGE };
  const list = useLoad(() => loadTransactions(params), valid ? JSON.stringify(params) : undefined);
  // The provider choices: the payment providers of the period's latest 100 transactions.
  const seen = useLoad(
    () => loadTransactions({ ...periodParams(period), page: 1, itemsPerPage: 100 }),
    valid ? JSON.stringify(periodParams(period)) : undefined,
  );
  const providers = useMemo(
    () => [...new Set((seen.data?.transactions.rows ?? []).filter((r) => !r.is_bonus && r.name).map((r) => r.name))].sort(),
    [seen.data],
  );
  const rows = list.data?.transactions.rows ?? [];
  const count = list.data?.transactions.count ?? 0;
  // Each row names its currency: the player's wallet currency, whatever the page's locale.
  const money = (n: number, currency = session.user?.currency) => formatMoney(n, locale, currency);
  const typeText = (type: FinancialTransactionRow['type']) => textOf(t, `type_${type}`) ?? type;
  const statusText = (s: string) => textOf(t, `status_${s}`) ?? s;

  const cancellable = (r: FinancialTransactionRow) => r.type === 'withdrawal' && r.status === 'pending';

  async function cancel(row: FinancialTransactionRow) {
    if (cancelling !== null) return;
    setCancelling(row.id);
    const outcome = await cancelWithdrawal(row.id);
    if (outcome.ok) toast('success', t.withdrawal_cancelled);
    else if (outcome.refused) toast('danger', refusalOf(outcome.message, v, t));
    else toast('danger', outcome.httpStatus === 429 ? v.too_many_attempts : v.action_failed);
    setCancelling(null);
    list.reload();
  }

  return (
    <div className="acct-list">
      <fieldset className="acct-filters">
        <legend className="visually-hidden">{t.filters}</legend>
        <SelectField
          label={t.status}
          value={status}
          onValue={(s) => {
            setStatus(s as StatusFilter);
            setPage(1);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusText(s)}
            </option>
          ))}
        </SelectField>
        <PeriodProviderFilters
          period={period}
          onPeriod={setPeriod}
          providers={providers}
          provider={provider}
          onProvider={setProvider}
          requiredText={v.field_required}
          onFirstPage={() => setPage(1)}
        />
      </fieldset>

      {valid && (
        <ListTable
          loaded={list}
          rows={rows}
          count={count}
          page={page}
          onPage={setPage}
          empty={t.transactions_empty}
          caption={t.transactions_caption}
          testId="transaction-table"
          rowKey={(r) => `${r.source}-${r.id}`}
          wide
          columns={[
            { label: t.col_date, cell: (r) => <time dateTime={r.createdAt}>{formatDate(r.createdAt, true)}</time> },
            { label: t.col_type, rowHeader: true, cell: (r) => typeText(r.type) },
            { label: t.col_amount, numeric: true, cell: (r) => money(r.amount, r.currency) },
            { label: t.col_provider, cell: (r) => (r.is_bonus ? <span className="badge acct-bonus">{t.bonus_badge}</span> : r.name) },
            {
              label: t.col_status,
              cell: (r) => {
                // A deposit that did not arrive says why, as the deposit tab did.
                const why = r.status === 'complete' ? undefined : failureReason(r.reason, { p, v });
                return (
                  <>
                    <span className={`acct-status acct-status-${r.status}`}>{statusText(r.status)}</span>
                    {why && <span className="acct-reason">{why}</span>}
                  </>
                );
              },
            },
            {
              label: t.col_action,
              cellClass: (r) => (cancellable(r) ? undefined : 'acct-no-action'),
              cell: (r) =>
                cancellable(r) && (
                  <button
                    type="button"
                    className="btn btn-outline btn-small acct-cancel"
                    disabled={cancelling !== null}
                    aria-label={fmt(t.cancel_withdrawal_label, money(r.amount, r.currency), formatDate(r.createdAt, true))}
                    onClick={() => void cancel(r)}
                  >
                    {t.cancel_withdrawal}
                  </button>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
