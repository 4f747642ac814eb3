import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import * as en from '../../../locales/en.json';
import { formatDate } from '../../lib/format.ts';
import { fmt } from '../../lib/plural.ts';
import { type Locale, localizePath } from '../../shared/locales.ts';
import { i18n } from '../../stores/i18n.ts';
import { hasWantedPage, login, proveSecondFactor, proveWithPasskey, type SecondFactorStep, takeWantedPage } from '../../stores/session.ts';
import { $gamePlay, $overlay, type ModalState, openModal } from '../../stores/ui.ts';
import { BoundField, Field } from '../forms/Field.tsx';
import { Modal } from './Modal.tsx';
import { useForm } from '../forms/use-form.ts';

const authText = i18n('auth', en.auth);
// The rules load when the form is first used: the login may open by itself (#login), and
// zod should not weigh on that page before the visitor types.
const loginRules = () => import('../../shared/schemas/auth.ts').then((m) => m.loginParams);
const validation = i18n('validation', en.validation);

interface Props {
  locale: Locale;
  state: ModalState;
  onClose: () => void;
}

/** The login modal: local strategy, Enter submits, hand-overs to recovery and sign-up; run-login fills and submits at once. */
export default function LoginModal({ locale, state, onClose }: Props) {
  const t = useStore(authText);
  const v = useStore(validation);
  const form = useForm(loginRules, { username: state.credentials?.username ?? '', password: state.credentials?.password ?? '' });
  const [failed, setFailed] = useState<string | undefined>();
  // A guest sent here from the account page learns why the login opened by itself.
  const [forAccount] = useState(() => !state.credentials && hasWantedPage());
  const [busy, setBusy] = useState(false);

  // An account with a second factor: the password step's ticket, and which proof is being typed.
  const [step, setStep] = useState<SecondFactorStep>();
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');

  function loggedIn() {
    $gamePlay.set(null);
    if (state.afterLogin) {
      openModal(state.afterLogin);
      return;
    }
    onClose();
    const wanted = state.afterLoginPage ?? takeWantedPage();
    if (wanted) location.assign(wanted);
    else if (state.redirect) location.assign(localizePath('/online-casino', locale));
  }

  /** Why a step failed, in words; a ticket that ran out sends the player back to the password. */
  function explain(error: unknown, fallback: string) {
    const { status, data } = error as { status?: number; data?: { message?: string; until?: string; errors?: Record<string, string> } };
    const field = data?.errors ? Object.values(data.errors)[0] : undefined;
    // The right password on an account on a break or closed: the server says until when.
    if (data?.message === 'player_on_break' && data.until) setFailed(fmt(v.player_on_break, formatDate(data.until, true)));
    else if (data?.message === 'account_closed') setFailed(v.account_closed);
    else if (data?.message === 'login_ticket_expired') {
      setStep(undefined);
      setFailed(v.login_ticket_expired);
    } else if (status === 429) setFailed(v.too_many_attempts);
    else if (field && field in v) setFailed(v[field as keyof typeof v] as string);
    else setFailed(fallback);
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const data = await form.submit();
    if (!data || busy) return;
    setBusy(true);
    setFailed(undefined);
    $overlay.set(true);
    try {
      const result = await login({ username: data.username, password: data.password });
      if ('ticket' in result) {
        setStep(result);
        setMode(result.methods.includes('totp') ? 'totp' : 'recovery');
        setCode('');
        return;
      }
      loggedIn();
    } catch (error) {
      explain(error, v.failed_login);
    } finally {
      $overlay.set(false);
      setBusy(false);
    }
  }

  async function prove(work: () => Promise<unknown>, fallback: string) {
    if (busy) return;
    setBusy(true);
    setFailed(undefined);
    $overlay.set(true);
    try {
      await work();
      loggedIn();
    } catch (error) {
      explain(error, fallback);
    } finally {
      $overlay.set(false);
      setBusy(false);
    }
  }

  function submitCode(e?: FormEvent) {
    e?.preventDefault();
    if (!step) return;
    void prove(() => proveSecondFactor(step.ticket, mode, code), v.wrong_second_factor);
  }

  // run-login: credentials handed over (after registration) are submitted at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the credentials it was opened with
  useEffect(() => {
    if (state.credentials) void submit();
  }, []);

  if (step) {
    const hasCode = step.methods.includes('totp');
    return (
      <Modal title={t.login_title} onClose={onClose} closeLabel={t.close}>
        <form onSubmit={submitCode} noValidate data-testid="second-factor">
          {failed && (
            <p className="alert alert-danger" role="alert">
              {failed}
            </p>
          )}
          <p className="notice">{hasCode ? (mode === 'totp' ? t.second_factor_intro : t.recovery_intro) : t.passkey_intro}</p>
          {hasCode && (
            <Field
              key={mode}
              label={mode === 'totp' ? t.totp_code : t.recovery_code}
              value={code}
              onValue={setCode}
              name="code"
              inputMode={mode === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              maxLength={mode === 'totp' ? 8 : 40}
              autoFocus
              required
            />
          )}
          <div className="form-actions">
            {hasCode && (
              <button type="submit" className="btn btn-secondary" disabled={busy}>
                {t.verify}
              </button>
            )}
            {step.methods.includes('passkey') && (
              <button
                type="button"
                className={hasCode ? 'btn btn-outline' : 'btn btn-secondary'}
                disabled={busy}
                onClick={() => void prove(() => proveWithPasskey(step.ticket), t.passkey_failed)}
              >
                {t.use_passkey}
              </button>
            )}
          </div>
          {hasCode && (
            <div className="form-links">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setMode(mode === 'totp' ? 'recovery' : 'totp');
                  setCode('');
                  setFailed(undefined);
                }}
              >
                {mode === 'totp' ? t.use_recovery : t.use_app_code}
              </button>
            </div>
          )}
        </form>
      </Modal>
    );
  }

  return (
    <Modal title={t.login_title} onClose={onClose} closeLabel={t.close}>
      <form ref={form.ref} onSubmit={submit} noValidate>
        {forAccount && !failed && (
          <p className="notice" data-testid="login-for-account">
            {t.login_to_continue}
          </p>
        )}
        {failed && (
          <p className="alert alert-danger" role="alert">
            {failed}
          </p>
        )}
        <BoundField form={form} catalog={v} label={t.username} name="username" autoComplete="username" autoFocus />
        <BoundField form={form} catalog={v} label={t.password} name="password" type="password" autoComplete="current-password" />
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {t.login}
          </button>
        </div>
        <div className="form-links">
          <button type="button" className="link-button" onClick={() => openModal('forgot-password')}>
            {t.forgot_password}
          </button>
          <button type="button" className="link-button" onClick={() => openModal('forgot-username')}>
            {t.forgot_username}
          </button>
          <a className="link-button" href={localizePath('/sign-up', locale)}>
            {t.no_account}
          </a>
        </div>
      </form>
    </Modal>
  );
}
