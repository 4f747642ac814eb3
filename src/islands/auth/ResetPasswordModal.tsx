import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import en from '../../../locales/en.json';
import { call } from '../../lib/api.ts';
import { confirmPasswordResetForm } from '../../shared/schemas/player.ts';
import { i18n } from '../../stores/i18n.ts';
import { $overlay, openModal, toast } from '../../stores/ui.ts';
import { Field } from './Field.tsx';
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
  const msg = (name: string) => form.message(name, v);

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
        <Field
          label={t.new_password}
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          onValue={(value) => form.set('password', value)}
          onBlur={() => form.touch('password')}
          error={msg('password')}
          autoFocus
        />
        <Field
          label={t.confirm_password}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValue={(value) => form.set('confirmPassword', value)}
          onBlur={() => form.touch('confirmPassword')}
          error={msg('confirmPassword')}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary">
            {t.save_password}
          </button>
        </div>
      </form>
    </Modal>
  );
}
