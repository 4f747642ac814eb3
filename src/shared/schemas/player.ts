// The player's forms — registration, profile, password change — as one set of rules
// that the sign-up island and the server both run. Messages are catalogue keys.
import { LOCALES } from '../locales.ts';
import { text, z } from './common.ts';
import { ageOn, FIELD_LIMITS, isCountryCode, MIN_PHONE_DIGITS, MINIMUM_AGE, PASSWORD_MIN_LENGTH } from '../player-rules.ts';

export { ageOn, FIELD_LIMITS, isCountryCode, latestBirthday, MIN_PHONE_DIGITS, MINIMUM_AGE, PASSWORD_MIN_LENGTH, SIGN_UP_LOCALES } from '../player-rules.ts';

/** Usernames: letters, digits, dot, dash and underscore; 3 to 30 of them. */
export const username = text({ max: FIELD_LIMITS.username, trim: true, tooLong: 'username_too_long' })
  .min(1, 'field_required')
  .min(FIELD_LIMITS.usernameMin, 'username_too_short')
  .regex(/^[\p{L}\p{N}._-]*$/u, 'username_invalid');

export const validatePlayerNameParams = z.object({ username }).loose();

/** A new password: at least `min` characters (SPEC: 3; settings may ask for more). */
export function newPassword(min: number = PASSWORD_MIN_LENGTH) {
  return text({ max: FIELD_LIMITS.password, tooLong: 'password_too_long' }).min(1, 'field_required').min(min, 'password_validation');
}

// Only its match with the password matters; the bound just keeps absurd input out.
const passwordConfirmation = text({ max: 1000 }).min(1, 'field_required');

export const email = text({ max: FIELD_LIMITS.email, trim: true, tooLong: 'email_too_long' }).min(1, 'field_required').pipe(z.email('email_validation'));

/** A required text, trimmed, at most `max` characters; one line unless `multiline`. */
export function requiredText(max: number, { multiline = false }: { multiline?: boolean } = {}) {
  return text({ max, multiline, trim: true }).min(1, 'field_required');
}

export const country = text({ max: 2, trim: true, tooLong: 'country_validation' })
  .toUpperCase()
  .min(1, 'country_validation')
  .refine((code) => isCountryCode(code), 'country_validation');

export const gender = z.enum(['male', 'female'], { error: 'invalid_value' });

export const interfaceLocal = z.enum(LOCALES, { error: 'invalid_value' });

/** The dial code as `+49`, from the picker's `{ text, value }` object or a plain string. */
export const countryPhone = z
  .union([text({ max: 10, tooLong: 'phone_number_validation' }), z.object({ value: text({ max: 10, tooLong: 'phone_number_validation' }) }).loose()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'field_required' : 'phone_number_validation'),
  })
  .transform((v) => (typeof v === 'string' ? v : v.value).trim().replace(/^\+?/, '+'))
  .refine((dial) => /^\+\d{1,4}$/.test(dial), 'phone_number_validation');

/** The local part of the phone number: digits only. */
export const localPhone = text({ max: FIELD_LIMITS.phoneDigits, trim: true, tooLong: 'phone_number_too_long' })
  .min(1, 'field_required')
  .regex(/^\d+$/, 'phone_number_validation');

/** A whole number as stored: `+` and 7 to 15 digits. */
export const fullPhone = text({ max: 1 + FIELD_LIMITS.phoneDigits, trim: true, tooLong: 'phone_number_too_long' })
  .min(1, 'field_required')
  .regex(/^\+\d+$/, 'phone_number_validation')
  .refine((v) => v.length - 1 >= MIN_PHONE_DIGITS, 'phone_number_length_check');

export const birthday = text({ max: 10, trim: true, tooLong: 'birthday_validation' })
  .min(1, 'field_required')
  .superRefine((value, ctx) => {
    const age = ageOn(value);
    if (age === undefined || age > 130) ctx.addIssue({ code: 'custom', message: 'birthday_validation', input: value });
    else if (age < MINIMUM_AGE) ctx.addIssue({ code: 'custom', message: 'age_restriction', input: value });
  });

/** Optional promo code: empty means none. */
export const promoCode = text({ max: FIELD_LIMITS.promoCode, trim: true, tooLong: 'invalid_promo_code' })
  .nullish()
  .transform((v) => (v ? v : null));

// Fields the browser fills in by itself: a bad value is dropped, never shown as an error.
const trackingCode = z
  .unknown()
  .optional()
  .transform((v) => {
    const text = typeof v === 'string' ? v.trim() : '';
    return /^[\w.~-]+$/.test(text) && text.length <= FIELD_LIMITS.trackingCode ? text : null;
  });
const ipHint = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && z.union([z.ipv4(), z.ipv6()]).safeParse(v.trim()).success ? v.trim() : null));

type PhoneParts = { countryPhone?: unknown; phone_number1?: unknown };

/** Dial code and local number together: at least 7 and at most 15 digits. */
function checkPhoneLength(value: PhoneParts, ctx: z.core.$RefinementCtx<unknown>): void {
  if (typeof value.countryPhone !== 'string' || typeof value.phone_number1 !== 'string') return;
  if (!/^\+\d+$/.test(value.countryPhone) || !/^\d+$/.test(value.phone_number1)) return;
  const digits = value.countryPhone.length - 1 + value.phone_number1.length;
  if (digits < MIN_PHONE_DIGITS) ctx.addIssue({ code: 'custom', message: 'phone_number_length_check', path: ['phone_number1'], input: value.phone_number1 });
  else if (digits > FIELD_LIMITS.phoneDigits)
    ctx.addIssue({ code: 'custom', message: 'phone_number_too_long', path: ['phone_number1'], input: value.phone_number1 });
}

