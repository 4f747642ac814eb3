import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import type { BetListRow } from '../../shared/wallet.ts';
import { defaultPeriod, ListTable, PER_PAGE, type Period, PeriodProviderFilters, periodParams, periodProblem, useLoad } from './list.tsx';
import { $session } from '../../stores/session.ts';
import NetChart from './NetChart.tsx';
import { loadBets, verifyRound } from '../../stores/wallet.ts';
import { accountText, dayKey, today, validationText } from './text.ts';

/** The chart reads the period's bets 100 at a time (the server's page limit), at most this many pages. */
const CHART_PAGE_SIZE = 100;
const CHART_MAX_PAGES = 5;

interface PeriodBets {
  rows: BetListRow[];
  count: number;
}

/** The period's bets for the chart and the provider list: newest first, up to 500 of them. */
async function periodBets(period: Period): Promise<PeriodBets> {
  const ask = (page: number) => loadBets({ ...periodParams(period), page, itemsPerPage: CHART_PAGE_SIZE });
  const first = await ask(1);
  const { count } = first.transactions;
  const pages = Math.min(CHART_MAX_PAGES, Math.ceil(count / CHART_PAGE_SIZE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => ask(i + 2)));
  return { rows: [first, ...rest].flatMap((r) => r.transactions.rows), count };
}

/** First and last day of a period, in the browser's days. */
function periodDays(p: Period): { start: string; end: string } {
  if (p.period === 3) return { start: p.start, end: p.end };
  const days = p.period === 0 ? 1 : p.period === 1 ? 7 : 30;
  return { start: dayKey(new Date(Date.now() - days * 86_400_000)), end: today() };
}

const sign = (n: number) => (n > 0 ? 'acct-up' : n < 0 ? 'acct-down' : undefined);

/** Tab 0: the player's bets, ten a page, newest first, with the net result chart of the period. */
export default function BetList({ locale }: { locale: Locale }) {
  const t = useStore(accountText);
  const v = useStore(validationText);
  const session = useStore($session);
  const [period, setPeriod] = useState(defaultPeriod);
  const [provider, setProvider] = useState('');
  const [page, setPage] = useState(1);
  const valid = periodProblem(period) === undefined;
  const params = { ...periodParams(period), filterProvider: provider, page, itemsPerPage: PER_PAGE };
  const list = useLoad(() => loadBets(params), valid ? JSON.stringify(params) : undefined);
  const all = useLoad(() => periodBets(period), valid ? JSON.stringify(periodParams(period)) : undefined);

  const providers = useMemo(() => [...new Set((all.data?.rows ?? []).map((r) => r.provider).filter(Boolean))].sort(), [all.data]);
  const chartBets = provider ? (all.data?.rows ?? []).filter((r) => r.provider === provider) : (all.data?.rows ?? []);
  const days = periodDays(period);
  const rows = list.data?.transactions.rows ?? [];
  const count = list.data?.transactions.count ?? 0;
  // The player's wallet currency, whatever the page's locale (each row names it too).
  const currency = rows[0]?.currency ?? all.data?.rows[0]?.currency ?? session.user?.currency;
  const money = (n: number) => formatMoney(n, locale, currency);
  const [fairProblem, setFairProblem] = useState(false);
  const verify = (roundId: string) => {
    setFairProblem(false);
    verifyRound(roundId, locale)
      .then((shown) => setFairProblem(!shown))
      .catch(() => setFairProblem(true));
  };

  return (
    <div className="acct-list">
      <fieldset className="acct-filters">
        <legend className="visually-hidden">{t.filters}</legend>
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

      {valid &&
        (all.failed ? (
          <p className="alert alert-danger" role="alert">
            {t.chart_failed}
          </p>
        ) : all.data ? (
          <NetChart
            locale={locale}
            currency={currency}
            bets={chartBets}
            start={days.start}
            end={days.end}
            partial={all.data.rows.length < all.data.count ? { shown: all.data.rows.length, total: all.data.count } : undefined}
          />
        ) : (
          <div className="acct-chart card acct-chart-loading" aria-hidden="true" />
        ))}

      {fairProblem && (
        <p className="alert alert-danger" role="alert">
          {t.verify_busy}
        </p>
      )}
      {valid && (
        <ListTable
          loaded={list}
          rows={rows}
          count={count}
          page={page}
          onPage={setPage}
          empty={t.bets_empty}
          caption={t.bets_caption}
          testId="bet-table"
          columns={[
            { label: t.col_date, cell: (r) => <time dateTime={r.createdAt}>{formatDate(r.createdAt, true)}</time> },
            { label: t.col_game, rowHeader: true, cell: (r) => r.name },
            { label: t.col_bet, numeric: true, cell: (r) => money(r.bet) },
            { label: t.col_win, numeric: true, cell: (r) => money(r.win) },
            { label: t.col_total, numeric: true, cellClass: (r) => sign(r.total), cell: (r) => money(r.total) },
            {
              label: t.col_fair,
              cell: (r) =>
                r.roundId.startsWith('studio-') && (
                  <button type="button" className="btn btn-link btn-sm" onClick={() => verify(r.roundId)}>
                    {t.verify_round}
                  </button>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
