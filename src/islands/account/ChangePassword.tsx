import { useStore } from '@nanostores/react';
import { type SubmitEvent, useMemo, useState } from 'react';
import { call } from '../../lib/api.ts';
import type { Refusal } from '../../shared/api.ts';
import { changePasswordForm } from '../../shared/schemas/player.ts';
import { toast } from '../../stores/ui.ts';
import { BoundField } from '../auth/Field.tsx';
import { useForm } from '../auth/use-form.ts';
import { accountText, fieldErrorsOf, httpStatusOf, refusalOf, validationText } from './text.ts';

type Outcome = { kind: 'success' | 'danger'; text: string } | undefined;

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Tab 5: the old password, a new one twice; the server checks the old one. */
export default function ChangePassword() {
  const t = useStore(accountText);
  const v = useStore(validationText);
  const form = useForm(changePasswordForm, EMPTY);
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  // Validation texts first, then the account page's own, as messageOf reads them.
  const words = useMemo(() => ({ ...t, ...v }) as Record<string, string>, [t, v]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy || !(await form.submit())) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const reply = await call<{ status: 1 } | Refusal>('front/update_player_password', form.values);
      if (reply.status === 1) {
        setOutcome({ kind: 'success', text: t.player_password_changed });
        toast('success', t.player_password_changed);
        form.reset(EMPTY);
      } else setOutcome({ kind: 'danger', text: reply.message === 'wrong_old_password' ? t.wrong_old_password : refusalOf(reply.message, v, t) });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      // The server may ask for longer passwords than the spec's 3 characters (a setting).
      for (const [name, key] of Object.entries(errors ?? {})) form.setExternal(name, key);
      if (!errors) setOutcome({ kind: 'danger', text: httpStatusOf(error) === 429 ? v.too_many_attempts : v.action_failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card acct-box acct-form acct-narrow" onSubmit={submit} noValidate data-testid="password-form">
      {outcome && (
        <p className={`alert alert-${outcome.kind}`} role={outcome.kind === 'danger' ? 'alert' : 'status'} data-testid="password-outcome">
          {outcome.text}
        </p>
      )}
      <BoundField form={form} catalog={words} label={t.old_password} name="oldPassword" type="password" autoComplete="current-password" required />
      <BoundField form={form} catalog={words} label={t.new_password} name="newPassword" type="password" autoComplete="new-password" required />
      <BoundField form={form} catalog={words} label={t.confirm_password} name="confirmPassword" type="password" autoComplete="new-password" required />
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {t.change_password_submit}
        </button>
      </div>
    </form>
  );
}
