import { useStore } from '@nanostores/react';
import { type SubmitEvent, useMemo, useState } from 'react';
import { changePasswordForm } from '../../shared/schemas/player.ts';
import { toast } from '../../stores/ui.ts';
import { BoundField } from '../forms/Field.tsx';
import { useForm } from '../forms/use-form.ts';
import { changePassword } from '../../stores/account.ts';
import { accountText, plainTexts, refusalOf, validationText } from './text.ts';

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
  const words = useMemo(() => plainTexts(t, v), [t, v]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy || !(await form.submit())) return;
    setBusy(true);
    setOutcome(undefined);
    const result = await changePassword(form.values);
    setBusy(false);
    if (result.ok) {
      setOutcome({ kind: 'success', text: t.player_password_changed });
      toast('success', t.player_password_changed);
      form.reset(EMPTY);
    } else if (result.refused)
      setOutcome({ kind: 'danger', text: result.message === 'wrong_old_password' ? t.wrong_old_password : refusalOf(result.message, v, t) });
    else if (result.errors) {
      // The server may ask for longer passwords than the spec's 3 characters (a setting).
      for (const [name, key] of Object.entries(result.errors)) form.setExternal(name, key);
    } else setOutcome({ kind: 'danger', text: result.httpStatus === 429 ? v.too_many_attempts : v.action_failed });
  }

  return (
    <form ref={form.ref} className="card acct-box acct-form acct-narrow" onSubmit={submit} noValidate data-testid="password-form">
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
