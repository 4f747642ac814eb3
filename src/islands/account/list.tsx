// What the bet and transaction lists share: the period filter, selects, paging, the table,
// loading, empty and error states, and a loader that ignores answers that came too late.
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { SelectField } from '../forms/SelectField.tsx';
import { MAX_PERIOD_DAYS } from '../../shared/wallet.ts';
import { accountText, addDays, fmt, today } from './text.ts';

export const PER_PAGE = 10;

/** The contract's filterPeriod: 0 last 24 hours, 1 last 7 days, 2 last 30 days (default), 3 custom days. */
export interface Period {
  period: 0 | 1 | 2 | 3;
  start: string;
  end: string;
}

export function defaultPeriod(): Period {
  const end = today();
  return { period: 2, start: addDays(end, -29), end };
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** What is wrong with a custom period, as an account text key, or undefined. */
export function periodProblem(p: Period): 'field_required' | 'invalid_date_range' | 'date_range_too_long' | undefined {
  if (p.period !== 3) return undefined;
  if (!p.start || !p.end) return 'field_required';
  const days = dayNumber(p.end) - dayNumber(p.start) + 1;
  if (!(days >= 1)) return 'invalid_date_range';
  if (days > MAX_PERIOD_DAYS) return 'date_range_too_long';
  return undefined;
}

export function periodParams(p: Period): { filterPeriod: 0 | 1 | 2 | 3; filterStartDate: string; filterEndDate: string } {
  return { filterPeriod: p.period, filterStartDate: p.period === 3 ? p.start : '', filterEndDate: p.period === 3 ? p.end : '' };
}

// The form kit's select, which the account tabs have always imported from here.
export { SelectField };

/** The period select, with two day pickers for custom dates. */
export function PeriodFilter({ value, onChange, requiredText }: { value: Period; onChange: (p: Period) => void; requiredText: string }) {
  const t = useStore(accountText);
  const id = useId();
  const problem = periodProblem(value);
  const message =
    problem === 'field_required' ? requiredText : problem === 'date_range_too_long' ? t.date_range_too_long(MAX_PERIOD_DAYS) : problem ? t[problem] : undefined;
  const max = today();
  return (
    <>
      <SelectField label={t.period} value={value.period} onValue={(v) => onChange({ ...value, period: Number(v) as Period['period'] })}>
        <option value={0}>{t.period_24h}</option>
        <option value={1}>{t.period_7d}</option>
        <option value={2}>{t.period_30d}</option>
        <option value={3}>{t.period_custom}</option>
      </SelectField>
      {value.period === 3 && (
        <>
          <div className={`field${problem && problem !== 'date_range_too_long' && !value.start ? ' is-invalid' : ''}`}>
            <label htmlFor={`${id}-start`}>{t.start_date}</label>
            <input
              id={`${id}-start`}
              type="date"
              value={value.start}
              max={value.end || max}
              onChange={(e) => onChange({ ...value, start: e.target.value })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-feedback` : undefined}
            />
          </div>
          <div className={`field${problem ? ' is-invalid' : ''}`}>
            <label htmlFor={`${id}-end`}>{t.end_date}</label>
            <input
              id={`${id}-end`}
              type="date"
              value={value.end}
              min={value.start || undefined}
              max={max}
              onChange={(e) => onChange({ ...value, end: e.target.value })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-feedback` : undefined}
            />
          </div>
          {message && (
            <p id={`${id}-feedback`} className="acct-filter-error feedback" role="alert">
              {message}
            </p>
          )}
        </>
      )}
    </>
  );
}

/** The provider select: every provider seen in the period, plus the chosen one. */
export function ProviderFilter({ providers, value, onChange }: { providers: string[]; value: string; onChange: (v: string) => void }) {
  const t = useStore(accountText);
  const names = value && !providers.includes(value) ? [...providers, value] : providers;
  return (
    <SelectField label={t.provider} value={value} onValue={onChange}>
      <option value="">{t.all_providers}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

/** The period and provider filters of a list; any change goes back to page 1. */
export function PeriodProviderFilters(props: {
  period: Period;
  onPeriod: (p: Period) => void;
  providers: string[];
  provider: string;
  onProvider: (v: string) => void;
  requiredText: string;
  onFirstPage: () => void;
}) {
  return (
    <>
      <PeriodFilter
        value={props.period}
        requiredText={props.requiredText}
        onChange={(p) => {
          props.onPeriod(p);
          props.onFirstPage();
        }}
      />
      <ProviderFilter
        providers={props.providers}
        value={props.provider}
        onChange={(p) => {
          props.onProvider(p);
          props.onFirstPage();
        }}
      />
    </>
  );
}

/** Previous / page X of Y / next, for a server-paged list. */
export function Pager({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  const t = useStore(accountText);
  const pages = Math.max(1, Math.ceil(count / PER_PAGE));
  return (
    <div className="acct-pager">
      <span className="acct-results">{fmt(t.results, count)}</span>
      {pages > 1 && (
        <nav aria-label={t.pagination}>
          <button type="button" className="btn btn-outline btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <span aria-hidden="true">‹</span> {t.previous_page}
          </button>
          <span aria-current="page">{fmt(t.page_of, page, pages)}</span>
          <button type="button" className="btn btn-outline btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t.next_page} <span aria-hidden="true">›</span>
          </button>
        </nav>
      )}
    </div>
  );
}

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/**
 * Runs `load` whenever `key` changes (or on reload) and keeps the last answer while the
 * next one comes; an answer to an older key is dropped. `key` undefined: nothing to load.
 */
export function useLoad<T>(load: () => Promise<T>, key: string | undefined): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; failed: boolean }>({
    data: undefined,
    loading: key !== undefined,
    failed: false,
  });
  const [nonce, setNonce] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything `load` depends on; nonce forces a reload
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    latest.current().then(
      (data) => {
        if (current) setState({ data, loading: false, failed: false });
      },
      (error: unknown) => {
        console.error('account: loading failed', error);
        if (current) setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, nonce]);
  return { ...state, reload: () => setNonce((n) => n + 1) };
}

/** Loading, error (with retry) and empty states of a list, or nothing when there are rows. */
export function ListState({ loaded, empty, isEmpty }: { loaded: Loaded<unknown>; empty: string; isEmpty: boolean }) {
  const t = useStore(accountText);
  if (loaded.failed) {
    return (
      <div className="alert alert-danger acct-list-state" role="alert">
        {t.load_failed}{' '}
        <button type="button" className="link-button" onClick={loaded.reload}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (loaded.loading && loaded.data === undefined) {
    return (
      <p className="acct-state" role="status" aria-busy="true">
        <span className="spinner" aria-hidden="true" /> {t.loading}
      </p>
    );
  }
  if (isEmpty && !loaded.loading) {
    return (
      <p className="acct-empty" role="status">
        {empty}
      </p>
    );
  }
  return null;
}

/** A column of a ListTable: its heading, and the cell of a row. */
export interface Column<R> {
  label: string;
  /** Amounts: aligned right. */
  numeric?: boolean;
  /** The cell that names the row (a `th` of the row). */
  rowHeader?: boolean;
  /** Extra classes of a row's cell (a sign colour, "no action"). */
  cellClass?: (row: R) => string | undefined;
  cell: (row: R) => ReactNode;
}

/**
 * A paged list as the bet list and the transactions show it: its states, a table whose
 * cells carry their column's name (the narrow layout shows it), and the pager.
 */
export function ListTable<R extends { id: number }>(props: {
  loaded: Loaded<unknown>;
  rows: R[];
  count: number;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  caption: string;
  testId: string;
  wide?: boolean;
  columns: Column<R>[];
  /** A row's key when ids alone may repeat (rows from two sources). */
  rowKey?: (row: R) => string;
}) {
  const { loaded, rows, columns } = props;
  const classOf = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;
  return (
    <>
      <ListState loaded={loaded} empty={props.empty} isEmpty={rows.length === 0} />
      {rows.length > 0 && (
        <div className="acct-table-wrap" aria-busy={loaded.loading}>
          <table className={props.wide ? 'acct-table acct-table-wide' : 'acct-table'} data-testid={props.testId}>
            <caption className="visually-hidden">{props.caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={props.rowKey?.(r) ?? r.id}>
                  {columns.map((c) => {
                    const Cell = c.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={c.label}
                        scope={c.rowHeader ? 'row' : undefined}
                        data-label={c.label}
                        className={classOf(c.numeric && 'num', c.cellClass?.(r))}
                      >
                        {c.cell(r)}
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaded.data !== undefined && <Pager page={props.page} count={props.count} onPage={props.onPage} />}
    </>
  );
}