function checkConfirmation(password: unknown, confirmation: unknown, ctx: z.core.$RefinementCtx<unknown>, path: string): void {
  if (typeof confirmation === 'string' && confirmation !== '' && confirmation !== password) {
    ctx.addIssue({ code: 'custom', message: 'confirm_password_validation', path: [path], input: confirmation });
  }
}

// Cross-field rules run even when another field fails, so the form shows every problem at
// once; but never on a body that is not an object at all.
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/**
 * `front/register_player`: the sign-up form as the browser holds it. `phone_number` is
 * rebuilt from the dial code and the local number; the body's copy is not trusted.
 */
export function registerPlayerParams(passwordMinLength: number = PASSWORD_MIN_LENGTH) {
  return z
    .object({
      username,
      password: newPassword(passwordMinLength),
      confirmPassword: passwordConfirmation,
      email,
      countryPhone,
      phone_number1: localPhone,
      phone_number: z.unknown().optional(),
      city: requiredText(FIELD_LIMITS.city),
      country,
      promo_code: promoCode,
      gender: gender.default('male'),
      birthday,
      first_name: requiredText(FIELD_LIMITS.firstName),
      last_name: requiredText(FIELD_LIMITS.lastName),
      address: requiredText(FIELD_LIMITS.address),
      postal_code: requiredText(FIELD_LIMITS.postalCode),
      interface_local: interfaceLocal.default('en'),
      checkTerms: z.literal(true, { error: 'accept_terms' }),
      notify_newletter: z
        .boolean()
        .nullish()
        .transform((v) => v ?? false),
      tracking_code: trackingCode,
      ip_address: ipHint,
    })
    .superRefine((v, ctx) => {
      checkConfirmation(v.password, v.confirmPassword, ctx, 'confirmPassword');
      checkPhoneLength(v, ctx);
    }, always)
    .transform(({ phone_number: _ignored, ...v }) => ({ ...v, phone_number: `${v.countryPhone}${v.phone_number1}` }));
}

/** The sign-up form with SPEC's minimum password length, for the browser. */
export const registerPlayerForm = registerPlayerParams();
export type RegisterPlayerForm = z.input<typeof registerPlayerForm>;
export type RegisterPlayer = z.output<typeof registerPlayerForm>;

/**
 * `front/update_profile`: the browser sends the whole profile back; only these fields
 * can change, and every other key (balances, email, username, scope, id …) is dropped.
 * A new phone comes as dial code + local number, or as one `+…` string.
 */
export const updateProfileParams = z
  .object({
    gender: gender.optional(),
    address: requiredText(FIELD_LIMITS.address).optional(),
    postal_code: requiredText(FIELD_LIMITS.postalCode).optional(),
    city: requiredText(FIELD_LIMITS.city).optional(),
    country: country.optional(),
    countryPhone: countryPhone.optional(),
    phone_number1: localPhone.optional(),
    phone_number: z.unknown().optional(),
    interface_local: interfaceLocal.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.countryPhone !== undefined && v.phone_number1 !== undefined) checkPhoneLength(v, ctx);
    else if (v.phone_number !== undefined && v.phone_number !== null) {
      const parsed = fullPhone.safeParse(v.phone_number);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'phone_number_validation', path: ['phone_number'], input: v.phone_number });
    }
  }, always)
  .transform(({ countryPhone: dial, phone_number1: local, phone_number: whole, ...rest }) => {
    let phone: string | undefined;
    if (dial !== undefined && local !== undefined) phone = `${dial}${local}`;
    else if (typeof whole === 'string') phone = whole.trim();
    return phone === undefined ? rest : { ...rest, phone_number: phone };
  });
export type ProfileChanges = z.output<typeof updateProfileParams>;

/** `front/update_player_password`. */
export function changePasswordParams(passwordMinLength: number = PASSWORD_MIN_LENGTH) {
  return z
    .object({
      oldPassword: text({ max: FIELD_LIMITS.password, tooLong: 'password_too_long' }).min(1, 'field_required'),
      newPassword: newPassword(passwordMinLength),
      confirmPassword: passwordConfirmation,
    })
    .superRefine((v, ctx) => checkConfirmation(v.newPassword, v.confirmPassword, ctx, 'confirmPassword'), always);
}
export const changePasswordForm = changePasswordParams();

/** `front/confirm_password_reset`: the token from the emailed link and the new password. */
export function confirmPasswordResetParams(passwordMinLength: number = PASSWORD_MIN_LENGTH) {
  return z
    .object({
      token: text({ max: 200, trim: true, tooLong: 'invalid_reset_token' }).min(1, 'field_required'),
      password: newPassword(passwordMinLength),
      confirmPassword: passwordConfirmation,
    })
    .superRefine((v, ctx) => checkConfirmation(v.password, v.confirmPassword, ctx, 'confirmPassword'), always);
}
export const confirmPasswordResetForm = confirmPasswordResetParams();

/** `front/validate_promo_code`: empty or missing counts as valid. */
export const validatePromoCodeParams = z.object({ promo_code: text({ max: 200, tooLong: 'invalid_promo_code' }).nullish() }).loose();
