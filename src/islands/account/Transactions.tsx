import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { call } from '../../lib/api.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Refusal } from '../../shared/api.ts';
import type { Locale } from '../../shared/locales.ts';
import type { FinancialTransactionRow, FinancialTransactionsReply } from '../../shared/wallet.ts';
import { refreshBalance } from '../../stores/balance.ts';
import { toast } from '../../stores/ui.ts';
import { defaultPeriod, ListState, PER_PAGE, Pager, PeriodProviderFilters, periodParams, periodProblem, SelectField, useLoad } from './list.tsx';
import { accountText, fmt, httpStatusOf, refusalOf, validationText } from './text.ts';

const STATUSES = ['all', 'pending', 'complete', 'cancelled'] as const;
type StatusFilter = (typeof STATUSES)[number];

/** Tab 7: deposits, withdrawals and bonus events, ten a page, newest first; a pending withdrawal can be cancelled. */
export default function Transactions({ locale }: { locale: Locale }) {
  const t = useStore(accountText);
  const v = useStore(validationText);
  const [period, setPeriod] = useState(defaultPeriod);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [provider, setProvider] = useState('');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const valid = periodProblem(period) === undefined;
  const params = { ...periodParams(period), filterStatus: status, filterProvider: provider, page, itemsPerPage: PER_PAGE };
  const list = useLoad(() => call<FinancialTransactionsReply>('front/get_financial_transactions', params), valid ? JSON.stringify(params) : undefined);
  // The provider choices: the payment providers of the period's latest 100 transactions.
  const seen = useLoad(
    () => call<FinancialTransactionsReply>('front/get_financial_transactions', { ...periodParams(period), page: 1, itemsPerPage: 100 }),
    valid ? JSON.stringify(periodParams(period)) : undefined,
  );
  const providers = useMemo(
    () => [...new Set((seen.data?.transactions.rows ?? []).filter((r) => !r.is_bonus && r.name).map((r) => r.name))].sort(),
    [seen.data],
  );
  const rows = list.data?.transactions.rows ?? [];
  const count = list.data?.transactions.count ?? 0;
  const money = (n: number) => formatMoney(n, locale);
  const typeText = (type: FinancialTransactionRow['type']) => (t as Record<string, string>)[`type_${type}`] ?? type;
  const statusText = (s: string) => (t as Record<string, string>)[`status_${s}`] ?? s;

  async function cancel(row: FinancialTransactionRow) {
    if (cancelling !== null) return;
    setCancelling(row.id);
    try {
      const reply = await call<{ status: 1 } | Refusal>('front/cancel_withdrawal_request', { transactionId: row.id });
      if (reply.status === 1) {
        toast('success', t.withdrawal_cancelled);
        void refreshBalance().catch(() => undefined);
      } else toast('danger', refusalOf(reply.message, v, t));
    } catch (error) {
      toast('danger', httpStatusOf(error) === 429 ? v.too_many_attempts : v.action_failed);
    } finally {
      setCancelling(null);
      list.reload();
    }
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
        <>
          <ListState loaded={list} empty={t.transactions_empty} isEmpty={rows.length === 0} />
          {rows.length > 0 && (
            <div className="acct-table-wrap" aria-busy={list.loading}>
              <table className="acct-table acct-table-wide" data-testid="transaction-table">
                <caption className="visually-hidden">{t.transactions_caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.col_date}</th>
                    <th scope="col">{t.col_type}</th>
                    <th scope="col" className="num">
                      {t.col_amount}
                    </th>
                    <th scope="col">{t.col_provider}</th>
                    <th scope="col">{t.col_status}</th>
                    <th scope="col">{t.col_action}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <td data-label={t.col_date}>
                        <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
                      </td>
                      <th scope="row" data-label={t.col_type}>
                        {typeText(r.type)}
                      </th>
                      <td data-label={t.col_amount} className="num">
                        {money(r.amount)}
                      </td>
                      <td data-label={t.col_provider}>{r.is_bonus ? <span className="badge acct-bonus">{t.bonus_badge}</span> : r.name}</td>
                      <td data-label={t.col_status}>
                        <span className={`acct-status acct-status-${r.status}`}>{statusText(r.status)}</span>
                      </td>
                      <td data-label={t.col_action} className={r.type === 'withdrawal' && r.status === 'pending' ? undefined : 'acct-no-action'}>
                        {r.type === 'withdrawal' && r.status === 'pending' && (
                          <button
                            type="button"
                            className="btn btn-outline btn-small acct-cancel"
                            disabled={cancelling !== null}
                            aria-label={fmt(t.cancel_withdrawal_label, money(r.amount), formatDate(r.createdAt))}
                            onClick={() => void cancel(r)}
                          >
                            {t.cancel_withdrawal}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.data && <Pager page={page} count={count} onPage={setPage} />}
        </>
      )}
    </div>
  );
}
