import { useStore } from '@nanostores/react';
import { type SubmitEvent, useId, useMemo, useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import { countryOptions, DIAL_CODES } from '../../shared/countries.ts';
import type { PlayerProfile } from '../../shared/contract/account.ts';
import { LANGUAGE_TAG, LANGUAGES, LOCALES, type Locale } from '../../shared/locales.ts';
import { isCountryCode, updateProfileParams } from '../../shared/schemas/player.ts';
import { toast } from '../../stores/ui.ts';
import { Field } from '../forms/Field.tsx';
import { useForm } from '../forms/use-form.ts';
import { SelectField, useLoad } from './list.tsx';
import { loadProfile, updateProfile } from '../../stores/account.ts';
import { accountText, messageOf, validationText } from './text.ts';
import { LoadFailed, Loading } from './states.tsx';

interface ProfileValues extends Record<string, unknown> {
  gender: 'male' | 'female';
  address: string;
  postal_code: string;
  city: string;
  countryPhone: string;
  phone_number1: string;
  interface_local: string;
}

/** The stored "+4915112345678" as dial-code country and local number: the player's country when its code fits, else the longest code that does. */
function splitPhone(phone: string, country: string): { dialCountry: string; local: string } {
  const own = DIAL_CODES[country];
  if (own && phone.startsWith(own)) return { dialCountry: country, local: phone.slice(own.length) };
  let best: [string, string] | undefined;
  for (const [code, dial] of Object.entries(DIAL_CODES)) if (phone.startsWith(dial) && (!best || dial.length > best[1].length)) best = [code, dial];
  if (best) return { dialCountry: best[0], local: phone.slice(best[1].length) };
  return { dialCountry: own ? country : 'GB', local: phone.replace(/\D/g, '') };
}

function dayDate(day: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : day;
}

/** Tab 1: personal details; the identity fields are read-only, the rest can be changed. */
export default function Profile({ locale }: { locale: Locale }) {
  const profile = useLoad(loadProfile, 'profile');
  if (profile.failed) {
    return <LoadFailed retry={profile.reload} />;
  }
  if (!profile.data) {
    return <Loading />;
  }
  return <ProfileForm locale={locale} player={profile.data.player} />;
}

function ProfileForm({ locale, player }: { locale: Locale; player: PlayerProfile }) {
  const t = useStore(accountText);
  const v = useStore(validationText);
  const phone = splitPhone(player.phone_number, player.country);
  const [dialCountry, setDialCountry] = useState(phone.dialCountry);
  const initial: ProfileValues = {
    gender: player.gender,
    address: player.address,
    postal_code: player.postal_code,
    city: player.city,
    countryPhone: DIAL_CODES[phone.dialCountry] ?? '',
    phone_number1: phone.local,
    interface_local: player.interface_local,
  };
  const form = useForm(updateProfileParams, initial);
  const [busy, setBusy] = useState(false);
  const phoneId = useId();
  const countries = useMemo(() => countryOptions(LANGUAGE_TAG[locale]).filter((c) => isCountryCode(c.code)), [locale]);
  // The registered country decides the market's rules: shown, never sent back (support changes it).
  const countryName = countries.find((c) => c.code === player.country)?.name ?? player.country;
  const msg = (name: string) => messageOf(form.errorOf(name), v, t);

  async function save(e: SubmitEvent) {
    e.preventDefault();
    if (busy || !(await form.submit())) return;
    setBusy(true);
    const { gender, address, postal_code, city, countryPhone, phone_number1, interface_local } = form.values;
    const outcome = await updateProfile({
      gender,
      address,
      postal_code,
      city,
      countryPhone,
      phone_number1,
      interface_local: interface_local as Locale,
    });
    setBusy(false);
    if (outcome.ok) toast('success', t.profile_updated);
    else {
      if (!outcome.refused)
        for (const [name, key] of Object.entries(outcome.errors ?? {}))
          form.setExternal(name === 'phone_number' || name === 'countryPhone' ? 'phone_number1' : name, key);
      toast('danger', outcome.httpStatus === 429 ? v.too_many_attempts : v.action_failed);
    }
  }

  const text = (name: 'address' | 'postal_code' | 'city', autoComplete: string) => (
    <Field
      label={t[name]}
      name={name}
      autoComplete={autoComplete}
      value={form.values[name]}
      onValue={(value) => form.set(name, value)}
      onBlur={() => form.touch(name)}
      error={msg(name)}
      required
    />
  );

  return (
    <div className="acct-profile">
      <div className="card acct-box">
        <dl className="acct-facts" data-testid="profile-facts">
          <div>
            <dt>{t.username}</dt>
            <dd>{player.username}</dd>
          </div>
          <div>
            <dt>{t.first_name}</dt>
            <dd>{player.first_name}</dd>
          </div>
          <div>
            <dt>{t.last_name}</dt>
            <dd>{player.last_name}</dd>
          </div>
          <div>
            <dt>{t.email}</dt>
            <dd>{player.email}</dd>
          </div>
          <div>
            <dt>{t.birthday}</dt>
            <dd>{formatDate(dayDate(player.birthday))}</dd>
          </div>
          <div>
            <dt>{t.country}</dt>
            <dd data-testid="profile-country">{countryName}</dd>
          </div>
        </dl>
        <p className="acct-note">{t.read_only_note}</p>
        <p className="acct-note" data-testid="profile-country-note">
          {t.country_note}
        </p>
      </div>

      <form ref={form.ref} className="card acct-box acct-form" onSubmit={save} noValidate data-testid="profile-form">
        <div className="acct-form-grid">
          <SelectField label={t.gender} name="gender" value={form.values.gender} onValue={(g) => form.set('gender', g as ProfileValues['gender'])}>
            <option value="male">{t.male}</option>
            <option value="female">{t.female}</option>
          </SelectField>
          {text('address', 'street-address')}
          {text('postal_code', 'postal-code')}
          {text('city', 'address-level2')}
          <fieldset className={`acct-phone${msg('phone_number1') ? ' is-invalid' : ''}`}>
            <legend>{t.phone}</legend>
            <div className="acct-phone-row">
              <div className="field">
                <label htmlFor={`${phoneId}-dial`} className="visually-hidden">
                  {t.dial_code}
                </label>
                <select
                  id={`${phoneId}-dial`}
                  value={dialCountry}
                  autoComplete="tel-country-code"
                  onChange={(e) => {
                    setDialCountry(e.target.value);
                    form.set('countryPhone', DIAL_CODES[e.target.value] ?? '');
                  }}
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {`${c.name} (${c.dial})`}
                    </option>
                  ))}
                </select>
              </div>
              <div className={`field${msg('phone_number1') ? ' is-invalid' : ''}`}>
                <label htmlFor={`${phoneId}-local`} className="visually-hidden">
                  {t.local_number}
                </label>
                <input
                  id={`${phoneId}-local`}
                  name="phone_number1"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  value={form.values.phone_number1}
                  onChange={(e) => form.set('phone_number1', e.target.value)}
                  onBlur={() => form.touch('phone_number1')}
                  aria-invalid={msg('phone_number1') ? true : undefined}
                  aria-describedby={msg('phone_number1') ? `${phoneId}-feedback` : undefined}
                  required
                />
              </div>
            </div>
            {msg('phone_number1') && (
              <span id={`${phoneId}-feedback`} className="feedback" role="alert">
                {msg('phone_number1')}
              </span>
            )}
          </fieldset>
          <SelectField label={t.interface_language} name="interface_local" value={form.values.interface_local} onValue={(l) => form.set('interface_local', l)}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={LANGUAGE_TAG[l]}>
                {LANGUAGES[l].native}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {t.save_profile}
          </button>
        </div>
      </form>
    </div>
  );
}
