import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useState } from 'react';
import * as en from '../../../locales/en.json';
import { formatDate } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import type { PasskeyView } from '../../shared/contract/security.ts';
import { i18n } from '../../stores/i18n.ts';
import {
  $security,
  addPasskey,
  confirmTotp,
  loadSecurity,
  passkeysSupported,
  removePasskey,
  removeTotp,
  type SecurityResult,
  startTotp,
} from '../../stores/security.ts';
import { Field } from '../forms/Field.tsx';
import { fmt, textOf, validationText } from './text.ts';
import { LoadFailed, Loading } from './states.tsx';

const securityText = i18n('security', en.security);
type SecurityText = typeof en.security;

type Outcome = { kind: 'success' | 'danger'; text: string } | undefined;

function OutcomeLine({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  return (
    <p className={`alert alert-${outcome.kind}`} role={outcome.kind === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      {outcome.text}
    </p>
  );
}

/** A refusal's key in words: this tab's texts, then the validation messages, else "Action failed." */
function useRefusal() {
  const s = useStore(securityText);
  const v = useStore(validationText);
  return (result: SecurityResult<unknown>): string | undefined =>
    result.ok ? undefined : (textOf(s, result.message) ?? textOf(v, result.message) ?? v.action_failed);
}

/** Tab 10: the second factors of a login, the authenticator app and passkeys, each behind the password. */
export default function Security(_props: { locale: Locale }) {
  const s = useStore(securityText);
  const state = useStore($security);

  useEffect(() => {
    void loadSecurity();
  }, []);

  if (state.failed) {
    return <LoadFailed retry={() => void loadSecurity()} />;
  }
  if (!state.data) {
    return <Loading />;
  }
  const { data } = state;
  return (
    <div className="acct-safer" data-testid="security">
      <p className="acct-intro">{s.intro}</p>
      {data.staff_needs_second_factor && (
        <p className="alert alert-warning" role="status" data-testid="staff-needs-factor">
          {s.staff_required} {s.staff_enrol_by_link}
        </p>
      )}
      {data.staff_needs_second_factor_login && (
        <p className="alert alert-warning" role="status" data-testid="staff-needs-factor-login">
          {s.staff_login_again}
        </p>
      )}
      <AuthenticatorApp s={s} enabled={data.totp.enabled} codesLeft={data.totp.recovery_codes_left} />
      <Passkeys s={s} passkeys={data.passkeys} />
    </div>
  );
}

type Enrolment = { secret: string; qr: string } | undefined;

function AuthenticatorApp({ s, enabled, codesLeft }: { s: SecurityText; enabled: boolean; codesLeft: number }) {
  const refusal = useRefusal();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);

  async function act<T>(work: () => Promise<SecurityResult<T>>, done: (value: T) => void) {
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    const result = await work();
    setBusy(false);
    if (result.ok) done(result.value);
    else setOutcome({ kind: 'danger', text: refusal(result) ?? '' });
  }

  const begin = (e: SubmitEvent) => {
    e.preventDefault();
    void act(
      () => startTotp(password),
      ({ secret, qr }) => {
        setEnrolment({ secret, qr });
        setPassword('');
        setCode('');
      },
    );
  };
  const confirm = (e: SubmitEvent) => {
    e.preventDefault();
    void act(
      () => confirmTotp(code),
      (codes) => {
        setEnrolment(undefined);
        setRecoveryCodes(codes);
        setCode('');
      },
    );
  };
  const remove = (e: SubmitEvent) => {
    e.preventDefault();
    void act(
      () => removeTotp(password, code),
      () => {
        setPassword('');
        setCode('');
        setOutcome({ kind: 'success', text: s.app_removed });
      },
    );
  };

  return (
    <section className="card acct-box acct-form" aria-labelledby="security-app" data-testid="totp-section">
      <h2 className="acct-subtitle" id="security-app">
        {s.app_title}
      </h2>
      <OutcomeLine outcome={outcome} testId="totp-outcome" />
      {recoveryCodes ? (
        <div data-testid="recovery-codes">
          <p className="alert alert-success" role="status">
            {s.app_enabled}
          </p>
          <h3>{s.codes_title}</h3>
          <p className="acct-hint">{s.codes_note}</p>
          <ul className="acct-codes">
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setRecoveryCodes(undefined)}>
              {s.codes_done}
            </button>
          </div>
        </div>
      ) : enrolment ? (
        <form onSubmit={confirm} noValidate data-testid="totp-confirm">
          <p>{s.scan}</p>
          <img className="acct-qr" src={enrolment.qr} alt={s.qr_alt} width={200} height={200} />
          <p>
            {s.secret_label}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <Field label={s.code} value={code} onValue={setCode} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} required />
          <div className="form-actions">
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {s.confirm}
            </button>
          </div>
        </form>
      ) : enabled ? (
        <form onSubmit={remove} noValidate data-testid="totp-remove">
          <p data-testid="totp-on">{s.app_on}</p>
          <p className="acct-hint">{fmt(s.recovery_left, codesLeft)}</p>
          <Field label={s.password} value={password} onValue={setPassword} name="password" type="password" autoComplete="current-password" required />
          <Field label={s.remove_code} value={code} onValue={setCode} name="code" autoComplete="one-time-code" maxLength={40} required />
          <div className="form-actions">
            <button type="submit" className="btn btn-outline" disabled={busy}>
              {s.remove_app}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={begin} noValidate data-testid="totp-start">
          <p>{s.app_off}</p>
          <Field label={s.password} value={password} onValue={setPassword} name="password" type="password" autoComplete="current-password" required />
          <div className="form-actions">
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {s.set_up}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Passkeys({ s, passkeys }: { s: SecurityText; passkeys: PasskeyView[] }) {
  const refusal = useRefusal();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  // Known only in the browser; the prerendered tab offers the form.
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(passkeysSupported()), []);

  async function act(work: () => Promise<SecurityResult<unknown>>, success: string) {
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    const result = await work();
    setBusy(false);
    if (result.ok) {
      setPassword('');
      setName('');
      setOutcome({ kind: 'success', text: success });
    } else setOutcome({ kind: 'danger', text: refusal(result) ?? '' });
  }

  const add = (e: SubmitEvent) => {
    e.preventDefault();
    void act(() => addPasskey(name, password), s.passkey_added);
  };

  return (
    <section className="card acct-box acct-form" aria-labelledby="security-passkeys" data-testid="passkey-section">
      <h2 className="acct-subtitle" id="security-passkeys">
        {s.passkeys_title}
      </h2>
      <p>{s.passkeys_intro}</p>
      <OutcomeLine outcome={outcome} testId="passkey-outcome" />
      {passkeys.length === 0 ? (
        <p className="acct-hint">{s.passkeys_none}</p>
      ) : (
        <ul className="acct-passkeys" data-testid="passkey-list">
          {passkeys.map((key) => (
            <li key={key.id}>
              <span>
                <strong>{key.name}</strong> – {fmt(s.added_on, formatDate(key.created_at, true))}
              </span>{' '}
              <button type="button" className="link-button" disabled={busy} onClick={() => void act(() => removePasskey(key.id, password), s.passkey_removed)}>
                {fmt(s.remove_passkey, key.name)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={add} noValidate data-testid="passkey-add">
          <Field label={s.passkey_name} value={name} onValue={setName} name="name" maxLength={50} required />
          <Field
            label={s.password}
            value={password}
            onValue={setPassword}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            hint={<span className="acct-hint">{s.password_for_passkeys}</span>}
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {s.add_passkey}
            </button>
          </div>
        </form>
      ) : (
        <p className="acct-hint">{s.passkeys_unsupported}</p>
      )}
    </section>
  );
}
