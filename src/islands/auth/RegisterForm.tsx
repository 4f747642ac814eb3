import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import * as en from '../../../locales/en.json';
import { countryOptions, DIAL_CODES } from '../../shared/countries.ts';
import { LANGUAGE_TAG, LANGUAGES, LOCALE_COUNTRY, type Locale, localizePath } from '../../shared/locales.ts';
import { latestBirthday, SIGN_UP_LOCALES } from '../../shared/player-rules.ts';
import { checkPromoCode, checkUsername, register } from '../../stores/account.ts';
import { i18n } from '../../stores/i18n.ts';
import { $overlay, openModal } from '../../stores/ui.ts';
import { $visitor } from '../../stores/visitor.ts';
import { Field } from '../forms/Field.tsx';
import { LazyOptionsSelect } from '../forms/LazyOptions.tsx';
import { PhoneField } from '../forms/PhoneField.tsx';
import { useForm } from '../forms/use-form.ts';

const authText = i18n('auth', en.auth);
const validation = i18n('validation', en.validation);

export const DEBOUNCE_MS = 500;
const rules = () => import('../../shared/schemas/player.ts').then((m) => m.registerPlayerForm);
const subscribeNever = () => () => {};

interface Props {
  locale: Locale;
  /** The sign-up page shows the promo section open; the modal keeps it folded. */
  variant: 'page' | 'modal';
  onRegistered: (credentials: { username: string; password: string }) => void;
}

// What the build renders; the visit's own values (query, detected country) come after hydration.
// The country is the locale's (India and +91 on /in) where it has one, else none: the
// visitor chooses it ("Choose a country"), never a country that is not theirs.
function initialValues(locale: Locale) {
  const country = LOCALE_COUNTRY[locale] ?? '';
  return {
    username: '',
    password: '',
    confirmPassword: '',
    email: '',
    country,
    countryPhone: DIAL_CODES[country] ?? '',
    phone_number1: '',
    first_name: '',
    last_name: '',
    birthday: '',
    gender: 'male' as 'male' | 'female',
    address: '',
    postal_code: '',
    city: '',
    promo_code: '',
    interface_local: ((SIGN_UP_LOCALES as readonly string[]).includes(locale) ? locale : 'en') as Locale,
    checkTerms: false,
    notify_newletter: false,
    tracking_code: null as string | null,
  };
}

/** Runs `check` 500 ms after `value` stops changing; ignores answers to stale values. */
function useDebouncedCheck(value: string, check: (value: string) => Promise<string | undefined>, apply: (error: string | undefined) => void) {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
    const timer = setTimeout(async () => {
      const error = await check(value);
      if (latest.current === value) apply(error);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, check, apply]);
}

