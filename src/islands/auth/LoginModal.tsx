import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import en from '../../../locales/en.json';
import { loginParams } from '../../shared/schemas/auth.ts';
import { type Locale, localizePath } from '../../shared/locales.ts';
import { i18n } from '../../stores/i18n.ts';
import { login, takeWantedPage } from '../../stores/session.ts';
import { $gamePlay, $overlay, type ModalState, openModal } from '../../stores/ui.ts';
import { BoundField } from './Field.tsx';
import { Modal } from './Modal.tsx';
import { useForm } from './use-form.ts';

const authText = i18n('auth', en.auth);
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
  const form = useForm(loginParams, { username: state.credentials?.username ?? '', password: state.credentials?.password ?? '' });
  const [failed, setFailed] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const data = await form.submit();
    if (!data || busy) return;
    setBusy(true);
    setFailed(undefined);
    $overlay.set(true);
    try {
      await login({ username: data.username, password: data.password });
      $gamePlay.set(null);
      if (state.afterLogin) {
        openModal(state.afterLogin);
        return;
      }
      onClose();
      const wanted = takeWantedPage();
      if (wanted) location.assign(wanted);
      else if (state.redirect) location.assign(localizePath('/online-casino', locale));
    } catch (error) {
      const status = (error as { status?: number }).status;
      setFailed(status === 429 ? v.too_many_attempts : v.failed_login);
    } finally {
      $overlay.set(false);
      setBusy(false);
    }
  }

  // run-login: credentials handed over (after registration) are submitted at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the credentials it was opened with
  useEffect(() => {
    if (state.credentials) void submit();
  }, []);

  return (
    <Modal title={t.login_title} onClose={onClose} closeLabel={t.close}>
      <form onSubmit={submit} noValidate>
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
