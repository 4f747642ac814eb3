import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import * as en from '../../../locales/en.json';
import { resetPasswordParams, sendUsernameParams } from '../../shared/schemas/auth.ts';
import type { Locale } from '../../shared/locales.ts';
import { requestRecovery } from '../../stores/account.ts';
import { i18n } from '../../stores/i18n.ts';
import { $overlay, toast } from '../../stores/ui.ts';
import { BoundField } from '../forms/Field.tsx';
import { Modal } from './Modal.tsx';
import { useForm } from '../forms/use-form.ts';

const authText = i18n('auth', en.auth);
const validation = i18n('validation', en.validation);

interface Props {
  locale: Locale;
  kind: 'password' | 'username';
  onClose: () => void;
}

/**
 * Forgot password ({username, email}) and forgot username ({email}). Result 1 closes with a
 * toast; 2 (a refusal) and 3 (a failed request) stay in the modal so they can be read.
 */
export default function RecoveryModal({ kind, onClose }: Props) {
  const t = useStore(authText);
  const v = useStore(validation) as Record<string, string>;
  const schema = kind === 'password' ? resetPasswordParams : sendUsernameParams;
  const form = useForm(schema, kind === 'password' ? { username: '', email: '' } : { email: '' });
  const [result, setResult] = useState<2 | 3 | 429 | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const data = await form.submit();
    if (!data || busy) return;
    setBusy(true);
    setResult(undefined);
    $overlay.set(true);
    const outcome = await requestRecovery(kind, data);
    if (outcome.ok) {
      toast('success', kind === 'password' ? t.sent_reset_password_email : t.sent_username_email);
      onClose();
    } else setResult(outcome.refused ? 2 : outcome.httpStatus === 429 ? 429 : 3);
    $overlay.set(false);
    setBusy(false);
  }

  const failure =
    result === 2
      ? kind === 'password'
        ? v.failed_reset_password
        : v.failed_send_username
      : result === 429
        ? v.too_many_attempts
        : result === 3
          ? v.action_failed
          : undefined;
  return (
    <Modal title={kind === 'password' ? t.forgot_password_title : t.forgot_username_title} onClose={onClose} closeLabel={t.close}>
      <form ref={form.ref} onSubmit={submit} noValidate>
        <p className="hint">{kind === 'password' ? t.forgot_password_text : t.forgot_username_text}</p>
        {failure && (
          <p className="alert alert-danger" role="alert">
            {failure}
          </p>
        )}
        {kind === 'password' && <BoundField form={form} catalog={v} label={t.username} name="username" autoComplete="username" autoFocus />}
        <BoundField form={form} catalog={v} label={t.email} name="email" type="email" autoComplete="email" autoFocus={kind === 'username'} />
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {t.send}
          </button>
        </div>
      </form>
    </Modal>
  );
}