/** Registration with every field and rule of SPEC §3 and §5; used by the sign-up page and the register modal. */
export function RegisterForm({ locale, variant, onRegistered }: Props) {
  const t = useStore(authText);
  const v = useStore(validation) as Record<string, string>;
  const visitor = useStore($visitor);
  const form = useForm(rules, initialValues(locale));
  const [promoOpen, setPromoOpen] = useState(variant === 'page' || form.values.promo_code !== '');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  // Country names come from the browser's Intl data, which differs from the build's:
  // names appear after hydration so the first render matches the HTML.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const countryName = (code: string) => (hydrated ? (new Intl.DisplayNames([LANGUAGE_TAG[locale], 'en'], { type: 'region' }).of(code) ?? code) : code);
  const maxBirthday = latestBirthday();
  const msg = (name: string) => form.message(name, v);
  const { set, setExternal } = form;

  // The tracking code and a promo code carried by the link (landing pages).
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const promo = query.get('promo_code');
    if (promo) {
      set('promo_code', promo);
      setPromoOpen(true);
    }
    set('tracking_code', query.get('tracking_code'));
  }, [set]);

  // Country and dial code follow the visitor's country once it is known (SPEC §4).
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || !visitor.countryCode || !DIAL_CODES[visitor.countryCode]) return;
    defaulted.current = true;
    set('country', visitor.countryCode);
    set('countryPhone', DIAL_CODES[visitor.countryCode] ?? '');
  }, [visitor.countryCode, set]);

  const applyUsername = useMemo(() => (error: string | undefined) => setExternal('username', error), [setExternal]);
  const applyPromo = useMemo(() => (error: string | undefined) => setExternal('promo_code', error), [setExternal]);
  useDebouncedCheck(form.values.username, checkUsername, applyUsername);
  useDebouncedCheck(form.values.promo_code, checkPromoCode, applyPromo);
  // The phone's length rule is in the schema; debouncing only delays when it shows.
  const [phoneShown, setPhoneShown] = useState(false);
  useEffect(() => {
    if (form.values.phone_number1 === '') return;
    const timer = setTimeout(() => setPhoneShown(true), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [form.values.phone_number1]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPhoneShown(true);
    const data = await form.submit();
    if (!data || busy) return;
    setBusy(true);
    setRefusal(undefined);
    $overlay.set(true);
    const outcome = await register({
      ...form.values,
      // form.submit() has checked the box.
      checkTerms: true,
      phone_number: `${form.values.countryPhone}${form.values.phone_number1}`,
    });
    if (outcome.ok) onRegistered({ username: data.username, password: form.values.password });
    $overlay.set(false);
    setBusy(false);
    if (outcome.ok) return;
    for (const [field, key] of Object.entries(outcome.errors ?? {})) setExternal(field, key);
    if (outcome.errors) return;
    if (outcome.refused) setRefusal(outcome.message);
    else if (outcome.httpStatus === 429) setRefusal('too_many_attempts');
    // Registration errors are otherwise only logged (SPEC §8).
    else console.error('registration failed', outcome.cause);
  }

  const text = (name: keyof typeof form.values, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      name={name}
      value={String(form.values[name] ?? '')}
      onValue={(value) => set(name, value as never)}
      onBlur={() => form.touch(name)}
      error={msg(name)}
      valid={Boolean(form.touched[name] && !form.errors[name])}
      {...extra}
    />
  );

  return (
    <form ref={form.ref} className={`register-form register-${variant}`} onSubmit={submit} noValidate>
      {refusal === 'IPEXIST' && (
        <p className="alert alert-danger" role="alert">
          {t.account_exist_with_ip}{' '}
          <button type="button" className="link-button" onClick={() => openModal('login', { redirect: true })}>
            {t.click_here_for_login}
          </button>
        </p>
      )}
      {refusal && refusal !== 'IPEXIST' && (
        <p className="alert alert-danger" role="alert">
          {v[refusal] ?? v.action_failed}
        </p>
      )}
      <fieldset>
        <legend>{t.account_details}</legend>
        {text('username', t.username, { autoComplete: 'username', required: true })}
        {text('password', t.password, { type: 'password', autoComplete: 'new-password', required: true })}
        {text('confirmPassword', t.confirm_password, { type: 'password', autoComplete: 'new-password', required: true })}
        {text('email', t.email, { type: 'email', autoComplete: 'email', required: true })}
      </fieldset>
      <fieldset>
        <legend>{t.personal_details}</legend>
        <div className="field-row">
          {text('first_name', t.first_name, { autoComplete: 'given-name', required: true })}
          {text('last_name', t.last_name, { autoComplete: 'family-name', required: true })}
        </div>
        <div className="field-row">
          {text('birthday', t.birthday, { type: 'date', max: maxBirthday, required: true })}
          <div className="field">
            <span className="field-label" id="gender-label">
              {t.gender}
            </span>
            <div className="radios" role="radiogroup" aria-labelledby="gender-label">
              {(['male', 'female'] as const).map((g) => (
                <label key={g}>
                  <input type="radio" name="gender" value={g} checked={form.values.gender === g} onChange={() => set('gender', g)} /> {t[`gender_${g}`]}
                </label>
              ))}
            </div>
          </div>
        </div>
        <div className={`field${msg('country') ? ' is-invalid' : ''}`}>
          <label htmlFor="reg-country">{t.country}</label>
          <LazyOptionsSelect
            id="reg-country"
            name="country"
            autoComplete="country"
            value={form.values.country}
            onChange={(e) => {
              set('country', e.target.value);
              set('countryPhone', DIAL_CODES[e.target.value] ?? form.values.countryPhone);
            }}
            current={<option value={form.values.country}>{form.values.country ? countryName(form.values.country) : t.choose_country}</option>}
            options={() => [
              <option key="" value="">
                {t.choose_country}
              </option>,
              ...countryOptions(LANGUAGE_TAG[locale]).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              )),
            ]}
            onBlur={() => form.touch('country')}
            aria-invalid={msg('country') ? true : undefined}
            aria-describedby={msg('country') ? 'reg-country-feedback' : undefined}
          />
          {msg('country') && (
            <span id="reg-country-feedback" className="feedback" role="alert">
              {msg('country')}
            </span>
          )}
        </div>
        {text('city', t.city, { autoComplete: 'address-level2', required: true })}
        {text('address', t.address, { autoComplete: 'street-address', required: true })}
        {text('postal_code', t.postal_code, { autoComplete: 'postal-code', required: true })}
        <PhoneField
          label={t.phone_number}
          dialLabel={t.dial_code}
          dialChoose={t.choose_dial_code}
          dial={form.values.countryPhone}
          local={form.values.phone_number1}
          onDial={(dial) => set('countryPhone', dial)}
          onLocal={(local) => set('phone_number1', local)}
          onBlur={() => form.touch('phone_number1')}
          error={phoneShown ? (msg('phone_number1') ?? msg('countryPhone')) : undefined}
        />
        <div className="field">
          <label htmlFor="reg-language">{t.interface_language}</label>
          <select
            id="reg-language"
            name="interface_local"
            value={form.values.interface_local}
            onChange={(e) => set('interface_local', e.target.value as Locale)}
          >
            {SIGN_UP_LOCALES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGES[code].native}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset>
        {variant === 'modal' ? (
          <button type="button" className="link-button" aria-expanded={promoOpen} onClick={() => setPromoOpen(!promoOpen)}>
            {t.have_promo_code}
          </button>
        ) : (
          <legend>{t.have_promo_code}</legend>
        )}
        {promoOpen && (
          <>
            {text('promo_code', t.promo_code, { autoComplete: 'off' })}
            <p className="hint">{t.promo_description_text}</p>
          </>
        )}
      </fieldset>
      <div className={`field check${form.errorOf('checkTerms') ? ' is-invalid' : ''}`}>
        <label>
          <input
            type="checkbox"
            name="checkTerms"
            checked={form.values.checkTerms}
            onChange={(e) => set('checkTerms', e.target.checked)}
            aria-describedby="reg-terms-feedback"
          />{' '}
          {t.accept_terms_before}{' '}
          <a href={localizePath('/terms-of-use', locale)} target="_blank" rel="noopener">
            {t.terms_and_conditions}
          </a>{' '}
          {t.accept_terms_after}
        </label>
        {msg('checkTerms') && (
          <span id="reg-terms-feedback" className="feedback" role="alert">
            {msg('checkTerms')}
          </span>
        )}
      </div>
      <div className="field check">
        <label>
          <input type="checkbox" name="notify_newletter" checked={form.values.notify_newletter} onChange={(e) => set('notify_newletter', e.target.checked)} />{' '}
          {t.newsletter}
        </label>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t.register}
        </button>
        <span>{t.age_statement}</span>
      </div>
    </form>
  );
}
