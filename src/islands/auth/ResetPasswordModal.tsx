import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import * as en from '../../../locales/en.json';
import { confirmPasswordResetForm } from '../../shared/schemas/player.ts';
import { i18n } from '../../stores/i18n.ts';
import { confirmPasswordReset } from '../../stores/account.ts';
import { $overlay, openModal, toast } from '../../stores/ui.ts';
import { BoundField } from '../forms/Field.tsx';
import { Modal } from './Modal.tsx';
import { useForm } from '../forms/use-form.ts';

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
    const outcome = await confirmPasswordReset(data);
    if (outcome.ok) {
      toast('success', t.password_reset_done);
      history.replaceState(null, '', location.pathname);
      openModal('login', { redirect: true });
    } else setFailure(outcome.refused ? t.invalid_reset_token : v.action_failed);
    $overlay.set(false);
  }

  return (
    <Modal title={t.reset_password_title} onClose={onClose} closeLabel={t.close}>
      <form ref={form.ref} onSubmit={submit} noValidate>
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
