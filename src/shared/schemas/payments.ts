// Payment calls (contract §12.3–§12.5, §14, §15): the deposit calls of every processor,
// the withdrawal request with its bank form, and the cashier desk's staff calls.
// Messages are catalogue keys. Body ids (`playerId`) are accepted and ignored.
// Card data is never taken: the deposit form posts it to the provider's tokenizing
// endpoint and sends us `cardToken`; a `cardForm` an older client sends is not read.
import { validIban, usesIban, validSwift } from '../iban.ts';
import { isLocale } from '../locales.ts';
import { cryptoAddressShape, validWalletAccount } from '../payout.ts';
import { toCents } from '../money.ts';
import { text, z } from './common.ts';

const id = z.union([
  z.number().int().positive(),
  text({ max: 10, trim: true })
    .regex(/^\d{1,9}$/, 'invalid_value')
    .transform(Number),
]);

/** An amount the player typed (number or text, at most two decimals), in cents; > 0. */
export const amountCents = z.union([z.number(), text({ max: 30, trim: true, tooLong: 'invalid_value' })]).transform((v, ctx) => {
  const cents = toCents(v);
  if (cents === undefined || cents < 1) {
    ctx.addIssue({ code: 'custom', message: 'invalid_amount' });
    return z.NEVER;
  }
  return cents;
});

const optionalText = (max: number) =>
  z
    .union([text({ max, trim: true, tooLong: 'invalid_value' }), z.null()])
    .optional()
    .transform((v) => v || undefined);

/** Contract §15.2 plus `paymentId` (which processor, when one call serves several), `cardToken` and the page's `locale`. */
export const depositParams = z
  .object({
    paymentId: id.optional(),
    amount: z
      .union([amountCents, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' || v === null ? undefined : v)),
    promotion: optionalText(50),
    paymentMethod: z
      .union([z.number().int().transform(String), text({ max: 40, trim: true, tooLong: 'invalid_value' }), z.null()])
      .optional()
      .transform((v) => (v === null ? undefined : v)),
    coin: optionalText(20),
    cardToken: optionalText(2100),
    locale: optionalText(5).refine((v) => v === undefined || v === 'en' || isLocale(v), 'invalid_value'),
  })
  .loose();

export const processorListParams = z.object({ country: optionalText(2) }).loose();

/** Contract §14.3's bank form; only the bank processors read it. */
export const bankForm = z
  .object({
    accountNumber: text({ max: 40, trim: true }).min(1, 'field_required'),
    beneficiaryName: text({ max: 100, trim: true }).min(2, 'field_required'),
    swiftCode: text({ max: 15, trim: true }).min(1, 'field_required'),
    bankName: text({ max: 100, trim: true }).min(2, 'field_required'),
    city: text({ max: 100, trim: true }).min(1, 'field_required'),
    zipCode: text({ max: 20, trim: true }).min(1, 'field_required'),
    registrationAddress: text({ max: 200, trim: true }).min(5, 'field_required'),
    country: text({ max: 2, trim: true }).regex(/^[A-Za-z]{2}$/, 'invalid_value'),
  })
  .superRefine((f, ctx) => {
    const account = f.accountNumber.replace(/\s+/g, '');
    if (usesIban(f.country)) {
      if (!validIban(account, f.country)) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'iban_invalid' });
    } else if (!/^[A-Z0-9]{5,34}$/i.test(account)) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'account_number_invalid' });
    if (!validSwift(f.swiftCode)) ctx.addIssue({ code: 'custom', path: ['swiftCode'], message: 'swift_invalid' });
  });

export type BankForm = z.output<typeof bankForm>;

/** An e-wallet processor's destination: the player's account there. */
export const walletAccount = z.object({
  account: text({ max: 100, trim: true }).min(1, 'field_required').refine(validWalletAccount, 'wallet_account_invalid'),
});

/** A crypto processor's destination: the coin (one the processor names) and an address of it (its checksum is checked by the server). */
export const cryptoAddress = z
  .object({
    coin: text({ max: 20, trim: true }).min(1, 'field_required'),
    address: text({ max: 120, trim: true }).min(1, 'field_required'),
  })
  .superRefine((d, ctx) => {
    if (d.address && !cryptoAddressShape(d.coin, d.address)) ctx.addIssue({ code: 'custom', path: ['address'], message: 'crypto_address_invalid' });
  });

/** Where the money goes is required by the processor's kind (src/shared/payout.ts): the server asks for the one its processor needs. */
export const withdrawalParams = z
  .object({
    paymentId: id,
    amount: amountCents,
    bankForm: bankForm.optional(),
    walletAccount: walletAccount.optional(),
    cryptoAddress: cryptoAddress.optional(),
    forfeitBonus: z.boolean().default(false),
  })
  .loose();

export const eupaymentTransactionParams = z.object({}).loose();

// The cashier desk (staff).
export const paymentIdParams = z.object({ id }).loose();
export const rejectParams = z.object({ id, reason: text({ max: 200, trim: true }).default('') }).loose();
export const playerPaymentsParams = z.object({ playerId: id }).loose();
const limitCents = z.union([z.number().int().min(0), z.null()]);
export const updateProcessorParams = z
  .object({
    id,
    enabled: z.boolean().optional(),
    fee_bp: z.number().int().min(0).max(10_000).optional(),
    fee_fixed: z.number().int().min(0).optional(),
    currency: text({ max: 3 })
      .regex(/^[A-Z]{3}$/, 'invalid_value')
      .optional(),
    min_deposit: z.number().int().min(1).optional(),
    max_deposit: limitCents.optional(),
    daily_limit: limitCents.optional(),
    min_withdraw: z.number().int().min(1).optional(),
    max_withdraw: limitCents.optional(),
  })
  .loose();
