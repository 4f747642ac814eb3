import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import * as en from '../../../locales/en.json';
import { DIAL_CODES } from '../../shared/countries.ts';
import type { Locale } from '../../shared/locales.ts';
import { i18n, syncLocale } from '../../stores/i18n.ts';
import { $session, type Player } from '../../stores/session.ts';
import { sendContactMessage } from '../../stores/support.ts';
import { $overlay, toast } from '../../stores/ui.ts';
import { $visitor } from '../../stores/visitor.ts';
import { BoundField } from '../forms/Field.tsx';
import { PhoneField } from '../forms/PhoneField.tsx';
import { useForm } from '../forms/use-form.ts';

const authText = i18n('auth', en.auth);
const rules = () => import('../../shared/schemas/contact.ts').then((m) => m.contactParams);
const validation = i18n('validation', en.validation);

/** The longest dial code the number starts with, and the rest. */
function splitPhone(phone: string, country: string): { dial: string; local: string } {
  const own = DIAL_CODES[country];
  if (own && phone.startsWith(own)) return { dial: own, local: phone.slice(own.length) };
  const dial = Object.values(DIAL_CODES)
    .filter((d) => phone.startsWith(d))
    .sort((a, b) => b.length - a.length)[0];
  return dial ? { dial, local: phone.slice(dial.length) } : { dial: own ?? '', local: phone.replace(/^\+/, '') };
}

function prefill(player: Player | null, countryCode: string) {
  if (!player) return { player_name: '', email: '', countryPhone: DIAL_CODES[countryCode] ?? '+49', phone_number1: '', note: '' };
  const { dial, local } = splitPhone(player.phone_number, player.country);
  return {
    player_name: `${player.first_name} ${player.last_name} (${player.username})`,
    email: player.email,
    countryPhone: dial,
    phone_number1: local,
    note: '',
  };
}

/** The contact form (modal and /contact-us): prefilled for a player; sent, it makes way for the confirmation. */
export function ContactForm({ locale }: { locale: Locale }) {
  const t = useStore(authText);
  const v = useStore(validation) as Record<string, string>;
  // The build rendered an empty form; a player's details fill it after hydration.
  const session = useStore($session, { ssr: 'initial' });
  const form = useForm(rules, prefill(null, 'DE'));
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const msg = (name: string) => form.message(name, v);
  const { fill } = form;
  // What the visitor typed stays: only the fields still as rendered take the player's details.
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefill once the player is known, not on every keystroke
  useEffect(() => {
    fill(prefill(session.user, $visitor.get().countryCode));
  }, [session.user?.id]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const data = await form.submit();
    if (!data || busy) return;
    setBusy(true);
    setFailure(undefined);
    $overlay.set(true);
    const outcome = await sendContactMessage({ ...form.values, locale });
    if (outcome.ok) {
      toast('success', t.sent_message_notification);
      setSent(true);
    } else if (outcome.httpStatus === 429) setFailure(v.too_many_attempts);
    // Other contact errors are only logged (SPEC §8).
    else if (!outcome.refused) console.error('contact message failed', outcome.cause);
    $overlay.set(false);
    setBusy(false);
  }

  if (sent)
    return (
      <p className="alert alert-success" role="status" data-testid="contact-sent">
        {t.sent_message_details}
      </p>
    );
  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="contact-form">
      {failure && (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      )}
      <BoundField form={form} catalog={v} label={t.your_name} name="player_name" autoComplete="name" />
      <BoundField form={form} catalog={v} label={t.email} name="email" type="email" autoComplete="email" />
      <PhoneField
        label={t.phone_number}
        dialLabel={t.dial_code}
        dial={form.values.countryPhone}
        local={form.values.phone_number1}
        onDial={(dial) => form.set('countryPhone', dial)}
        onLocal={(local) => form.set('phone_number1', local)}
        onBlur={() => form.touch('phone_number1')}
        error={msg('phone_number1')}
      />
      <div className={`field${msg('note') ? ' is-invalid' : ''}`}>
        <label htmlFor="contact-note">{t.message}</label>
        <textarea
          id="contact-note"
          name="note"
          rows={5}
          value={form.values.note}
          onChange={(e) => form.set('note', e.target.value)}
          onBlur={() => form.touch('note')}
          aria-invalid={msg('note') ? true : undefined}
        />
        {msg('note') && (
          <span className="feedback" role="alert">
            {msg('note')}
          </span>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {t.send}
        </button>
      </div>
    </form>
  );
}

/** The contact form on the /contact-us page. */
export default function ContactPage({ locale }: { locale: Locale }) {
  syncLocale(locale);
  return <ContactForm locale={locale} />;
}
