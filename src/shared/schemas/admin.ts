import { z } from './common.ts';

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'invalid_country')
  .transform((c) => c.toUpperCase());
const ipAddress = z.union([z.ipv4(), z.ipv6()], { error: 'invalid_ip' });

/** Operator changes to the site settings; only the fields sent change. */
export const updateSettingParams = z
  .object({
    country_black_list: z.array(countryCode).max(250).optional(),
    ip_black_list: z.array(ipAddress).max(10_000).optional(),
    one_account_per_ip: z.boolean().optional(),
    password_min_length: z.number().int().min(3, 'password_validation').max(128).optional(),
    chat_script_url: z
      .url({ protocol: /^https$/, error: 'invalid_url' })
      .nullable()
      .optional(),
  })
  .strict();
