import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { formatDate, formatMoney, formatMonth } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { ALL_BREAK_DURATIONS, type BreakDuration, LIMIT_KINDS, type LimitKind, type LimitRow } from '../../shared/protection.ts';
import { $saferGambling, closeAccount, confirmLimit, loadSaferGambling, setLimit, setRealityCheck, takeBreak } from '../../stores/limits.ts';
import { signOut } from '../../stores/session.ts';
import { Field } from '../forms/Field.tsx';
import { SelectField } from './list.tsx';
import { protectionText } from './protection-text.ts';
import { fmt, textOf, validationText } from './text.ts';
import { LoadFailed, Loading } from './states.tsx';

type Outcome = { kind: 'success' | 'danger'; text: string } | undefined;

/** After a break or closure the server has ended the login; the page says so, then leaves. */
const LEAVE_AFTER_MS = 3000;

function OutcomeLine({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  return (
    <p className={`alert alert-${outcome.kind}`} role={outcome.kind === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      {outcome.text}
    </p>
  );
}

/** The safer-gambling tab: limits, the limits in force, month by month, breaks and closure. */
export default function SaferGambling({ locale }: { locale: Locale }) {
  const p = useStore(protectionText);
  const state = useStore($saferGambling);

  useEffect(() => {
    void loadSaferGambling();
  }, []);

  if (state.failed) {
    return <LoadFailed retry={() => void loadSaferGambling()} />;
  }
  if (!state.data) {
    return <Loading />;
  }
  const { data } = state;
  const shown = (kind: LimitKind, amount: number | null) =>
    amount === null ? p.no_limit : kind === 'session' ? p.session_minutes(amount) : formatMoney(amount, locale, data.currency);

  return (
    <div className="acct-safer" data-testid="safer-gambling">
      <p className="acct-intro">{p.intro}</p>
      <LimitForm limits={data.limits} currency={data.currency} />
      <LimitsInForce limits={data.limits} shown={shown} />
      <Months locale={locale} />
      <RealityForm minutes={data.reality_check_minutes} />
      <BreakForm />
      <CloseForm />
    </div>
  );
}

function LimitForm({ limits, currency }: { limits: LimitRow[]; currency: string }) {
  const p = useStore(protectionText);
  const v = useStore(validationText);
  const [kind, setKind] = useState<LimitKind>('deposit_day');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const current = limits.find((l) => l.kind === kind);

  async function send(value: string | null) {
    if (busy) return;
    setError(undefined);
    setOutcome(undefined);
    if (value !== null && value.trim() === '') {
      setError(v.field_required);
      return;
    }
    setBusy(true);
    const result = await setLimit(kind, value === null ? null : value.trim().replace(',', '.'));
    setBusy(false);
    if (!result.ok) {
      const text = textOf(p, result.message) ?? textOf(v, result.message) ?? v.action_failed;
      if (result.field === 'amount') setError(text);
      else setOutcome({ kind: 'danger', text });
      return;
    }
    const { outcome: done, limit } = result.value;
    if (done === 'waiting' && limit.pending) setOutcome({ kind: 'success', text: fmt(p.limit_waiting, formatDate(limit.pending.confirmable_from, true)) });
    else setOutcome({ kind: 'success', text: done === 'lowered' ? p.limit_lowered : p.limit_unchanged });
    setAmount('');
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send(amount);
  }

  return (
    <form className="card acct-box acct-form" onSubmit={submit} noValidate data-testid="limit-form">
      <h2 className="acct-subtitle">{p.limits_heading}</h2>
      <OutcomeLine outcome={outcome} testId="limit-outcome" />
      <SelectField label={p.limit_kind_label} value={kind} onValue={(k) => setKind(k as LimitKind)} name="kind">
        {LIMIT_KINDS.map((k) => (
          <option key={k} value={k}>
            {p[`kind_${k}`]}
          </option>
        ))}
      </SelectField>
      <Field
        label={kind === 'session' ? p.minutes_label : fmt(p.amount_label, currency)}
        name="amount"
        value={amount}
        onValue={setAmount}
        error={error}
        inputMode={kind === 'session' ? 'numeric' : 'decimal'}
        autoComplete="off"
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {p.set_limit}
        </button>
        {current?.amount !== null && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void send(null)}>
            {p.remove_limit}
          </button>
        )}
      </div>
    </form>
  );
}

