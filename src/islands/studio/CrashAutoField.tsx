import { useEffect } from 'react';
import { crashAutoForm } from '../../shared/schemas/games.ts';
import { BoundField } from '../forms/Field.tsx';
import { useForm } from '../forms/use-form.ts';

interface Props {
  label: string;
  /** The studio catalogue's words for the field's messages (its keys are the schema's). */
  messages: Readonly<Record<string, string>>;
}

/**
 * The crash game's "Auto cash-out at" on the form kit: a labelled field whose message comes
 * from the catalogue. The page's script (src/studio/crash.ts) reads the multiplier from the
 * form's `data-auto` when the player bets, and submits the form to show the message when
 * what was typed is not one (`data-valid="false"`): no bet goes out with it.
 */
export default function CrashAutoField({ label, messages }: Props) {
  const form = useForm(crashAutoForm, { auto: '' });
  const parsed = crashAutoForm.safeParse(form.values);
  useEffect(() => {
    form.ref.current?.setAttribute('data-ready', '');
  }, [form.ref]);
  return (
    <form
      ref={form.ref}
      className="crash-auto"
      data-crash-auto=""
      data-valid={parsed.success ? 'true' : 'false'}
      data-auto={parsed.success && parsed.data.auto !== null ? String(parsed.data.auto) : ''}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <BoundField form={form} name="auto" catalog={messages} label={label} inputMode="decimal" autoComplete="off" placeholder="2.00" />
    </form>
  );
}
