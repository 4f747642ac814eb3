import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import en from '../../../locales/en.json';
import { call } from '../../lib/api.ts';
import { confirmPasswordResetForm } from '../../shared/schemas/player.ts';
import { i18n } from '../../stores/i18n.ts';
import { $overlay, openModal, toast } from '../../stores/ui.ts';
import { BoundField } from './Field.tsx';
import { Modal } from './Modal.tsx';
import { useForm } from './use-form.ts';

const authText = i18n('auth', en.auth);
const validation = i18n('validation', en.validation);

/** The emailed reset link's form: a new password, twice; then the login. */
export default function ResetPasswordModal({ token, onClose }: { token: string; onClose: () => void }) {
  const t = useStore(authText);
  const v = useStore(validation) as Record<string, string>;
  const form = useForm(confirmPasswordResetForm, { token, password: '', confirmPassword: '' });
  const [failure, setFailure] = useState<string | undefined>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const data = await form.submit();
    if (!data) return;
    $overlay.set(true);
    try {
      const reply = await call<{ status: number; message?: string }>('front/confirm_password_reset', data);
      if (reply.status === 1) {
        toast('success', t.password_reset_done);
        history.replaceState(null, '', location.pathname);
        openModal('login', { redirect: true });
      } else setFailure(t.invalid_reset_token);
    } catch {
      setFailure(v.action_failed);
    } finally {
      $overlay.set(false);
    }
  }

  return (
    <Modal title={t.reset_password_title} onClose={onClose} closeLabel={t.close}>
      <form onSubmit={submit} noValidate>
        {failure && (
          <p className="alert alert-danger" role="alert">
            {failure}
          </p>
        )}
        <BoundField form={form} catalog={v} label={t.new_password} name="password" type="password" autoComplete="new-password" autoFocus />
        <BoundField form={form} catalog={v} label={t.confirm_password} name="confirmPassword" type="password" autoComplete="new-password" />
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary">
            {t.save_password}
          </button>
        </div>
      </form>
    </Modal>
  );
}