function LimitsInForce({ limits, shown }: { limits: LimitRow[]; shown: (kind: LimitKind, amount: number | null) => string }) {
  const p = useStore(protectionText);
  const v = useStore(validationText);
  const [outcome, setOutcome] = useState<Outcome>();
  const set = limits.filter((l) => l.amount !== null || l.pending);

  async function confirm(kind: LimitKind) {
    setOutcome(undefined);
    const result = await confirmLimit(kind);
    if (result.ok) setOutcome({ kind: 'success', text: p.limit_confirmed });
    else setOutcome({ kind: 'danger', text: textOf(p, result.message) ?? v.action_failed });
  }

  return (
    <section className="card acct-box" aria-labelledby="limits-in-force">
      <h2 className="acct-subtitle" id="limits-in-force">
        {p.limits_in_force}
      </h2>
      <OutcomeLine outcome={outcome} testId="confirm-outcome" />
      {set.length === 0 ? (
        <p>{p.no_limits}</p>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table" data-testid="limits-table">
            <thead>
              <tr>
                <th scope="col">{p.col_limit}</th>
                <th scope="col">{p.col_in_force}</th>
                <th scope="col">{p.col_change}</th>
              </tr>
            </thead>
            <tbody>
              {set.map((l) => (
                <tr key={l.kind}>
                  <th scope="row" data-label={p.col_limit}>
                    {p[`kind_${l.kind}`]}
                  </th>
                  <td data-label={p.col_in_force}>{shown(l.kind, l.amount)}</td>
                  <td data-label={p.col_change}>
                    {l.pending ? (
                      <>
                        {l.pending.remove
                          ? fmt(p.pending_remove, formatDate(l.pending.confirmable_from, true))
                          : fmt(p.pending_change, shown(l.kind, l.pending.amount), formatDate(l.pending.confirmable_from, true))}{' '}
                        <button type="button" className="link-button" onClick={() => void confirm(l.kind)}>
                          {p.confirm_change}
                        </button>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Months({ locale }: { locale: Locale }) {
  const p = useStore(protectionText);
  const { data } = useStore($saferGambling);
  if (!data) return null;
  const money = (n: number) => formatMoney(n, locale, data.currency);
  const columns = [
    ['deposits', p.col_deposits],
    ['withdrawals', p.col_withdrawals],
    ['net_deposits', p.col_net_deposits],
    ['staked', p.col_staked],
    ['won', p.col_won],
    ['result', p.col_result],
  ] as const;
  return (
    <section className="card acct-box" aria-labelledby="months-heading">
      <h2 className="acct-subtitle" id="months-heading">
        {p.months_heading}
      </h2>
      {data.months.length === 0 ? (
        <p>{p.no_months}</p>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table" data-testid="months-table">
            <thead>
              <tr>
                <th scope="col">{p.col_month}</th>
                {columns.map(([key, label]) => (
                  <th key={key} scope="col" className="num">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" data-label={p.col_month}>
                    {formatMonth(m.month)}
                  </th>
                  {columns.map(([key, label]) => (
                    <td key={key} data-label={label} className="num">
                      {money(m[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The interval choices of a reality check (REALITY_CHECK_MINUTES: 20 to 60). */
const REALITY_CHOICES = [20, 30, 45, 60] as const;
/** The site's interval when the player has chosen none (DEFAULT_REALITY_CHECK_MINUTES on the server). */
const REALITY_DEFAULT = 60;

function RealityForm({ minutes }: { minutes: number | null }) {
  const p = useStore(protectionText);
  const v = useStore(validationText);
  const [chosen, setChosen] = useState(String(minutes ?? REALITY_DEFAULT));
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    const result = await setRealityCheck(Number(chosen));
    setBusy(false);
    setOutcome(result.ok ? { kind: 'success', text: p.reality_saved } : { kind: 'danger', text: textOf(p, result.message) ?? v.action_failed });
  }

  return (
    <form className="card acct-box acct-form acct-narrow" onSubmit={submit} noValidate data-testid="reality-form">
      <h2 className="acct-subtitle">{p.reality_title}</h2>
      <p>{p.reality_intro}</p>
      <OutcomeLine outcome={outcome} testId="reality-outcome" />
      <SelectField label={p.reality_every_label} value={chosen} onValue={setChosen} name="minutes">
        {REALITY_CHOICES.map((n) => (
          <option key={n} value={n}>
            {p.session_minutes(n)}
          </option>
        ))}
      </SelectField>
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {p.reality_save}
        </button>
      </div>
    </form>
  );
}

function BreakForm() {
  const p = useStore(protectionText);
  const v = useStore(validationText);
  const [duration, setDuration] = useState<BreakDuration>('24h');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const checkId = useId();

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy) return;
    setOutcome(undefined);
    if (!understood) {
      setError(v.field_required);
      return;
    }
    setError(undefined);
    setBusy(true);
    const result = await takeBreak(duration);
    if (!result.ok) {
      setBusy(false);
      setOutcome({ kind: 'danger', text: textOf(p, result.message) ?? v.action_failed });
      return;
    }
    setOutcome({ kind: 'success', text: fmt(p.break_started, formatDate(result.value.until, true)) });
    // The server has ended this login already; the page follows.
    setTimeout(() => void signOut('/'), LEAVE_AFTER_MS);
  }

  return (
    <form className="card acct-box acct-form" onSubmit={submit} noValidate data-testid="break-form">
      <h2 className="acct-subtitle">{p.break_heading}</h2>
      <p>{p.break_intro}</p>
      <OutcomeLine outcome={outcome} testId="break-outcome" />
      <SelectField label={p.break_duration_label} value={duration} onValue={(d) => setDuration(d as BreakDuration)} name="duration">
        {ALL_BREAK_DURATIONS.map((d) => (
          <option key={d} value={d}>
            {p[`dur_${d}`]}
          </option>
        ))}
      </SelectField>
      <div className={`field check${error ? ' is-invalid' : ''}`}>
        <label>
          <input
            type="checkbox"
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? checkId : undefined}
          />{' '}
          {p.break_confirm_label}
        </label>
        {error && (
          <span id={checkId} className="feedback" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {p.take_break}
        </button>
      </div>
    </form>
  );
}

function CloseForm() {
  const p = useStore(protectionText);
  const v = useStore(validationText);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy) return;
    setOutcome(undefined);
    if (password === '') {
      setError(v.field_required);
      return;
    }
    setError(undefined);
    setBusy(true);
    const result = await closeAccount(password);
    if (!result.ok) {
      setBusy(false);
      const text = textOf(p, result.message) ?? textOf(v, result.message) ?? v.action_failed;
      if (result.field === 'password' || result.message === 'wrong_password') setError(text);
      else setOutcome({ kind: 'danger', text });
      return;
    }
    setOutcome({ kind: 'success', text: p.account_closed_done });
    setTimeout(() => void signOut('/'), LEAVE_AFTER_MS);
  }

  return (
    <form className="card acct-box acct-form acct-narrow" onSubmit={submit} noValidate data-testid="close-form">
      <h2 className="acct-subtitle">{p.close_heading}</h2>
      <p>{p.close_intro}</p>
      <OutcomeLine outcome={outcome} testId="close-outcome" />
      <Field label={p.password_label} name="password" type="password" autoComplete="current-password" value={password} onValue={setPassword} error={error} />
      <div className="form-actions">
        <button type="submit" className="btn btn-outline acct-danger" disabled={busy}>
          {p.close_account}
        </button>
      </div>
    </form>
  );
}
