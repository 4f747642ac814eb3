import { isWalletCurrency } from '../money.ts';
import { isCountryCode } from '../player-rules.ts';
import { text, z } from './common.ts';

const countryCode = text({ max: 2, trim: true, tooLong: 'invalid_country' })
  .regex(/^[A-Za-z]{2}$/, 'invalid_country')
  .transform((c) => c.toUpperCase());
/** An ISO 4217 code a wallet can be kept in (two minor digits): INR, EUR, USD … */
const walletCurrency = text({ max: 3, trim: true, tooLong: 'invalid_currency' })
  .transform((c) => c.toUpperCase())
  .refine((c) => isWalletCurrency(c), 'invalid_currency');
const ipAddress = text({ max: 45, tooLong: 'invalid_ip' }).pipe(z.union([z.ipv4(), z.ipv6()], { error: 'invalid_ip' }));

const profileName = text({ max: 32, trim: true, tooLong: 'invalid_value' }).regex(/^[a-z][a-z0-9_-]{0,31}$/, 'invalid_value');

/** One jurisdiction profile: every rule given (a partial profile would leave a rule to chance). */
const jurisdictionProfile = z
  .object({
    verification_before_play: z.boolean(),
    verification_before_withdrawal: z.boolean(),
    credit_card_deposits: z.boolean(),
    withdrawal_cancel: z.boolean(),
    password_min_length: z.number().int().min(3, 'password_validation').max(128),
    refuse_common_passwords: z.boolean(),
    guest_free_play: z.boolean(),
    licence_notice: z.boolean(),
    reality_check_minutes: z.number().int().min(20).max(60).nullable(),
  })
  .strict();

/** Operator changes to the site settings; only the fields sent change. */
export const updateSettingParams = z
  .object({
    country_black_list: z.array(countryCode).max(250).optional(),
    ip_black_list: z.array(ipAddress).max(10_000).optional(),
    one_account_per_ip: z.boolean().optional(),
    password_min_length: z.number().int().min(3, 'password_validation').max(128).optional(),
    /** The wallet currency of new players by country (`{ IN: 'INR' }`); replaces the whole map. Existing players keep theirs. */
    currency_by_country: z
      .record(
        text({ max: 2, trim: true, tooLong: 'invalid_country' }).refine((c) => isCountryCode(c.toUpperCase()), 'invalid_country'),
        walletCurrency,
      )
      .refine((m) => Object.keys(m).length <= 250, 'invalid_value')
      .optional(),
    /** Jurisdiction profiles by name; replaces the whole set, which must keep `default`. */
    jurisdiction_profiles: z
      .record(profileName, jurisdictionProfile)
      .refine((m) => 'default' in m && Object.keys(m).length <= 50, 'invalid_value')
      .optional(),
    /** The profile each country uses (`{ GB: 'strict' }`); replaces the whole map. */
    jurisdiction_by_country: z
      .record(
        text({ max: 2, trim: true, tooLong: 'invalid_country' }).refine((c) => isCountryCode(c.toUpperCase()), 'invalid_country'),
        profileName,
      )
      .refine((m) => Object.keys(m).length <= 250, 'invalid_value')
      .optional(),
    chat_script_url: text({ max: 2000 })
      .pipe(z.url({ protocol: /^https$/, error: 'invalid_url' }))
      .nullable()
      .optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    // A country may only name a profile that exists (in this change, or already when only the map changes, checked by the route).
    if (!p.jurisdiction_by_country || !p.jurisdiction_profiles) return;
    for (const [country, name] of Object.entries(p.jurisdiction_by_country))
      if (!(name in p.jurisdiction_profiles)) ctx.addIssue({ code: 'custom', path: ['jurisdiction_by_country', country], message: 'invalid_value' });
  });
